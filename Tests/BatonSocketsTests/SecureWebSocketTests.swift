import Baton
import BatonTesting
import Foundation
import Testing

@testable import BatonSockets

/// `wss://` against the hostile script serving TLS with a self-signed certificate this suite makes
/// (openssl req) in a temporary directory, trusted explicitly.
@Suite(.serialized) struct SecureWebSocketTests {
    /// A certificate for 127.0.0.1 and its key, in a fresh directory.
    static func makeCertificate() throws -> (directory: URL, certificate: URL, key: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("baton-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let certificate = directory.appendingPathComponent("cert.pem")
        let key = directory.appendingPathComponent("key.pem")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
            "-keyout", key.path, "-out", certificate.path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ScriptServerError(message: "openssl req failed") }
        return (directory, certificate, key)
    }

    static func options(trusting certificate: URL?) -> WebSocket.Options {
        WebSocket.Options(
            connectTimeout: .seconds(3), handshakeTimeout: .seconds(3), closeTimeout: .milliseconds(500),
            trustedCertificates: certificate.map { [$0] })
    }

    @Test func echoOverTLS() async throws {
        let files = try Self.makeCertificate()
        defer { try? FileManager.default.removeItem(at: files.directory) }
        let server = try await ScriptServer(script: "hostile_server.py", arguments: ["--tls", files.certificate.path, files.key.path])
        defer { server.stop() }
        let socket = try await within(.seconds(60), "connect") {
            try await WebSocket.connect(
                to: server.url("/echo", scheme: "wss"), subprotocol: "graphql-transport-ws",
                options: Self.options(trusting: files.certificate))
        }
        #expect(try await WebSocketTests.events(socket, 2) == [.ping(Array("hi".utf8)), .text("pong:hi")])
        let long = String(repeating: "é", count: 40_000)
        try socket.send(text: long)
        #expect(try await WebSocketTests.events(socket, 2) == [.ping([]), .text(long)])
        await socket.close()
    }

    /// The system's trust does not include the test's certificate: the handshake fails and says why.
    @Test func untrustedCertificateFails() async throws {
        let files = try Self.makeCertificate()
        defer { try? FileManager.default.removeItem(at: files.directory) }
        let server = try await ScriptServer(script: "hostile_server.py", arguments: ["--tls", files.certificate.path, files.key.path])
        defer { server.stop() }
        let error = await #expect(throws: WebSocketError.self) {
            try await within(.seconds(60), "connect") {
                _ = try await WebSocket.connect(
                    to: server.url("/echo", scheme: "wss"), subprotocol: "graphql-transport-ws", options: Self.options(trusting: nil))
            }
        }
        #expect(error?.kind == .connection)
        #expect(error?.message.contains("not trusted") == true)
    }

    /// A certificate for another address is refused even when trusted.
    @Test func certificateForAnotherHostFails() async throws {
        let files = try Self.makeCertificate()
        defer { try? FileManager.default.removeItem(at: files.directory) }
        let server = try await ScriptServer(script: "hostile_server.py", arguments: ["--tls", files.certificate.path, files.key.path])
        defer { server.stop() }
        let url = URL(string: "wss://localhost:\(server.port)/echo")!
        let error = await #expect(throws: WebSocketError.self) {
            try await within(.seconds(60), "connect") {
                _ = try await WebSocket.connect(
                    to: url, subprotocol: "graphql-transport-ws", options: Self.options(trusting: files.certificate))
            }
        }
        #expect(error?.message.contains("not trusted") == true)
    }

    @Test func graphQLOverTLS() async throws {
        let files = try Self.makeCertificate()
        defer { try? FileManager.default.removeItem(at: files.directory) }
        let server = try await ScriptServer(script: "hostile_server.py", arguments: ["--tls", files.certificate.path, files.key.path])
        defer { server.stop() }
        let transport = GraphQLTransportWebSocket(
            url: server.url("/graphql", scheme: "wss"), options: .init(socket: Self.options(trusting: files.certificate)))
        let outcome = try await collect(transport.send(HostileServerTests.countdown))
        #expect(outcome.error == nil)
        #expect(outcome.payloads.map(compact) == [#"{"data":{"n":1}}"#, #"{"data":{"n":2}}"#])
        await transport.close()
    }
}
