"""graphql-core's verdict on every document of a corpus, as JSON on stdout.

Usage: .venv/bin/python Tests/oracle/validate.py spec/frontend

The corpus directory holds `schemas.json` (corpus folder -> schema file, relative to the
corpus) and one folder per schema. In a schema folder, each `.graphql` file is one document,
validated alone; each subfolder is a group whose `.graphql` files are validated together (a
fragment declared in one file and spread in another), as Baton validates a target.

For each document or group it prints the verdict, `valid`, `syntax` (graphql-core's parse
error: message, file, line, column) or `invalid` (every validation error with its message, its
locations and the rule that produced it). Lines and columns are 1-based; columns count Unicode
code points, as graphql-core does. The rule is found by running each of graphql-core's
specified_rules on its own and matching the error.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import graphql
from graphql import (
    DocumentNode,
    GraphQLError,
    GraphQLSchema,
    Source,
    build_ast_schema,
    parse,
    validate,
)
from graphql.language import ObjectTypeDefinitionNode
from graphql.validation import specified_rules


def load_schema(path: Path) -> GraphQLSchema:
    document = parse(Source(path.read_text(encoding="utf-8"), str(path)))
    # GitHub's published schema declares two fields of EnterpriseOwnerInfo twice
    # (repositoryDeployKeySetting and repositoryDeployKeySettingOrganizations), which
    # graphql-core refuses to build. For the oracle only, keep the first declaration of a
    # field and drop any later one; the file itself stays as published, and Baton reads it
    # as it is.
    definitions = []
    for definition in document.definitions:
        if isinstance(definition, ObjectTypeDefinitionNode) and definition.fields:
            seen: set[str] = set()
            fields = []
            for field in definition.fields:
                if field.name.value not in seen:
                    seen.add(field.name.value)
                    fields.append(field)
            if len(fields) != len(definition.fields):
                definition = ObjectTypeDefinitionNode(
                    name=definition.name,
                    description=definition.description,
                    interfaces=definition.interfaces,
                    directives=definition.directives,
                    fields=tuple(fields),
                    loc=definition.loc,
                )
        definitions.append(definition)
    # assume_valid: graphql-core 3.3 also refuses GitHub's schema for implementation fields
    # that are deprecated where the interface's field is not (Project.id, TeamDiscussion.url,
    # ...). That is a check of the schema, not of documents; the oracle takes the schema as
    # published so that only document validation is compared.
    # Directives are exactly those the SDL declares plus graphql-core's specified ones, as for
    # Baton: @defer and @stream exist only where a schema declares them (testserver/ does).
    return build_ast_schema(DocumentNode(definitions=tuple(definitions)), assume_valid=True)


def location_list(error: GraphQLError, corpus: Path) -> list[dict]:
    """Every node's location, with the file it is in (a group spans several files)."""
    result = []
    if error.nodes:
        for node in error.nodes:
            if node.loc is None:
                continue
            position = node.loc.source.get_location(node.loc.start)
            result.append(
                {
                    "file": relative(Path(node.loc.source.name), corpus),
                    "line": position.line,
                    "column": position.column,
                }
            )
    elif error.source is not None and error.locations:
        for position in error.locations:
            result.append(
                {
                    "file": relative(Path(error.source.name), corpus),
                    "line": position.line,
                    "column": position.column,
                }
            )
    return result


def relative(path: Path, corpus: Path) -> str:
    try:
        return path.resolve().relative_to(corpus.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def error_key(error: GraphQLError) -> tuple:
    nodes = tuple(
        (node.loc.source.name, node.loc.start) if node.loc else None for node in (error.nodes or ())
    )
    return (error.message, nodes)


def verdict(files: list[Path], schema: GraphQLSchema, corpus: Path) -> dict:
    definitions = []
    for file in files:
        try:
            # newline="": keep \r\n as written (read_text would turn it into \n).
            with open(file, encoding="utf-8", newline="") as handle:
                text = handle.read()
            document = parse(Source(text, str(file)))
        except GraphQLError as error:
            position = error.locations[0] if error.locations else None
            return {
                "verdict": "syntax",
                "errors": [
                    {
                        "message": error.message,
                        "locations": [
                            {
                                "file": relative(file, corpus),
                                "line": position.line if position else 0,
                                "column": position.column if position else 0,
                            }
                        ],
                        "rule": "Syntax",
                    }
                ],
            }
        definitions.extend(document.definitions)
    document = DocumentNode(definitions=tuple(definitions))
    errors = validate(schema, document)
    if not errors:
        return {"verdict": "valid", "errors": []}
    # Which rule said what: each rule on its own gives the same errors it adds to the full run.
    owner: dict[tuple, str] = {}
    for rule in specified_rules:
        for error in validate(schema, document, [rule]):
            owner.setdefault(error_key(error), rule.__name__)
    return {
        "verdict": "invalid",
        "errors": [
            {
                "message": error.message,
                "locations": location_list(error, corpus),
                "rule": owner.get(error_key(error), "unknown"),
            }
            for error in errors
        ],
    }


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: validate.py <corpus-directory>", file=sys.stderr)
        return 2
    corpus = Path(argv[1])
    schemas = json.loads((corpus / "schemas.json").read_text(encoding="utf-8"))
    documents = []
    for folder, schema_path in sorted(schemas.items()):
        schema = load_schema(corpus / schema_path)
        root = corpus / folder
        for entry in sorted(root.iterdir()):
            if entry.is_dir():
                files = sorted(entry.rglob("*.graphql"))
            elif entry.suffix == ".graphql":
                files = [entry]
            else:
                continue
            if not files:
                continue
            result = {
                "path": relative(entry, corpus),
                "schema": folder,
                "files": [relative(file, corpus) for file in files],
            }
            result.update(verdict(files, schema, corpus))
            documents.append(result)
    json.dump(
        {
            "graphqlCore": graphql.__version__,
            "rules": [rule.__name__ for rule in specified_rules],
            "documents": documents,
        },
        sys.stdout,
        indent=1,
        ensure_ascii=False,
    )
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
