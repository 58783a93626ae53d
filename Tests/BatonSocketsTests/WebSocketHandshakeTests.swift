import Foundation
import Testing

@testable import BatonSockets

/// The upgrade request and the checks on the server's answer.
@Suite struct WebSocketHandshakeTests {
    static let key = "dGhlIHNhbXBsZSBub25jZQ=="

    static func answer(status: String = "101 Switching Protocols", headers: [String]) -> [UInt8] {
        Array(("HTTP/1.1 \(status)\r\n" + headers.map { $0 + "\r\n" }.joined() + "\r\n").utf8)
    }

    static let good = [
        "Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=",
        "Sec-WebSocket-Protocol: graphql-transport-ws",
    ]

    static func failure(_ bytes: [UInt8]) -> WebSocketError? {
        var handshake = WebSocketHandshake(host: "127.0.0.1", port: 80, path: "/graphql", key: key)
        do {
            _ = try handshake.receive(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func sha1MatchesKnownDigests() {
        func hex(_ text: String) -> String { SHA1.digest(Array(text.utf8)).map { String(format: "%02x", $0) }.joined() }
        #expect(hex("") == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(hex("abc") == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(hex(String(repeating: "a", count: 1000)) == "291e9a6c66994949b57ba5e650361e98fc36b1ba")
    }

    /// RFC 6455 section 1.3's example key and accept value.
    @Test func acceptValueOfTheRFCExample() {
        #expect(WebSocketHandshake.accept(for: Self.key) == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test func requestCarriesTheUpgradeHeaders() throws {
        let handshake = WebSocketHandshake(host: "127.0.0.1", port: 4000, path: "/graphql")
        let text = String(decoding: handshake.request, as: UTF8.self)
        #expect(text.hasPrefix("GET /graphql HTTP/1.1\r\nHost: 127.0.0.1:4000\r\n"))
        #expect(text.contains("\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"))
        #expect(text.contains("\r\nSec-WebSocket-Version: 13\r\n"))
        #expect(text.contains("\r\nSec-WebSocket-Protocol: graphql-transport-ws\r\n"))
        #expect(text.hasSuffix("\r\n\r\n"))
        let decoded = try #require(Data(base64Encoded: handshake.key))
        #expect(decoded.count == 16)
        #expect(WebSocketHandshake(host: "h", port: 1, path: "/").key != handshake.key)
    }

    /// A caller's headers follow the upgrade's own, sorted by name, so the request is the same
    /// bytes each time.
    @Test func requestCarriesTheCallersHeaders() throws {
        let handshake = WebSocketHandshake(
            host: "127.0.0.1", port: 4000, path: "/graphql", headers: ["X-Trace": "7", "Authorization": "Bearer a.b"])
        let text = String(decoding: handshake.request, as: UTF8.self)
        #expect(text.hasSuffix("\r\nSec-WebSocket-Protocol: graphql-transport-ws\r\nAuthorization: Bearer a.b\r\nX-Trace: 7\r\n\r\n"))
        #expect(throws: Never.self) { try WebSocketHandshake.check(headers: handshake.headers) }
    }

    /// A header that would repeat one of the upgrade's own, or write a line of its own, is refused
    /// before anything is sent.
    @Test(arguments: [
        ["Host": "evil.example"], ["sec-websocket-protocol": "graphql-ws"], ["Connection": "close"],
        ["X-A": "1\r\nX-Injected: 2"], ["X-A": "1\n"], ["X-A\r\nX-B": "1"], ["X A": "1"], ["": "1"], ["X-A:": "1"],
    ])
    func headersTheRequestCannotCarryAreRefused(_ headers: [String: String]) {
        #expect(throws: WebSocketError.self) { try WebSocketHandshake.check(headers: headers) }
    }

    @Test func goodAnswerInChunksLeavesTheFirstFrameBytes() throws {
        var handshake = WebSocketHandshake(host: "127.0.0.1", port: 80, path: "/", key: Self.key)
        let bytes = Self.answer(headers: Self.good) + [0x81, 0x00]
        var rest: [UInt8]?
        for byte in bytes where rest == nil { rest = try handshake.receive([byte]) }
        #expect(rest == [])
        var whole = WebSocketHandshake(host: "127.0.0.1", port: 80, path: "/", key: Self.key)
        #expect(try whole.receive(bytes) == [0x81, 0x00])
    }

    @Test func headerNamesAndTokensIgnoreCase() {
        let headers = [
            "upgrade: WebSocket", "connection: keep-alive, Upgrade", "sec-websocket-accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=",
            "SEC-WEBSOCKET-PROTOCOL: graphql-transport-ws",
        ]
        #expect(Self.failure(Self.answer(headers: headers)) == nil)
    }

    @Test func nonSwitchingAnswerFailsWithItsStatus() {
        let error = Self.failure(Self.answer(status: "400 Bad Request", headers: ["Content-Length: 0"]))
        #expect(error?.kind == .handshake(status: 400))
        #expect(error?.message.contains("400 Bad Request") == true)
    }

    @Test(arguments: [
        ("Upgrade: websocket", "Upgrade: h2c", "Upgrade: websocket"),
        ("Connection: Upgrade", "Connection: keep-alive", "Connection: Upgrade"),
        (
            "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=", "Sec-WebSocket-Accept: AAAAAAAAAAAAAAAAAAAAAAAAAAA=",
            "Sec-WebSocket-Accept"
        ),
        ("Sec-WebSocket-Protocol: graphql-transport-ws", "X-Other: 1", "subprotocol"),
        ("Sec-WebSocket-Protocol: graphql-transport-ws", "Sec-WebSocket-Protocol: graphql-ws", "subprotocol"),
    ])
    func eachMissingOrWrongHeaderFails(_ swap: (String, String, String)) {
        let headers = Self.good.map { $0 == swap.0 ? swap.1 : $0 }
        let error = Self.failure(Self.answer(headers: headers))
        #expect(error?.kind == .handshake(status: 101))
        #expect(error?.message.contains(swap.2) == true)
    }

    @Test func unofferedExtensionFails() {
        #expect(
            Self.failure(Self.answer(headers: Self.good + ["Sec-WebSocket-Extensions: permessage-deflate"]))?.kind
                == .handshake(status: 101))
    }

    @Test func notHTTPFails() {
        #expect(Self.failure(Array("SSH-2.0-OpenSSH\r\n\r\n".utf8))?.kind == .handshake(status: nil))
    }

    @Test func oversizedHeadFails() {
        var handshake = WebSocketHandshake(host: "h", port: 1, path: "/", key: Self.key)
        let line = Array("X-Padding: \(String(repeating: "a", count: 1000))\r\n".utf8)
        var error: WebSocketError?
        do {
            _ = try handshake.receive(Array("HTTP/1.1 101 Switching Protocols\r\n".utf8))
            for _ in 0..<20 { _ = try handshake.receive(line) }
        } catch let caught { error = caught }
        #expect(error?.kind == .handshake(status: nil))
        #expect(error?.message.contains("16384") == true)
    }
}
