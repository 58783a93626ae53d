import Baton
import BatonImage
import Foundation
import Testing

/// Every input the `image` fuzz target (Fuzz/fuzz-image) once crashed on, from
/// spec/fuzz-regressions/image, through the same entry points and checks as the target: the value
/// decoder, the row decoder, and a decoded row's encoding decoded again to the same bytes.
@Suite struct ImageFuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("spec/fuzz-regressions/image")
    static let names = ["", "Character", "name", "Character:1", "Location", "friends", "id", "Location:2"]

    static func name(_ number: Int) -> String? { names.indices.contains(number) ? names[number] : nil }

    static func number(_ name: String) -> Int { names.firstIndex(of: name)! }

    @Test func everyRegressionInputDecodesAndSurvivesARoundTrip() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).sorted()
        var ran = 0
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(file)))
            _ = RowEncoding.decodeValue(bytes, names: Self.name)
            if let row = RowEncoding.decode(bytes, key: "Character:1", names: Self.name) {
                let encoded = RowEncoding.encode(row, names: Self.number)
                let again = try #require(RowEncoding.decode(encoded, key: row.key, names: Self.name), "\(file)")
                #expect(RowEncoding.encode(again, names: Self.number) == encoded, "\(file)")
            }
            ran += 1
        }
        #expect(ran == files.count)
        #expect(ran >= 1, "no regression inputs in \(Self.folder.path)")
    }

    /// A field number past `Int.max` (a damaged row) trapped converting to `Int`; it names no
    /// field, so the row ends before it.
    @Test func aNameNumberPastIntMaxNamesNothing() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent("field-number-past-int-max")))
        let row = try #require(RowEncoding.decode(bytes, key: "Character:1", names: Self.name))
        #expect(row.type == "Character")
        #expect(row.cells.isEmpty)
        // The same number as a link's type, in a root cell.
        #expect(RowEncoding.decodeValue([6] + [UInt8](repeating: 0xFF, count: 9) + [0x01, 0x01], names: Self.name) == nil)
    }
}
