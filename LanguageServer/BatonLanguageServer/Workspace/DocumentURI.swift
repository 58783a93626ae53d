/// Document URIs as clients send them. The server keys documents by the URI string exactly;
/// file paths are derived only for display and for reading files from disk.
package enum DocumentURI {
    /// The file path of a `file://` URI (percent-decoded), or nil for other schemes.
    package static func filePath(of uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var rest = Substring(uri.dropFirst("file://".count))
        // `file://host/path`: only an empty host or localhost names this machine.
        if !rest.hasPrefix("/") {
            guard let slash = rest.firstIndex(of: "/") else { return nil }
            let host = rest[rest.startIndex..<slash]
            guard host == "localhost" else { return nil }
            rest = rest[slash...]
        }
        return percentDecoded(String(rest))
    }

    /// The file path for file URIs, the URI itself otherwise.
    package static func displayName(of uri: String) -> String {
        filePath(of: uri) ?? uri
    }

    /// The `file://` URI of an absolute path, escaping what RFC 3986 does not allow in a path.
    package static func fileURI(path: String) -> String {
        var out = "file://"
        for byte in path.utf8 {
            if isUnreserved(byte) || byte == UInt8(ascii: "/") {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + hex(byte)
            }
        }
        return out
    }

    static func percentDecoded(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var i = 0
        while i < utf8.count {
            if utf8[i] == UInt8(ascii: "%"), i + 2 < utf8.count, let h = hexValue(utf8[i + 1]), let l = hexValue(utf8[i + 2]) {
                bytes.append(h << 4 | l)
                i += 3
            } else {
                bytes.append(utf8[i])
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isUnreserved(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func hex(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(b >> 4)], digits[Int(b & 0xF)]])
    }
}
