"""The sender of `baton-bench wire`: a graphql-transport-ws server that replays a subscription.

Standard library only. Listens on 127.0.0.1 (an ephemeral port), prints `LISTENING <port>` and
serves until stdin closes. Each connection: the upgrade, `connection_init` answered by
`connection_ack`, then the first `subscribe` answered by COUNT `next` frames
(`{"data":{"countdown":n}}`, n from COUNT-1 down to 0) and `complete`, rendered before the
connection is accepted and written as fast as the socket takes them, so the sender is never what
the client waits for. It runs in its own process: the client's process CPU time is the client's.
"""
import base64
import hashlib
import json
import socket
import struct
import sys
import threading

GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
COUNT = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000


def frame(opcode, payload):
    n = len(payload)
    if n <= 125:
        head = bytes([0x80 | opcode, n])
    elif n <= 0xFFFF:
        head = bytes([0x80 | opcode, 126]) + struct.pack("!H", n)
    else:
        head = bytes([0x80 | opcode, 127]) + struct.pack("!Q", n)
    return head + payload


def text(value):
    return frame(1, json.dumps(value, separators=(",", ":")).encode())


def render(ident):
    # The id is the client's, so the frames are rendered once it is known, before the write.
    parts = [text({"id": ident, "type": "next", "payload": {"data": {"countdown": n}}}) for n in range(COUNT - 1, -1, -1)]
    parts.append(text({"id": ident, "type": "complete"}))
    return b"".join(parts)


class Reader:
    def __init__(self, sock):
        self.sock, self.buffer = sock, b""

    def exactly(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed")
            self.buffer += chunk
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    def until(self, marker):
        while marker not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed")
            self.buffer += chunk
        end = self.buffer.index(marker) + len(marker)
        out, self.buffer = self.buffer[:end], self.buffer[end:]
        return out

    def message(self):
        """The next client text message as JSON (pings answered); None at a close frame."""
        while True:
            b0, b1 = self.exactly(2)
            n = b1 & 0x7F
            if n == 126:
                (n,) = struct.unpack("!H", self.exactly(2))
            elif n == 127:
                (n,) = struct.unpack("!Q", self.exactly(8))
            mask = self.exactly(4)
            data = bytes(b ^ mask[i % 4] for i, b in enumerate(self.exactly(n)))
            opcode = b0 & 0x0F
            if opcode == 8:
                self.sock.sendall(frame(8, data[:2]))
                return None
            if opcode == 9:
                self.sock.sendall(frame(10, data))
            elif opcode == 1:
                return json.loads(data)


def serve(sock):
    # Rendered ahead for the id a new transport's first stream gets, so the write starts at once.
    ahead = render("1")
    try:
        reader = Reader(sock)
        head = reader.until(b"\r\n\r\n").decode()
        key = next(line.split(":", 1)[1].strip() for line in head.split("\r\n") if line.lower().startswith("sec-websocket-key:"))
        accept = base64.b64encode(hashlib.sha1(key.encode() + GUID).digest()).decode()
        sock.sendall(
            (
                "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                f"Sec-WebSocket-Accept: {accept}\r\nSec-WebSocket-Protocol: graphql-transport-ws\r\n\r\n"
            ).encode()
        )
        while True:
            message = reader.message()
            if message is None:
                return
            if message["type"] == "connection_init":
                sock.sendall(text({"type": "connection_ack"}))
            elif message["type"] == "subscribe":
                ident = message["id"]
                body = ahead if ident == "1" else render(ident)
                sock.sendall(body)
    except (ConnectionError, OSError, ValueError, StopIteration):
        pass
    finally:
        sock.close()


def main():
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    print(f"LISTENING {listener.getsockname()[1]}", flush=True)

    def accept():
        while True:
            sock, _ = listener.accept()
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            threading.Thread(target=serve, args=(sock,), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    sys.stdin.read()


if __name__ == "__main__":
    main()
