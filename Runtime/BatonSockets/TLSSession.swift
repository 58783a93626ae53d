import COpenSSL
import Foundation

/// TLS for `wss://`: an OpenSSL client over two memory BIOs, so the bytes still travel on the
/// libuv socket. `feed` takes what the socket read; `output` is what must be written to it; the
/// handshake and decryption go as far as the bytes allow, never blocking.
final class TLSSession {
    private let context: OpaquePointer
    private let ssl: OpaquePointer
    /// Network to OpenSSL.
    private let incoming: OpaquePointer
    /// OpenSSL to network.
    private let outgoing: OpaquePointer
    private(set) var established = false

    /// A client for `host`, trusting the system's certificates, or only `trusted` (PEM files)
    /// when given. The certificate must name `host` (a DNS name or an IP address).
    init(host: String, trusted: [URL]?) throws(WebSocketError) {
        guard let context = SSL_CTX_new(TLS_client_method()) else { throw Self.error("cannot create a TLS context") }
        self.context = context
        baton_ssl_ctx_set_min_tls12(context)
        SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
        if let trusted {
            for file in trusted where SSL_CTX_load_verify_locations(context, file.path, nil) != 1 {
                SSL_CTX_free(context)
                throw Self.error("cannot load the trusted certificate \(file.path)")
            }
        } else {
            SSL_CTX_set_default_verify_paths(context)
        }
        guard let ssl = SSL_new(context), let incoming = BIO_new(BIO_s_mem()), let outgoing = BIO_new(BIO_s_mem()) else {
            SSL_CTX_free(context)
            throw Self.error("cannot create a TLS session")
        }
        self.ssl = ssl
        self.incoming = incoming
        self.outgoing = outgoing
        SSL_set_bio(ssl, incoming, outgoing)  // the session owns both BIOs now
        SSL_set_connect_state(ssl)
        var address = in6_addr()
        let isAddress = inet_pton(AF_INET, host, &address) == 1 || inet_pton(AF_INET6, host, &address) == 1
        if isAddress {
            X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), host)
        } else {
            baton_ssl_set_sni(ssl, host)
            SSL_set1_host(ssl, host)
        }
    }

    deinit {
        SSL_free(ssl)
        SSL_CTX_free(context)
    }

    /// Bytes read from the socket.
    func feed(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        BIO_write(incoming, base, Int32(bytes.count))
    }

    /// Advances the handshake; true once it is done.
    func handshake() throws(WebSocketError) -> Bool {
        guard !established else { return true }
        ERR_clear_error()
        let result = SSL_do_handshake(ssl)
        if result == 1 {
            established = true
            return true
        }
        let code = SSL_get_error(ssl, result)
        guard code == SSL_ERROR_WANT_READ || code == SSL_ERROR_WANT_WRITE else {
            let verify = SSL_get_verify_result(ssl)
            if verify != X509_V_OK {
                throw WebSocketError(
                    .connection, "TLS: the server's certificate is not trusted: \(String(cString: X509_verify_cert_error_string(verify)))")
            }
            throw Self.error("TLS handshake failed")
        }
        return false
    }

    /// Encrypts `plain`; the ciphertext is then in `output()`.
    func write(_ plain: [UInt8]) throws(WebSocketError) {
        var offset = 0
        while offset < plain.count {
            ERR_clear_error()
            let written = plain.withUnsafeBytes { SSL_write(ssl, $0.baseAddress! + offset, Int32(plain.count - offset)) }
            guard written > 0 else { throw Self.error("TLS write failed") }
            offset += Int(written)
        }
    }

    /// The plaintext decrypted from what was fed so far.
    func read() throws(WebSocketError) -> [UInt8] {
        var plain: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            ERR_clear_error()
            let count = buffer.withUnsafeMutableBytes { SSL_read(ssl, $0.baseAddress, Int32($0.count)) }
            if count > 0 {
                plain.append(contentsOf: buffer[..<Int(count)])
                continue
            }
            let code = SSL_get_error(ssl, count)
            if code == SSL_ERROR_WANT_READ || code == SSL_ERROR_WANT_WRITE { return plain }
            if code == SSL_ERROR_ZERO_RETURN { return plain }  // the peer's close_notify; the TCP end follows
            throw Self.error("TLS read failed")
        }
    }

    /// Ciphertext waiting to be written to the socket.
    func output() -> [UInt8] {
        let pending = Int(BIO_ctrl_pending(outgoing))
        guard pending > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: pending)
        let count = bytes.withUnsafeMutableBytes { BIO_read(outgoing, $0.baseAddress, Int32(pending)) }
        return count > 0 ? Array(bytes[..<Int(count)]) : []
    }

    private static func error(_ what: String) -> WebSocketError {
        var reasons: [String] = []
        while case let code = ERR_get_error(), code != 0 {
            var buffer = [UInt8](repeating: 0, count: 256)
            buffer.withUnsafeMutableBufferPointer { raw in
                raw.withMemoryRebound(to: CChar.self) { ERR_error_string_n(code, $0.baseAddress, $0.count) }
            }
            reasons.append(String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self))
        }
        return WebSocketError(.connection, reasons.isEmpty ? what : "\(what): \(reasons.joined(separator: "; "))")
    }
}
