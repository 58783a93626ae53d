import BatonDiagnostics
import Foundation
import Testing

@testable import BatonSyntax

/// parse(print(doc)) gives the same tree, for both printers, and printing again gives the
/// same text.
@Suite struct RoundTripTests {
    static let documents = [
        "syntax/executable-kitchen-sink.graphql",
        "syntax/type-system-kitchen-sink.graphql",
        "schemas/github.schema.graphql",
        "schemas/rick-and-morty.schema.graphql",
        "conformance/rickandmorty/schema.graphql",
    ]

    enum Printer: String, CaseIterable { case compact, readable }

    static func print(_ document: Document, _ printer: Printer) -> String {
        switch printer {
        case .compact: CompactPrinter.print(document)
        case .readable: ReadablePrinter.print(document)
        }
    }

    @Test(arguments: documents, Printer.allCases)
    func printedDocumentParsesToTheSameTree(path: String, printer: Printer) throws {
        let original = Parser.parse(try Fixtures.source(path))
        #expect(original.diagnostics.isEmpty)
        let printed = Self.print(original.document, printer)
        let reparsed = Parser.parse(Source(name: "printed", text: printed))
        #expect(reparsed.diagnostics.map(\.message) == [])
        let a = StructuralDump.dump(original.document)
        let b = StructuralDump.dump(reparsed.document)
        #expect(a == b)
        if a != b {
            for (x, y) in zip(a.split(separator: "\n"), b.split(separator: "\n")) where x != y {
                Issue.record("first difference:\n\(x)\n\(y)")
                break
            }
        }
        #expect(Self.print(reparsed.document, printer) == printed)
    }

    @Test(arguments: Fixtures.files(in: "conformance/sources", withExtension: "graphql"))
    func authorDocumentsRoundTrip(path: String) throws {
        let original = Parser.parse(try Fixtures.source(path))
        #expect(original.diagnostics.map(\.message) == [])
        for printer in Printer.allCases {
            let reparsed = Parser.parse(Source(name: "printed", text: Self.print(original.document, printer)))
            #expect(StructuralDump.dump(reparsed.document) == StructuralDump.dump(original.document))
        }
    }
}
