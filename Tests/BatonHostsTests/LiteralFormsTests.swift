import BatonDiagnostics
import BatonHosts
import Foundation
import Testing

/// `spec/hosts/LiteralForms.values.json` holds the value of each literal in
/// `LiteralForms.swift` as the Swift compiler computed it (recorded once by compiling the file
/// with a property wrapper and printing the arguments). The scanner must read the same values,
/// from the LF file and from its CRLF twin.
@Suite("Literal values agree with the Swift compiler")
struct LiteralFormsTests {
    @Test(arguments: ["LiteralForms.swift", "LiteralForms.crlf.swift"])
    func scannerReadsWhatSwiftReads(name: String) throws {
        let data = try Data(contentsOf: hostFixtures.appendingPathComponent("LiteralForms.values.json"))
        let expected = try JSONDecoder().decode([String].self, from: data)
        let source = try fixture(name)
        if name.contains("crlf") { #expect(source.text.contains("\r\n")) }
        let (documents, diagnostics) = SwiftHostScanner.scan(source)
        #expect(diagnostics.isEmpty, "\(diagnostics.map { $0.rendered() })")
        #expect(documents.count == expected.count)
        for (index, (document, value)) in zip(documents, expected).enumerated() {
            #expect(document.source.text == value, "literal v\(index)")
        }
    }
}
