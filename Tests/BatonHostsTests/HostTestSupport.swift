import BatonDiagnostics
import BatonHosts
import Foundation

/// The directory of the host fixtures, found from this file so no test depends on the
/// working directory.
let hostFixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("spec/hosts")

func fixture(_ name: String) throws -> Source {
    let url = hostFixtures.appendingPathComponent(name)
    return Source(name: url.path, bytes: Array(try Data(contentsOf: url)))
}

func scan(_ text: String, name: String = "Host.swift") -> (documents: [HostDocument], diagnostics: [Diagnostic]) {
    SwiftHostScanner.scan(Source(name: name, text: text))
}

/// `line:column` (1-based, characters) and the 1-based UTF-16 column, in the host, of a
/// GraphQL offset.
struct HostPoint: Equatable, CustomStringConvertible {
    var line: Int
    var column: Int
    var utf16Column: Int
    var description: String { "\(line):\(column) (utf16 \(utf16Column))" }
}

func hostPoint(_ document: HostDocument, graphQLOffset: Int) -> HostPoint {
    let location = Location(source: document.source, range: SourceRange(graphQLOffset, graphQLOffset)).hostLocation
    let p = location.start
    return HostPoint(line: p.line + 1, column: p.column + 1, utf16Column: p.utf16Column + 1)
}

/// The GraphQL offset of the first occurrence of `needle` in a document's text.
func offset(of needle: String, in document: HostDocument) -> Int? {
    let hay = document.source.utf8
    let n = Array(needle.utf8)
    guard n.count <= hay.count else { return nil }
    for i in 0...(hay.count - n.count) where hay[i..<(i + n.count)].elementsEqual(n) { return i }
    return nil
}

func hostPoint(_ document: HostDocument, of needle: String) -> HostPoint? {
    offset(of: needle, in: document).map { hostPoint(document, graphQLOffset: $0) }
}

/// The 1-based `line:column` of a diagnostic's primary location in the host.
func where_(_ diagnostic: Diagnostic) -> String {
    diagnostic.primaryLocation.map { "\($0.hostLocation.start)" } ?? "-"
}
