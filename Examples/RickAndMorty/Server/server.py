"""The example's GraphQL server, also Baton's test server: the Rick and Morty schema
(../schema.graphql) over data.json, with mutations and subscriptions, on 127.0.0.1.

  .venv/bin/python Examples/RickAndMorty/Server/server.py --port 0   # prints "LISTENING <port>"
  ... --documents docs.json     registers {documentId: text} as persisted documents
  ... --print-schema            prints the SDL (types in the server's order) and exits

Routes:
  /graphql             POST JSON; @defer/@stream as multipart/mixed; subscriptions over
                       graphql-transport-ws (WebSocket) and graphql-sse (distinct connections);
                       persisted documents by `documentId` ("sha256:<hex>" of the text)
  /auth/graphql        401 unless `Authorization: Bearer good`
  /flaky/graphql       500 twice, then 200, per distinct `X-Flaky-Key` header
  /drop/graphql        starts a chunked body and drops the connection mid-body
  /slow/graphql?ms=N   answers after N ms
  /malformed/graphql?shape=S  a complete 200 answer a client must refuse: S is no-boundary,
                       unclosed, bad-header (multipart) or unfinished (an event stream without
                       `complete`)
  /strict/graphql      as /graphql, but a request error (errors, data null) answers 400
                       application/graphql-response+json without `data`, as the GraphQL over HTTP
                       specification says (strawberry alone always answers 200 application/json)
"""
from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import pathlib
import socket
import sys
from collections.abc import AsyncGenerator
from typing import Any
from urllib.parse import parse_qs

import strawberry
import uvicorn
from graphql import GraphQLError, print_schema
from strawberry.asgi import GraphQL
from strawberry.http import GraphQLRequestData
from strawberry.schema.config import StrawberryConfig
from strawberry.subscriptions import GRAPHQL_SSE_PROTOCOL, GRAPHQL_TRANSPORT_WS_PROTOCOL
from strawberry.types import ExecutionResult

HERE = pathlib.Path(__file__).resolve().parent
PAGE_SIZE = 20

# ----------------------------------------------------------------------------------------- data


class Data:
    """Everything the server knows, in memory; mutations change it (a fresh process per test suite)."""

    def __init__(self, raw: dict[str, Any]) -> None:
        self.characters = {c["id"]: c for c in raw["characters"]}
        self.locations = {loc["id"]: loc for loc in raw["locations"]}
        self.episodes = {e["id"]: e for e in raw["episodes"]}
        self.notes: dict[str, list[dict[str, str]]] = {k: list(v) for k, v in raw["notes"].items()}
        self.note_count = sum(len(v) for v in self.notes.values())
        # Each open noteAdded subscription's queue, by character id.
        self.note_listeners: dict[str, set[asyncio.Queue]] = {}


DATA = Data(json.loads((HERE / "data.json").read_text()))


def page_of(items: list, page: int | None) -> tuple[list, Info]:
    pages = max(1, (len(items) + PAGE_SIZE - 1) // PAGE_SIZE)
    number = page if isinstance(page, int) and page > 0 else 1
    chunk = items[(number - 1) * PAGE_SIZE : number * PAGE_SIZE]
    info = Info(
        count=len(items),
        pages=pages,
        next=number + 1 if number < pages else None,
        prev=number - 1 if number > 1 else None,
    )
    return chunk, info


def matches(item: dict[str, Any], filter_: Any, substring: tuple[str, ...]) -> bool:
    """The API's filters: `name` (and the listed fields) by case-insensitive substring, others exactly."""
    if filter_ is None or filter_ is strawberry.UNSET:
        return True
    for name, wanted in vars(filter_).items():
        if wanted is None or wanted is strawberry.UNSET:
            continue
        value = item.get(name) or ""
        if name in substring:
            if wanted.lower() not in value.lower():
                return False
        elif value.lower() != wanted.lower():
            return False
    return True


# --------------------------------------------------------------------------------------- schema


@strawberry.type
class Info:
    count: int | None = strawberry.field(description="The length of the response.")
    pages: int | None = strawberry.field(description="The amount of pages.")
    next: int | None = strawberry.field(description="Number of the next page (if it exists)")
    prev: int | None = strawberry.field(description="Number of the previous page (if it exists)")


@strawberry.type
class PageInfo:
    has_next_page: bool
    has_previous_page: bool
    start_cursor: str | None
    end_cursor: str | None


@strawberry.type
class Note:
    id: strawberry.ID
    text: str


@strawberry.type
class NoteEdge:
    cursor: str
    node: Note


@strawberry.type
class NoteConnection:
    edges: list[NoteEdge]
    page_info: PageInfo


def note_edge(index: int, note: dict[str, str]) -> NoteEdge:
    return NoteEdge(cursor=f"note-cursor:{index}", node=Note(id=strawberry.ID(note["id"]), text=note["text"]))


@strawberry.type
class Location:
    row: strawberry.Private[dict[str, Any]]

    @strawberry.field(description="The id of the location.")
    def id(self) -> strawberry.ID | None:
        return self.row.get("id")

    @strawberry.field(description="The name of the location.")
    def name(self) -> str | None:
        return self.row.get("name")

    @strawberry.field(description="The type of the location.")
    def type(self) -> str | None:
        return self.row.get("type")

    @strawberry.field(description="The dimension in which the location is located.")
    def dimension(self) -> str | None:
        return self.row.get("dimension")

    @strawberry.field(description="List of characters who have been last seen in the location.")
    def residents(self) -> list[Character | None]:
        here = self.row.get("id")
        if here is None:
            return []
        return [Character(row=c) for c in DATA.characters.values() if c.get("location") == here]

    @strawberry.field(description="Time at which the location was created in the database.")
    def created(self) -> str | None:
        return self.row.get("created")


def location_of(place: Any) -> Location | None:
    if place is None:
        return None
    if isinstance(place, dict):  # a place the API knows only by name ("unknown")
        return Location(row=place)
    row = DATA.locations.get(place)
    return Location(row=row) if row else None


@strawberry.type
class Episode:
    row: strawberry.Private[dict[str, Any]]

    @strawberry.field(description="The id of the episode.")
    def id(self) -> strawberry.ID | None:
        return self.row.get("id")

    @strawberry.field(description="The name of the episode.")
    def name(self) -> str | None:
        return self.row.get("name")

    @strawberry.field(name="air_date", description="The air date of the episode.")
    def air_date(self) -> str | None:
        return self.row.get("air_date")

    @strawberry.field(description="The code of the episode.")
    def episode(self) -> str | None:
        return self.row.get("episode")

    @strawberry.field(description="List of characters who have been seen in the episode.")
    def characters(self) -> list[Character | None]:
        return [character_of(cid) for cid in self.row.get("characters", [])]

    @strawberry.field(description="Time at which the episode was created in the database.")
    def created(self) -> str | None:
        return self.row.get("created")


@strawberry.type
class Character:
    row: strawberry.Private[dict[str, Any]]

    @strawberry.field(description="The id of the character.")
    def id(self) -> strawberry.ID | None:
        return self.row.get("id")

    @strawberry.field(description="The name of the character.")
    def name(self) -> str | None:
        return self.row.get("name")

    @strawberry.field(description="The status of the character ('Alive', 'Dead' or 'unknown').")
    def status(self) -> str | None:
        return self.row.get("status")

    @strawberry.field(description="The species of the character.")
    def species(self) -> str | None:
        return self.row.get("species")

    @strawberry.field(description="The type or subspecies of the character.")
    def type(self) -> str | None:
        return self.row.get("type")

    @strawberry.field(
        description="The gender of the character ('Female', 'Male', 'Genderless' or 'unknown')."
    )
    def gender(self) -> str | None:
        return self.row.get("gender")

    @strawberry.field(description="The character's origin location")
    async def origin(self) -> Location | None:
        # A little latency, so a deferred origin really arrives in a later part.
        await asyncio.sleep(0.02)
        return location_of(self.row.get("origin"))

    @strawberry.field(description="The character's last known location")
    def location(self) -> Location | None:
        return location_of(self.row.get("location"))

    @strawberry.field(
        description="Link to the character's image.\nAll images are 300x300px and most are medium "
        "shots or portraits since they are intended to be used as avatars."
    )
    def image(self) -> str | None:
        return self.row.get("image")

    @strawberry.field(description="Episodes in which this character appeared.")
    async def episode(self) -> list[Episode | None]:
        return [episode_of(eid) for eid in self.row.get("episode", [])]

    @strawberry.field(description="Time at which the character was created in the database.")
    def created(self) -> str | None:
        return self.row.get("created")

    @strawberry.field(description="A character's notes (the example's server adds them; not in the public API).")
    def notes(self, first: int | None = strawberry.UNSET, after: str | None = strawberry.UNSET) -> NoteConnection:
        notes = DATA.notes.get(self.row.get("id") or "", [])
        start = 0
        if isinstance(after, str):
            try:
                start = int(after.rsplit(":", 1)[1]) + 1
            except (IndexError, ValueError):
                raise GraphQLError(f"Not a cursor: {after!r}", extensions={"code": "BAD_CURSOR"})
        end = len(notes) if not isinstance(first, int) else min(len(notes), start + max(first, 0))
        edges = [note_edge(i, notes[i]) for i in range(start, end)]
        return NoteConnection(
            edges=edges,
            page_info=PageInfo(
                has_next_page=end < len(notes),
                has_previous_page=start > 0,
                start_cursor=edges[0].cursor if edges else None,
                end_cursor=edges[-1].cursor if edges else None,
            ),
        )


def character_of(cid: str) -> Character | None:
    row = DATA.characters.get(str(cid))
    return Character(row=row) if row else None


def episode_of(eid: str) -> Episode | None:
    row = DATA.episodes.get(str(eid))
    return Episode(row=row) if row else None


@strawberry.type
class Characters:
    info: Info | None
    results: list[Character | None] | None


@strawberry.type
class Locations:
    info: Info | None
    results: list[Location | None] | None


@strawberry.type
class Episodes:
    info: Info | None
    results: list[Episode | None] | None


@strawberry.input
class FilterCharacter:
    name: str | None = strawberry.UNSET
    status: str | None = strawberry.UNSET
    species: str | None = strawberry.UNSET
    type: str | None = strawberry.UNSET
    gender: str | None = strawberry.UNSET


@strawberry.input
class FilterLocation:
    name: str | None = strawberry.UNSET
    type: str | None = strawberry.UNSET
    dimension: str | None = strawberry.UNSET


@strawberry.input
class FilterEpisode:
    name: str | None = strawberry.UNSET
    episode: str | None = strawberry.UNSET


@strawberry.type
class AddNotePayload:
    note_edge: NoteEdge
    character: Character | None


@strawberry.type
class Query:
    @strawberry.field(description="Get a specific character by ID")
    def character(self, id: strawberry.ID) -> Character | None:
        return character_of(id)

    @strawberry.field(description="Get the list of all characters")
    def characters(self, page: int | None = strawberry.UNSET, filter: FilterCharacter | None = strawberry.UNSET) -> Characters | None:
        rows = [c for c in DATA.characters.values() if matches(c, filter, ("name", "species", "type"))]
        chunk, info = page_of(rows, page)
        return Characters(info=info, results=[Character(row=c) for c in chunk])

    @strawberry.field(description="Get a list of characters selected by ids")
    def characters_by_ids(self, ids: list[strawberry.ID]) -> list[Character | None] | None:
        return [character_of(i) for i in ids]

    @strawberry.field(description="Get a specific locations by ID")
    def location(self, id: strawberry.ID) -> Location | None:
        return location_of(str(id))

    @strawberry.field(description="Get the list of all locations")
    def locations(self, page: int | None = strawberry.UNSET, filter: FilterLocation | None = strawberry.UNSET) -> Locations | None:
        rows = [loc for loc in DATA.locations.values() if matches(loc, filter, ("name", "type", "dimension"))]
        chunk, info = page_of(rows, page)
        return Locations(info=info, results=[Location(row=loc) for loc in chunk])

    @strawberry.field(description="Get a list of locations selected by ids")
    def locations_by_ids(self, ids: list[strawberry.ID]) -> list[Location | None] | None:
        return [location_of(str(i)) for i in ids]

    @strawberry.field(description="Get a specific episode by ID")
    def episode(self, id: strawberry.ID) -> Episode | None:
        return episode_of(id)

    @strawberry.field(description="Get the list of all episodes")
    def episodes(self, page: int | None = strawberry.UNSET, filter: FilterEpisode | None = strawberry.UNSET) -> Episodes | None:
        rows = [e for e in DATA.episodes.values() if matches(e, filter, ("name", "episode"))]
        chunk, info = page_of(rows, page)
        return Episodes(info=info, results=[Episode(row=e) for e in chunk])

    @strawberry.field(description="Get a list of episodes selected by ids")
    def episodes_by_ids(self, ids: list[strawberry.ID]) -> list[Episode | None] | None:
        return [episode_of(i) for i in ids]


@strawberry.type
class Mutation:
    @strawberry.mutation(description="Sets a character's status and answers with the character.")
    def set_status(self, id: strawberry.ID, status: str) -> Character | None:
        row = DATA.characters.get(str(id))
        if row is None:
            return None
        row["status"] = status
        return Character(row=row)

    @strawberry.mutation(description="Adds a note to a character.")
    def add_note(self, character_id: strawberry.ID, text: str) -> AddNotePayload | None:
        row = DATA.characters.get(str(character_id))
        if row is None:
            raise GraphQLError(f"No character with id {character_id}", extensions={"code": "NOT_FOUND"})
        notes = DATA.notes.setdefault(str(character_id), [])
        DATA.note_count += 1
        note = {"id": f"note-{DATA.note_count}", "text": text}
        notes.append(note)
        edge = note_edge(len(notes) - 1, note)
        for queue in list(DATA.note_listeners.get(str(character_id), ())):
            queue.put_nowait(edge)
        return AddNotePayload(note_edge=edge, character=Character(row=row))


STATUS_CYCLE = ["Alive", "Dead", "unknown"]


@strawberry.type
class Subscription:
    @strawberry.subscription(
        description="The character each time its status changes: `count` changes `intervalMs` apart, then complete."
    )
    async def status_changed(
        self, id: strawberry.ID, count: int = 3, interval_ms: int = 100
    ) -> AsyncGenerator[Character | None, None]:
        row = DATA.characters.get(str(id))
        if row is None:
            raise GraphQLError(f"No character with id {id}", extensions={"code": "NOT_FOUND"})
        for index in range(count):
            if index:
                await asyncio.sleep(interval_ms / 1000)
            current = row.get("status")
            at = STATUS_CYCLE.index(current) if current in STATUS_CYCLE else -1
            row["status"] = STATUS_CYCLE[(at + 1) % len(STATUS_CYCLE)]
            yield Character(row=row)

    @strawberry.subscription(description="Notes added to a character (by addNote) until `limit` of them, if given.")
    async def note_added(
        self, character_id: strawberry.ID, limit: int | None = strawberry.UNSET
    ) -> AsyncGenerator[NoteEdge | None, None]:
        queue: asyncio.Queue = asyncio.Queue()
        listeners = DATA.note_listeners.setdefault(str(character_id), set())
        listeners.add(queue)
        try:
            sent = 0
            while not isinstance(limit, int) or sent < limit:
                yield await queue.get()
                sent += 1
        finally:
            listeners.discard(queue)

    @strawberry.subscription(description="start, start-1, … 0, then complete (a deterministic stream for tests).")
    async def countdown(self, start: int, interval_ms: int = 0) -> AsyncGenerator[int, None]:
        for value in range(start, -1, -1):
            yield value
            if interval_ms and value:
                await asyncio.sleep(interval_ms / 1000)


SCHEMA = strawberry.Schema(
    query=Query,
    mutation=Mutation,
    subscription=Subscription,
    config=StrawberryConfig(enable_experimental_incremental_execution=True),
)

# --------------------------------------------------------------------------- persisted documents

# Registered at start: what tests and the example ask for by id.
BUILT_IN_DOCUMENTS = [
    "query CharacterName($id:ID!){character(id:$id){id,name}}",
    "query CharacterStatus($id:ID!){character(id:$id){id,name,status}}",
    "subscription Countdown($start:Int!){countdown(start:$start)}",
]


def document_id(text: str) -> str:
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


class Documents:
    """Persisted documents by id: `sha256:<hex>` of the text, also found by the bare hex."""

    def __init__(self) -> None:
        self.texts: dict[str, str] = {}

    def register(self, key: str, text: str) -> None:
        bare = key.removeprefix("sha256:")
        self.texts[bare] = text

    def text(self, key: str) -> str | None:
        return self.texts.get(key.removeprefix("sha256:"))


DOCUMENTS = Documents()
for _text in BUILT_IN_DOCUMENTS:
    DOCUMENTS.register(document_id(_text), _text)


class RickAndMortyGraphQL(GraphQL):
    """Strawberry's ASGI view, without the IDE, with `documentId` resolved to its text."""

    def should_render_graphql_ide(self, request) -> bool:
        return False

    async def parse_http_body(self, request):
        data = await super().parse_http_body(request)
        if not isinstance(data, GraphQLRequestData) or data.query:
            return data
        if request.method == "GET":
            key = request.query_params.get("documentId")
        else:
            try:
                raw = json.loads(await request.get_body())
            except ValueError:
                raw = None
            key = raw.get("documentId") if isinstance(raw, dict) else None
        if not isinstance(key, str):
            return data
        text = DOCUMENTS.text(key)
        if text is None:
            # Marked for execute_operation, which answers a GraphQL error instead of strawberry's 400.
            data.__dict__["unknown_document"] = key
        else:
            data.query = text
        return data

    async def execute_operation(self, request, request_adapter, request_data, context, root_value, sub_response):
        unknown = getattr(request_data, "unknown_document", None)
        if unknown is not None:
            error = GraphQLError(f"No persisted document {unknown}", extensions={"code": "PERSISTED_QUERY_NOT_FOUND"})
            return ExecutionResult(data=None, errors=[error])
        return await super().execute_operation(
            request=request,
            request_adapter=request_adapter,
            request_data=request_data,
            context=context,
            root_value=root_value,
            sub_response=sub_response,
        )


GRAPHQL = RickAndMortyGraphQL(
    SCHEMA,
    graphql_ide=None,
    subscription_protocols=(GRAPHQL_TRANSPORT_WS_PROTOCOL, GRAPHQL_SSE_PROTOCOL),
)

# ------------------------------------------------------------------------------------ test routes


PART = b'\r\nContent-Type: application/json\r\n\r\n{"data":{"character":{"id":"1"}},"hasNext":true}\r\n'
# Answers whose framing is wrong in one way each (the status and length are right).
MALFORMED = {
    "no-boundary": (b"multipart/mixed", b"---" + PART + b"-----\r\n"),
    "unclosed": (b'multipart/mixed; boundary="-"', b"---" + PART),
    "bad-header": (b'multipart/mixed; boundary="-"', b"---\r\nnot a header\r\n\r\n{}\r\n-----\r\n"),
    "unfinished": (b"text/event-stream", b'event: next\r\ndata: {"data":{"countdown":1}}\r\n\r\n'),
}


def header(scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return value.decode("latin-1")
    return None


async def answer(send, status: int, body: bytes, content_type: bytes = b"application/json") -> None:
    await send({
        "type": "http.response.start",
        "status": status,
        "headers": [(b"content-type", content_type), (b"content-length", str(len(body)).encode())],
    })
    await send({"type": "http.response.body", "body": body})


def strict(send):
    """A `send` that holds a single JSON answer and rewrites a request error to the strict form."""
    held: dict[str, Any] = {}

    async def strict_send(message):
        if message["type"] == "http.response.start":
            content_type = dict(message.get("headers", [])).get(b"content-type", b"")
            if message["status"] == 200 and content_type.startswith(b"application/json"):
                held["start"] = message
                held["body"] = b""
                return
        elif message["type"] == "http.response.body" and "start" in held:
            held["body"] += message.get("body", b"")
            if message.get("more_body"):
                return
            start, body = held.pop("start"), held.pop("body")
            try:
                result = json.loads(body)
            except ValueError:
                result = None
            if isinstance(result, dict) and result.get("data") is None and result.get("errors"):
                body = json.dumps({"errors": result["errors"]}, separators=(",", ":")).encode()
                start = {
                    "type": "http.response.start",
                    "status": 400,
                    "headers": [
                        (b"content-type", b"application/graphql-response+json; charset=utf-8"),
                        (b"content-length", str(len(body)).encode()),
                    ],
                }
            await send(start)
            return await send({"type": "http.response.body", "body": body})
        await send(message)

    return strict_send


class FlakyCounts:
    """How many requests each `X-Flaky-Key` made: the first two fail."""

    failures = 2

    def __init__(self) -> None:
        self.seen: dict[str, int] = {}

    def fails(self, key: str) -> int | None:
        count = self.seen.get(key, 0) + 1
        self.seen[key] = count
        return count if count <= self.failures else None


FLAKY = FlakyCounts()


async def app(scope, receive, send):
    """Routes by path; every route that answers GraphQL hands the request to the same view."""
    if scope["type"] not in ("http", "websocket"):
        return
    path = scope.get("path", "")
    if path == "/graphql":
        return await GRAPHQL(scope, receive, send)
    if scope["type"] != "http":
        return await send({"type": "websocket.close", "code": 4404})
    if path == "/auth/graphql":
        if header(scope, b"authorization") != "Bearer good":
            body = b'{"errors":[{"message":"Unauthorized: send Authorization: Bearer good"}]}'
            return await answer(send, 401, body)
        return await GRAPHQL(scope, receive, send)
    if path == "/flaky/graphql":
        key = header(scope, b"x-flaky-key") or ""
        failure = FLAKY.fails(key)
        if failure is not None:
            body = f"flaky: failure {failure} of {FlakyCounts.failures} for key {key!r}".encode()
            return await answer(send, 500, body, b"text/plain; charset=utf-8")
        return await GRAPHQL(scope, receive, send)
    if path == "/slow/graphql":
        query = parse_qs(scope.get("query_string", b"").decode())
        try:
            delay = int(query.get("ms", ["0"])[0])
        except ValueError:
            return await answer(send, 400, b"ms must be an integer", b"text/plain; charset=utf-8")
        await asyncio.sleep(delay / 1000)
        return await GRAPHQL(scope, receive, send)
    if path == "/strict/graphql":
        return await GRAPHQL(scope, receive, strict(send))
    if path == "/malformed/graphql":
        shape = parse_qs(scope.get("query_string", b"").decode()).get("shape", [""])[0]
        if shape not in MALFORMED:
            return await answer(send, 400, f"no shape {shape!r}".encode(), b"text/plain; charset=utf-8")
        content_type, body = MALFORMED[shape]
        return await answer(send, 200, body, content_type)
    if path == "/drop/graphql":
        # No content-length: uvicorn sends the body chunked; raising after the first chunk makes
        # it close the connection with the body unfinished.
        await send({
            "type": "http.response.start",
            "status": 200,
            "headers": [(b"content-type", b"application/json")],
        })
        await send({"type": "http.response.body", "body": b'{"data":{"character":{"id":"1",', "more_body": True})
        await asyncio.sleep(0.05)
        raise ConnectionAbortedError("the drop route drops its connection mid-body (on purpose)")
    return await answer(send, 404, f"no route {path}".encode(), b"text/plain; charset=utf-8")


# ------------------------------------------------------------------------------------------ main


async def serve(host: str, port: int, stop_on_stdin_eof: bool) -> None:
    # IPPROTO_TCP, not 0: asyncio sets TCP_NODELAY only on accepted sockets of a TCP-protocol
    # listener; without it Nagle and delayed ACKs stall each keep-alive request by ~44 ms.
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    # timeout_graceful_shutdown: without it a SIGTERM waits forever for an open SSE or multipart stream.
    config = uvicorn.Config(
        app, log_level="warning", lifespan="off", ws="websockets-sansio", timeout_graceful_shutdown=1
    )
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve(sockets=[sock]))
    while not server.started:
        if task.done():
            task.result()
            return
        await asyncio.sleep(0.005)
    print(f"LISTENING {sock.getsockname()[1]}", flush=True)
    if stop_on_stdin_eof:
        asyncio.get_running_loop().add_reader(sys.stdin.fileno(), stop_at_eof, server)
    await task


def stop_at_eof(server: uvicorn.Server) -> None:
    if not os.read(sys.stdin.fileno(), 4096):
        asyncio.get_running_loop().remove_reader(sys.stdin.fileno())
        server.should_exit = True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--documents", help="a JSON file {documentId: text} of persisted documents")
    parser.add_argument("--print-schema", action="store_true", help="print the schema's SDL and exit")
    parser.add_argument(
        "--stop-on-stdin-eof", action="store_true",
        help="stop when stdin closes: a test harness's pipe, so a crashed harness leaves no server behind",
    )
    args = parser.parse_args()
    if args.documents:
        entries = json.loads(pathlib.Path(args.documents).read_text())
        if not isinstance(entries, dict) or not all(isinstance(v, str) for v in entries.values()):
            parser.error(f"{args.documents}: expected a JSON object of documentId to text")
        for key, text in entries.items():
            DOCUMENTS.register(key, text)
    if args.print_schema:
        # graphql-core's printing of the executable schema, types in the server's order: what
        # introspection answers, so `batonc fetch-schema` can be held to it byte for byte.
        print(print_schema(SCHEMA._schema))
        return
    asyncio.run(serve(args.host, args.port, args.stop_on_stdin_eof))


if __name__ == "__main__":
    main()
