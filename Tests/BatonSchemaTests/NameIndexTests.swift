import Testing

@testable import BatonSchema

// `NameIndex.hash` reads a short string's bytes from the words of its `String` value
// (`StringWords`); these check that layout against hashing the bytes themselves, for strings
// made in the different ways names reach the index.
@Suite struct NameIndexTests {
    /// The hash of a name's UTF-8 bytes, never through `StringWords`.
    static func byteHash(_ name: String) -> UInt64 {
        var copy = name
        return copy.withUTF8 { NameIndex.hash(bytes: UnsafeRawBufferPointer($0)) }
    }

    static var names: [String] {
        var names = [
            "", "a", "id", "__typename", "abcdefg", "abcdefgh", "abcdefghi", "fifteen_bytes__",
            "sixteen_bytes___", "viewerCanAdminister", "é", "名前", "e\u{301}", "x🙂y",
        ]
        // Every length from 0 to 24, from a literal, by appending, and cut out of a longer text.
        let text = "abcdefghijklmnopqrstuvwxyz_0123456789"
        for length in 0...24 {
            names.append(String(text.prefix(length)))
            var built = ""
            for character in text.prefix(length) { built.append(character) }
            names.append(built)
            let bytes = Array(text.utf8.dropFirst(3).prefix(length))
            names.append(String(decoding: bytes, as: UTF8.self))
        }
        return names
    }

    @Test func wordsHashEqualsByteHash() {
        for name in Self.names {
            #expect(NameIndex.hash(name) == Self.byteHash(name), "\(name)")
            if let small = StringWords(name).smallHash { #expect(small == Self.byteHash(name), "\(name)") }
        }
    }

    @Test func shortNativeStringsAreSmallAndLongOnesAreNot() {
        #if _endian(little) && (arch(x86_64) || arch(arm64))
            for name in Self.names {
                #expect(StringWords(name).isSmall == (name.utf8.count <= 15), "\(name)")
            }
        #endif
    }

    @Test func equalShortStringsHaveEqualWords() {
        let literal = "databaseId"
        var built = "database"
        built += "Id"
        let decoded = String(decoding: Array("xdatabaseIdx".utf8.dropFirst().dropLast()), as: UTF8.self)
        #expect(StringWords(literal) == StringWords(built))
        #expect(StringWords(literal) == StringWords(decoded))
        #expect(StringWords(literal) != StringWords("databaseIx"))
    }

    @Test func indexFindsNamesWhateverTheirForm() {
        let names = Self.names.filter { !$0.isEmpty }
        let index = NameIndex(names: names.count) { names[$0] }
        for name in names {
            // A copy made by appending has the same text in a new value.
            var copy = ""
            copy.append(contentsOf: name)
            let position = index.position(of: copy) { names[$0] }
            #expect(position.map { names[$0] } == name, "\(name)")
        }
        #expect(index.position(of: "notThere") { names[$0] } == nil)
    }
}
