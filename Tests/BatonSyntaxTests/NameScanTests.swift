import BatonDiagnostics
import Testing

@testable import BatonSyntax

/// Names are scanned eight bytes at a time and made into strings through a per-parse table;
/// these pin both to the byte-at-a-time definition of a name.
@Suite struct NameScanTests {
    static func isNameByte(_ b: UInt8) -> Bool {
        (0x30...0x39).contains(b) || (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) || b == 0x5F
    }

    @Test func everyByteOfAWordIsClassified() {
        // Each byte value at each of the eight positions, among name and non-name neighbours.
        for fill: UInt8 in [0x61, 0x5F, 0x39, 0x20, 0x80, 0x7F] {
            for position in 0..<8 {
                for b in 0...255 {
                    var bytes = [UInt8](repeating: fill, count: 8)
                    bytes[position] = UInt8(b)
                    let word = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
                    let stops = nonNameBytes(word)
                    for i in 0..<8 {
                        let stop = (stops >> UInt64(8 * i + 7)) & 1 == 1
                        #expect(stop == !Self.isNameByte(bytes[i]), "byte \(bytes[i]) at \(i)")
                    }
                }
            }
        }
    }

    @Test func namesEndAtTheFirstNonNameByteWhateverTheirLength() {
        let enders: [String] = [" ", "\n", ",", "(", "{", "}", ":", "@", "!", "$", "-", ".", "é", "\u{7F}", "`", "[", "~", "/"]
        for length in 1...19 {
            // "x" then letters, digits and underscores: every kind of name byte at every offset.
            let first = "x" + String((1..<length).map { Array("aZ_7")[$0 % 4] })
            for ender in enders {
                for padding in ["", " ", "          "] {
                    let text = first + ender + padding
                    let (tokens, _) = Lexer.tokenize(Source(name: "n.graphql", text: text))
                    #expect(tokens.first?.kind == .name, "\(text.debugDescription)")
                    #expect(tokens.first?.end == first.utf8.count, "\(text.debugDescription)")
                }
            }
        }
    }

    @Test func repeatedNamesKeepTheirValuesAndRanges() {
        // Long and short names, repeated, and names sharing prefixes or lengths.
        let text = """
            query { averyveryverylongfieldname_1 a averyveryverylongfieldname_2 ab a \
            averyveryverylongfieldname_1 { ab b averyveryverylongfieldname_2 } ba }
            """
        let document = Parser.parse(Source(name: "r.graphql", text: text)).document
        guard case .operation(let operation) = document.definitions.first else {
            Issue.record("no operation")
            return
        }
        func names(_ set: SelectionSet) -> [String] {
            set.selections.flatMap { selection -> [String] in
                guard case .field(let f) = selection else { return [] }
                return [f.name.value] + (f.selectionSet.map(names) ?? [])
            }
        }
        #expect(
            names(operation.selectionSet) == [
                "averyveryverylongfieldname_1", "a", "averyveryverylongfieldname_2", "ab", "a",
                "averyveryverylongfieldname_1", "ab", "b", "averyveryverylongfieldname_2", "ba",
            ])
        let utf8 = Array(text.utf8)
        for selection in operation.selectionSet.selections {
            guard case .field(let f) = selection else { continue }
            #expect(String(decoding: utf8[f.name.range.start..<f.name.range.end], as: UTF8.self) == f.name.value)
        }
    }

    @Test func manyDistinctNamesGrowTheTable() {
        // More names than the table's first size, each read back as written.
        let fields = (0..<3000).map { "f\($0)_\(String(repeating: "x", count: $0 % 23))" }
        let text = "{ " + fields.joined(separator: " ") + " " + fields.reversed().joined(separator: " ") + " }"
        let document = Parser.parse(Source(name: "m.graphql", text: text)).document
        guard case .operation(let operation) = document.definitions.first else {
            Issue.record("no operation")
            return
        }
        let parsed = operation.selectionSet.selections.compactMap { selection -> String? in
            if case .field(let f) = selection { return f.name.value } else { return nil }
        }
        #expect(parsed == fields + fields.reversed())
    }
}
