"""baton-lsp over its real protocol, from pytest-lsp's client (pygls).

Run after `swift build --product baton-lsp`:  .venv/bin/pytest Tests/lsp
(BATON_LSP names another server binary.)"""
import os
import pathlib
import shutil
import tempfile

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

REPO = pathlib.Path(__file__).resolve().parents[2]
SERVER = os.environ.get("BATON_LSP", str(REPO / ".build" / "debug" / "baton-lsp"))

SCHEMA = '''
type Character {
  id: ID!
  "The character's full name."
  name: String
  nickname: String @deprecated(reason: "Use name.")
}
type Query { character(id: ID!): Character }
'''

HEADER = '''struct CharacterHeader {
    @Fragment("""
    fragment CharacterHeader_character on Character {
      id
      nmae
      ...CharacterExtra_character
    }
    """) var character: CharacterHeader_character
}
'''

EXTRA = "fragment CharacterExtra_character on Character { nickname }\n"


def make_project() -> pathlib.Path:
    root = pathlib.Path(tempfile.mkdtemp(prefix="baton-lsp-pytest-"))
    (root / "baton.json").write_text('{"schema": "schema.graphql"}')
    (root / "schema.graphql").write_text(SCHEMA)
    (root / "Sources").mkdir()
    (root / "Sources" / "Header.swift").write_text(HEADER)
    (root / "Extra.graphql").write_text(EXTRA)
    return root


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[SERVER, "--stdio"]))
async def client(lsp_client: LanguageClient):
    root = make_project()
    lsp_client.root = root
    lsp_client.init_result = await lsp_client.initialize_session(types.InitializeParams(
        capabilities=types.ClientCapabilities(
            text_document=types.TextDocumentClientCapabilities(
                publish_diagnostics=types.PublishDiagnosticsClientCapabilities(),
                hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown]),
            )),
        workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="project")],
    ))
    yield
    await lsp_client.shutdown_session()
    shutil.rmtree(root, ignore_errors=True)


async def open_header(client: LanguageClient) -> str:
    path = client.root / "Sources" / "Header.swift"
    uri = path.as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="swift", version=1, text=path.read_text())))
    while not client.diagnostics.get(uri):
        await client.wait_for_notification("textDocument/publishDiagnostics")
    return uri


def at(uri: str, line: int, character: int) -> dict:
    return dict(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=character))


async def test_diagnostic_in_the_swift_literal(client: LanguageClient):
    uri = await open_header(client)
    errors = [d for d in client.diagnostics[uri] if d.severity == types.DiagnosticSeverity.Error]
    assert [(d.range.start.line, d.range.start.character, d.range.end.character) for d in errors] == [(4, 6, 10)]
    assert errors[0].message == "Cannot query field 'nmae' on type 'Character'. Did you mean 'name'?"


async def test_completion_marks_deprecated_fields(client: LanguageClient):
    uri = await open_header(client)
    result = await client.text_document_completion_async(types.CompletionParams(**at(uri, 4, 8)))
    items = {item.label: item for item in (result.items if hasattr(result, "items") else result)}
    assert {"id", "name", "nickname", "__typename"} <= set(items)
    assert list(items["nickname"].tags) == [types.CompletionItemTag.Deprecated]
    assert items["nickname"].documentation == "Deprecated: Use name."  # plain: this client reads no Markdown
    assert items["name"].detail == "String"
    assert items["name"].text_edit.range == types.Range(start=types.Position(line=4, character=6),
                                                        end=types.Position(line=4, character=10))


async def test_hover_and_definition_across_files(client: LanguageClient):
    uri = await open_header(client)
    hover = await client.text_document_hover_async(types.HoverParams(**at(uri, 3, 7)))
    assert hover.contents.value.startswith("```graphql\nCharacter.id: ID!\n```")
    assert hover.contents.value.endswith("```swift\nvar id: Baton.ID\n```")
    definition = await client.text_document_definition_async(types.DefinitionParams(**at(uri, 5, 12)))
    location = definition[0] if isinstance(definition, list) else definition
    assert location.uri == (client.root / "Extra.graphql").as_uri()
    assert (location.range.start.line, location.range.start.character) == (0, 9)


async def test_inlay_hints_are_the_lens_types(client: LanguageClient):
    uri = await open_header(client)
    hints = await client.text_document_inlay_hint_async(types.InlayHintParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=9, character=0))))
    assert [(h.position.line, h.position.character, h.label, h.kind) for h in hints] == [
        (3, 8, ": Baton.ID", types.InlayHintKind.Type)]


async def test_semantic_tokens_of_the_swift_literal(client: LanguageClient):
    uri = await open_header(client)
    legend = client.init_result.capabilities.semantic_tokens_provider.legend.token_types
    result = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    tokens, line, character = [], 0, 0
    for at in range(0, len(result.data), 5):
        delta_line, delta_start, length, kind, _ = result.data[at:at + 5]
        character = character + delta_start if delta_line == 0 else delta_start
        line += delta_line
        tokens.append((line, character, length, legend[kind]))
    assert tokens == [
        (2, 4, 8, "keyword"), (2, 13, 25, "function"), (2, 39, 2, "keyword"), (2, 42, 9, "type"),
        (3, 6, 2, "property"), (4, 6, 4, "property"), (5, 9, 24, "function"),
    ]


async def test_quick_fix_for_the_misspelled_field(client: LanguageClient):
    uri = await open_header(client)
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=types.Range(start=types.Position(line=4, character=7), end=types.Position(line=4, character=7)),
        context=types.CodeActionContext(diagnostics=client.diagnostics[uri])))
    fix = next(a for a in actions if a.title == "Change 'nmae' to 'name'")
    assert fix.kind == types.CodeActionKind.QuickFix and fix.is_preferred
    [edit] = fix.edit.changes[uri]
    assert (edit.range.start.line, edit.range.start.character, edit.range.end.character, edit.new_text) == (4, 6, 10, "name")


async def test_rename_a_fragment_and_refuse_a_bad_name(client: LanguageClient):
    uri = await open_header(client)
    extra = (client.root / "Extra.graphql").as_uri()
    prepared = await client.text_document_prepare_rename_async(types.PrepareRenameParams(**at(uri, 5, 12)))
    assert prepared.placeholder == "CharacterExtra_character"
    edit = await client.text_document_rename_async(types.RenameParams(**at(uri, 5, 12), new_name="CharacterMore_character"))
    assert [(e.range.start.line, e.range.start.character, e.new_text) for e in edit.changes[uri]] == [
        (5, 9, "CharacterMore_character")]
    assert [(e.range.start.line, e.range.start.character) for e in edit.changes[extra]] == [(0, 9)]
    try:
        await client.text_document_rename_async(types.RenameParams(**at(uri, 5, 12), new_name="not a name"))
        raise AssertionError("a rename to an invalid name was accepted")
    except Exception as error:  # pygls raises the server's JSON-RPC error
        assert "'not a name' is not a GraphQL name" in str(error)


async def test_formatting_and_positions_past_the_end(client: LanguageClient):
    uri = await open_header(client)
    edits = await client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=types.TextDocumentIdentifier(uri=uri), options=types.FormattingOptions(tab_size=4, insert_spaces=True)))
    assert list(edits) == []  # the literal is formatted already
    assert await client.text_document_hover_async(types.HoverParams(**at(uri, 400, 3))) is None
    try:
        await client.text_document_prepare_rename_async(types.PrepareRenameParams(**at(uri, 400, 3)))
        raise AssertionError("prepareRename past the end answered")
    except Exception as error:
        assert "No GraphQL here to rename" in str(error)


async def test_workspace_symbols_and_schema_references(client: LanguageClient):
    uri = await open_header(client)
    symbols = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="header"))
    assert [(s.name, s.location.uri, s.location.range.start.line, s.location.range.start.character) for s in symbols] == [
        ("CharacterHeader_character", uri, 2, 13)]
    extra = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="XTRA"))
    assert [s.name for s in extra] == ["CharacterExtra_character"]
    # Character.id: read only in the Swift literal (Extra.graphql, not open, reads nickname).
    references = await client.text_document_references_async(types.ReferenceParams(
        **at(uri, 3, 7), context=types.ReferenceContext(include_declaration=False)))
    assert [(r.uri, r.range.start.line, r.range.start.character) for r in references] == [(uri, 3, 6)]


async def test_signature_help_past_the_end_is_empty(client: LanguageClient):
    uri = await open_header(client)
    for line, character in [(500, 0), (4, 500), (9, 0)]:
        assert await client.text_document_signature_help_async(types.SignatureHelpParams(**at(uri, line, character))) is None


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[SERVER, "--stdio"]))
async def bare_client(lsp_client: LanguageClient):
    root = pathlib.Path(tempfile.mkdtemp(prefix="baton-lsp-pytest-empty-"))
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=types.ClientCapabilities(),
        workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="empty")],
    ))
    yield
    await lsp_client.shutdown_session()
    shutil.rmtree(root, ignore_errors=True)


async def test_workspace_symbol_without_projects_is_empty(bare_client: LanguageClient):
    for query in ["", "x", "CharacterHeader"]:
        assert await bare_client.workspace_symbol_async(types.WorkspaceSymbolParams(query=query)) == []


async def test_a_file_outside_every_project_gets_a_warning_and_empty_answers(bare_client: LanguageClient):
    outside = pathlib.Path(tempfile.mkdtemp(prefix="baton-lsp-pytest-outside-")) / "Lone.graphql"
    outside.write_text("query Lone { a }\n")
    uri = outside.as_uri()
    bare_client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="graphql", version=1, text=outside.read_text())))
    while not bare_client.diagnostics.get(uri):
        await bare_client.wait_for_notification("textDocument/publishDiagnostics")
    [warning] = bare_client.diagnostics[uri]
    assert warning.severity == types.DiagnosticSeverity.Warning and "outside every Baton project" in warning.message
    assert await bare_client.text_document_hover_async(types.HoverParams(**at(uri, 0, 14))) is None
    completion = await bare_client.text_document_completion_async(types.CompletionParams(**at(uri, 0, 14)))
    assert not completion or not (completion.items if hasattr(completion, "items") else completion)
    shutil.rmtree(outside.parent, ignore_errors=True)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[SERVER, "--stdio"]))
async def broken_schema_client(lsp_client: LanguageClient):
    root = make_project()
    (root / "schema.graphql").write_text("type Query { character(id: ID!): Character\n")  # never closed
    lsp_client.root = root
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=types.ClientCapabilities(),
        workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="project")],
    ))
    yield
    await lsp_client.shutdown_session()
    shutil.rmtree(root, ignore_errors=True)


async def test_a_schema_that_does_not_parse_is_one_clear_error(broken_schema_client: LanguageClient):
    client = broken_schema_client
    uri = await open_header(client)
    messages = [d.message for d in client.diagnostics[uri] if d.severity == types.DiagnosticSeverity.Error]
    assert any("gives no usable schema" in m and "Syntax Error" in m for m in messages), messages
    completion = await client.text_document_completion_async(types.CompletionParams(**at(uri, 4, 8)))
    assert not completion or not (completion.items if hasattr(completion, "items") else completion)
    assert await client.text_document_hover_async(types.HoverParams(**at(uri, 3, 7))) is None


def test_garbage_frames_then_a_real_request_is_answered():
    import json
    import subprocess
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                       "params": {"processId": None, "rootUri": None, "capabilities": {}}}).encode()
    garbage = (b"Content-Length: abc\r\n\r\n{}" + b"\x00\xff" * 64 + b"Content-Length: 5\r\n\r\n{oops"
               + b"Content-Type: nothing\r\n\r\n")
    exit_request = json.dumps({"jsonrpc": "2.0", "method": "exit"}).encode()
    stdin = garbage + b"Content-Length: %d\r\n\r\n" % len(body) + body
    stdin += b"Content-Length: %d\r\n\r\n" % len(exit_request) + exit_request
    done = subprocess.run([SERVER, "--stdio"], input=stdin, capture_output=True, timeout=60)
    assert b'"id":1' in done.stdout.replace(b" ", b"") and b'"capabilities"' in done.stdout
    assert done.returncode in (0, 1)  # exit without shutdown is 1, as LSP says; never a crash
