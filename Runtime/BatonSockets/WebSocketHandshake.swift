import Foundation

/// The HTTP/1.1 upgrade that opens a WebSocket (RFC 6455 section 4): the client's request, and the
/// checks on the server's answer, which is read with a size limit from however many chunks it
/// arrives in.
public struct WebSocketHandshake: Sendable {
    /// The largest answer head accepted; a server that sends more is not one to trust.
    public static let maxHeadSize = 16 * 1024
    static let acceptGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    public let host: String
    public let port: Int
    public let path: String
    public let subprotocol: String
    /// Added to the request after the upgrade's own, sorted by name (`check(headers:)` says which
    /// are allowed).
    public let headers: [String: String]
    /// The base64 of 16 random bytes, fresh for each handshake.
    public let key: String
    private var received: [UInt8] = []

    public init(
        host: String, port: Int, path: String, subprotocol: String = "graphql-transport-ws", headers: [String: String] = [:],
        key: String? = nil
    ) {
        self.host = host
        self.port = port
        self.path = path.isEmpty ? "/" : path
        self.subprotocol = subprotocol
        self.headers = headers
        self.key = key ?? Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
    }

    public var request: [UInt8] {
        let hostHeader = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        let extra = headers.keys.sorted().map { "\($0): \(headers[$0]!)\r\n" }.joined()
        let text =
            "GET \(path) HTTP/1.1\r\nHost: \(hostHeader)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: \(subprotocol)\r\n"
            + extra + "\r\n"
        return Array(text.utf8)
    }

    /// The upgrade's own headers, which the handshake writes and a caller's must not repeat.
    static let ownHeaders: Set<String> = [
        "host", "upgrade", "connection", "sec-websocket-key", "sec-websocket-version", "sec-websocket-protocol",
        "sec-websocket-extensions",
    ]

    /// Throws unless each header can go into the request as it is: a name of token characters
    /// (RFC 9110 §5.6.2) that is not one of the upgrade's own, a value without a line break or
    /// NUL (which would let a value write headers of its own).
    public static func check(headers: [String: String]) throws(WebSocketError) {
        for (name, value) in headers {
            guard !name.isEmpty, name.utf8.allSatisfy(isTokenByte), !ownHeaders.contains(name.lowercased()) else {
                throw WebSocketError(.handshake(status: nil), "the upgrade request cannot carry the header name \(name.debugDescription)")
            }
            guard !value.utf8.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 }) else {
                throw WebSocketError(.handshake(status: nil), "the header \(name) has a value with a line break or NUL")
            }
        }
    }

    /// RFC 9110's `tchar`, what a header name is made of.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// The `Sec-WebSocket-Accept` a server must answer to `key`.
    public static func accept(for key: String) -> String {
        Data(SHA1.digest(Array((key + acceptGUID).utf8))).base64EncodedString()
    }

    /// Feeds bytes of the answer. Nil while the head is incomplete; once it is, checks it and
    /// returns the bytes after it (the first frames, if the server sent them at once).
    public mutating func receive<Bytes: Sequence>(_ bytes: Bytes) throws(WebSocketError) -> [UInt8]? where Bytes.Element == UInt8 {
        let searchFrom = max(0, received.count - 3)
        received.append(contentsOf: bytes)
        guard let end = Self.headEnd(received, from: searchFrom) else {
            guard received.count <= Self.maxHeadSize else {
                throw WebSocketError(.handshake(status: nil), "the server's answer head passed \(Self.maxHeadSize) bytes")
            }
            return nil
        }
        guard end <= Self.maxHeadSize else {
            throw WebSocketError(.handshake(status: nil), "the server's answer head passed \(Self.maxHeadSize) bytes")
        }
        try check(head: Array(received[..<end]))
        return Array(received[(end + 4)...])
    }

    private static func headEnd(_ bytes: [UInt8], from: Int) -> Int? {
        var index = from
        while index + 3 < bytes.count {
            if bytes[index] == 13, bytes[index + 1] == 10, bytes[index + 2] == 13, bytes[index + 3] == 10 { return index }
            index += 1
        }
        return nil
    }

    /// Checks the answer's head: status 101, `Upgrade: websocket`, `Connection: Upgrade`, the
    /// accept value for our key, and our subprotocol chosen.
    func check(head: [UInt8]) throws(WebSocketError) {
        guard let text = String(validating: head, as: UTF8.self) else {
            throw WebSocketError(.handshake(status: nil), "the server's answer head is not UTF-8")
        }
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
            throw WebSocketError(.handshake(status: nil), "the server's answer is not HTTP: \(statusLine.prefix(80))")
        }
        guard status == 101 else {
            throw WebSocketError(.handshake(status: status), "the server answered \(statusLine) instead of 101 Switching Protocols")
        }
        var headers: [String: [String]] = [:]
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else {
                throw WebSocketError(.handshake(status: status), "a header line without a colon: \(line.prefix(80))")
            }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name, default: []].append(value)
        }
        func tokens(_ name: String) -> [String] {
            (headers[name] ?? []).flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        }
        guard tokens("upgrade").contains("websocket") else {
            throw WebSocketError(.handshake(status: status), "the answer lacks Upgrade: websocket")
        }
        guard tokens("connection").contains("upgrade") else {
            throw WebSocketError(.handshake(status: status), "the answer lacks Connection: Upgrade")
        }
        let expected = Self.accept(for: key)
        guard let accept = headers["sec-websocket-accept"], accept == [expected] else {
            throw WebSocketError(
                .handshake(status: status),
                "Sec-WebSocket-Accept is \(headers["sec-websocket-accept"]?.joined(separator: ", ") ?? "missing"), not \(expected)")
        }
        // A server that does not speak the subprotocol answers 101 without it and closes after
        // (strawberry: 4406); failing here says why at once.
        guard headers["sec-websocket-protocol"] == [subprotocol] else {
            throw WebSocketError(
                .handshake(status: status),
                "the server did not accept the subprotocol \(subprotocol) (it answered \(headers["sec-websocket-protocol"]?.joined(separator: ", ") ?? "none"))"
            )
        }
        if let extensions = headers["sec-websocket-extensions"], !extensions.allSatisfy(\.isEmpty) {
            throw WebSocketError(
                .handshake(status: status), "the server chose extensions none were offered: \(extensions.joined(separator: ", "))")
        }
    }
}
