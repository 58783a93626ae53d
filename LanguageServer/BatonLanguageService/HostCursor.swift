import BatonDiagnostics
import BatonHosts

/// Where a cursor in a host file is in GraphQL terms: the document under it and the GraphQL
/// offset there.
package enum HostCursor {
    /// The document at `hostOffset` of `host`. In a Swift file whose marker literal is still
    /// being typed (not closed yet), the literal is read as if closed at the cursor, so
    /// completion works before the closing quotes exist. Offsets up to the cursor are the
    /// file's own.
    package static func locate(_ host: Source, offset hostOffset: Int) -> (document: HostDocument, graphQLOffset: Int)? {
        let found = HostFile.documents(for: host)
        if let hit = found.documents.document(atHostOffset: hostOffset) { return hit }
        guard HostFile.language(ofPath: host.name) == .swift else { return nil }
        let bytes = host.utf8
        for diagnostic in found.diagnostics where diagnostic.message.hasPrefix("unterminated") {
            guard let opening = diagnostic.primaryLocation?.range, opening.start < hostOffset, hostOffset <= bytes.count,
                let closing = closingDelimiter(of: bytes[opening.start..<min(opening.end, bytes.count)])
            else { continue }
            let patched = Source(name: host.name, bytes: Array(bytes[..<hostOffset]) + Array(closing.utf8) + Array(bytes[hostOffset...]))
            if let hit = HostFile.documents(for: patched).documents.document(atHostOffset: hostOffset) { return hit }
        }
        return nil
    }

    /// What closes a literal opened with `opening` (`#"""`, `"`, ...), then the marker's `)`.
    static func closingDelimiter(of opening: ArraySlice<UInt8>) -> String? {
        let pounds = opening.prefix { $0 == UInt8(ascii: "#") }.count
        let quotes = opening.dropFirst(pounds).prefix { $0 == UInt8(ascii: "\"") }.count
        switch quotes {
        case 3: return "\n\"\"\"" + String(repeating: "#", count: pounds) + ")"
        case 1: return "\"" + String(repeating: "#", count: pounds) + ")"
        default: return nil
        }
    }
}
