"""A WebSocket server that misbehaves on command, for BatonSocketsTests.

Standard library only. Listens on 127.0.0.1 (an ephemeral port), prints `LISTENING <port>`, and
exits when stdin closes (so a test that dies takes it along). The request path picks the
behaviour of each connection; see BEHAVIOURS.
"""
import asyncio
import base64
import hashlib
import json
import ssl
import struct
import sys

GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


def frame(opcode, payload, fin=True, mask=None, length=None):
    head = bytes([(0x80 if fin else 0) | opcode])
    n = len(payload) if length is None else length
    bit = 0x80 if mask else 0
    if n <= 125:
        head += bytes([bit | n])
    elif n <= 0xFFFF:
        head += bytes([bit | 126]) + struct.pack("!H", n)
    else:
        head += bytes([bit | 127]) + struct.pack("!Q", n)
    if mask:
        payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        head += mask
    return head + payload


def text(value):
    return frame(1, json.dumps(value, separators=(",", ":")).encode())


def close(code, reason=""):
    return frame(8, struct.pack("!H", code) + reason.encode())


class Client:
    def __init__(self, reader, writer):
        self.reader, self.writer = reader, writer

    async def handshake(self, accept_override=None, status=None):
        head = await self.reader.readuntil(b"\r\n\r\n")
        lines = head.decode().split("\r\n")
        path = lines[0].split(" ")[1]
        headers = {}
        for line in lines[1:]:
            if ":" in line:
                name, value = line.split(":", 1)
                headers[name.strip().lower()] = value.strip()
        return path, headers

    def accept(self, headers, accept=None):
        key = headers["sec-websocket-key"].encode()
        value = accept or base64.b64encode(hashlib.sha1(key + GUID).digest()).decode()
        self.writer.write(
            (
                "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                f"Sec-WebSocket-Accept: {value}\r\nSec-WebSocket-Protocol: graphql-transport-ws\r\n\r\n"
            ).encode()
        )

    async def read_frame(self):
        """One client frame: (opcode, payload). Client frames must be masked."""
        b0, b1 = await self.reader.readexactly(2)
        if not b1 & 0x80:
            raise ValueError("unmasked client frame")
        n = b1 & 0x7F
        if n == 126:
            (n,) = struct.unpack("!H", await self.reader.readexactly(2))
        elif n == 127:
            (n,) = struct.unpack("!Q", await self.reader.readexactly(8))
        mask = await self.reader.readexactly(4)
        data = await self.reader.readexactly(n)
        return b0 & 0x0F, bytes(b ^ mask[i % 4] for i, b in enumerate(data))

    async def read_message(self):
        """The next text message as JSON; answers pings; None at a close frame."""
        while True:
            opcode, data = await self.read_frame()
            if opcode == 9:
                self.writer.write(frame(10, data))
            elif opcode == 8:
                self.writer.write(frame(8, data[:2]))
                return None
            elif opcode == 1:
                return json.loads(data)

    async def init(self):
        message = await self.read_message()
        assert message["type"] == "connection_init", message
        return message


async def behave(client, path, headers):
    w = client.writer
    if path == "/silent-handshake":
        await asyncio.sleep(3600)
    if path == "/non-101":
        w.write(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 9\r\nConnection: close\r\n\r\nforbidden")
        return
    if path == "/bad-accept":
        client.accept(headers, accept="AAAAAAAAAAAAAAAAAAAAAAAAAAA=")
        return await asyncio.sleep(3600)
    client.accept(headers)
    if path == "/echo":
        # Raw WebSocket: a ping first (the client must answer it), then each text echoed,
        # fragmented in two around a ping; `close` asks for a 4000 close.
        w.write(frame(9, b"hi"))
        while True:
            opcode, data = await client.read_frame()
            if opcode == 10:
                w.write(frame(1, b"pong:" + data))
            elif opcode == 9:
                w.write(frame(10, data))
            elif opcode == 8:
                w.write(frame(8, data))
                await w.drain()
                return
            elif opcode == 1 and data == b"close":
                w.write(close(4000, "asked"))
            elif opcode == 1:
                half = len(data) // 2
                w.write(frame(1, data[:half], fin=False) + frame(9, b"") + frame(0, data[half:]))
    if path == "/no-close-answer":
        while True:
            opcode, data = await client.read_frame()
            # Ignores the client's close: neither answers nor ends the TCP.
    init = await client.init()
    if path == "/never-ack":
        return await asyncio.sleep(3600)
    if path == "/masked":
        w.write(frame(1, b'{"type":"connection_ack"}', mask=b"\x01\x02\x03\x04"))
    elif path == "/bad-utf8":
        w.write(frame(1, b'{"type":"connection_ack"}') + frame(1, b'{"type":"\xff\xfe"}'))
    elif path == "/oversized":
        w.write(frame(1, b'{"type":"connection_ack"}') + frame(1, b"x" * 5000))
    elif path == "/close-4400":
        w.write(text({"type": "connection_ack"}))
        await client.read_message()
        w.write(close(4400, "Unknown message type: bogus"))
    elif path in ("/close-4401", "/close-4403"):
        # graphql-transport-ws's refusals: 4401 Unauthorized, 4403 Forbidden.
        code = int(path[-4:])
        w.write(close(code, "Unauthorized" if code == 4401 else "Forbidden"))
    elif path == "/drop-mid-frame":
        w.write(text({"type": "connection_ack"}))
        await client.read_message()
        w.write(frame(1, b'{"id":"1","type":"next","payload":{"data":{}}}')[:10])
        await w.drain()
        return
    elif path == "/invalid-message":
        w.write(text({"type": "connection_ack"}))
        await client.read_message()
        w.write(text({"type": "bogus"}))
    elif path in ("/graphql", "/graphql-no-pong"):
        # A well-behaved graphql-transport-ws server in miniature (that answers the client's pings
        # with pongs, except on /graphql-no-pong, whose server has stopped answering): pings the
        # client, then answers
        # each subscribe by its query: "forever" gets one `next` and no end; "completed" the ids
        # the client completed so far; "init" the connection_init payload; "pongs" how many pongs
        # came back; "pings" how many pings the client sent; anything else two
        # `next` (the second fragmented around a ping) and `complete`.
        w.write(text({"type": "connection_ack"}) + text({"type": "ping"}))
        completed = []
        pongs = pings = 0
        while True:
            message = await client.read_message()
            if message is None:
                return
            if message["type"] == "complete":
                completed.append(message["id"])
            if message["type"] == "pong":
                pongs += 1
            if message["type"] == "ping":
                pings += 1
                if path == "/graphql":
                    w.write(text({"type": "pong"}))
            if message["type"] != "subscribe":
                continue
            ident, query = message["id"], message["payload"]["query"]
            if "forever" in query:
                w.write(text({"id": ident, "type": "next", "payload": {"data": {"n": 1}}}))
            elif "completed" in query or "init" in query or "pongs" in query or "pings" in query:
                if "completed" in query:
                    data = {"completed": completed}
                elif "init" in query:
                    data = {"init": init.get("payload")}
                elif "pings" in query:
                    data = {"pings": pings}
                else:
                    data = {"pongs": pongs}
                w.write(text({"id": ident, "type": "next", "payload": {"data": data}}))
                w.write(text({"id": ident, "type": "complete"}))
            else:
                w.write(text({"id": ident, "type": "next", "payload": {"data": {"n": 1}}}))
                body = json.dumps({"id": ident, "type": "next", "payload": {"data": {"n": 2}}}).encode()
                w.write(frame(1, body[:5], fin=False) + frame(9, b"") + frame(0, body[5:]))
                w.write(text({"id": ident, "type": "complete"}))
    while not w.is_closing():
        opcode, _ = await client.read_frame()
        if opcode == 8:
            return


async def serve(reader, writer):
    client = Client(reader, writer)
    try:
        path, headers = await client.handshake()
        await behave(client, path, headers)
        await writer.drain()
    except (asyncio.IncompleteReadError, ConnectionError, ValueError, ssl.SSLError):
        pass
    finally:
        writer.close()


async def main():
    # `--tls CERT KEY`: wss:// with that certificate.
    context = None
    if len(sys.argv) == 4 and sys.argv[1] == "--tls":
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(sys.argv[2], sys.argv[3])
    server = await asyncio.start_server(serve, "127.0.0.1", 0, ssl=context)
    port = server.sockets[0].getsockname()[1]
    print(f"LISTENING {port}", flush=True)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.read)
    server.close()


if __name__ == "__main__":
    asyncio.run(main())
