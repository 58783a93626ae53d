import BatonIR
import BatonTransforms
import Testing

/// The hashes against the published test vectors (RFC 1321, FIPS 180 examples).
@Suite struct PersistedDocumentIDTests {
    @Test(arguments: [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
        ("12345678901234567890123456789012345678901234567890123456789012345678901234567890", "57edf4a22be3c955ac49da2e2107b67a"),
    ])
    func md5(_ input: String, _ expected: String) {
        #expect(PersistedDocumentID.id(of: input, algorithm: .md5) == expected)
    }

    @Test(arguments: [
        ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
    ])
    func sha1(_ input: String, _ expected: String) {
        #expect(PersistedDocumentID.id(of: input, algorithm: .sha1) == expected)
    }

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func sha256(_ input: String, _ expected: String) {
        #expect(PersistedDocumentID.id(of: input, algorithm: .sha256) == expected)
    }

    /// Messages whose padding crosses a block boundary (55, 56, 63, 64 and 65 bytes) give
    /// 32/40/64 lowercase hex digits and differ from each other.
    @Test func blockBoundaries() {
        for algorithm in PersistedDocumentID.Algorithm.allCases {
            let ids = [55, 56, 63, 64, 65].map { PersistedDocumentID.id(of: String(repeating: "a", count: $0), algorithm: algorithm) }
            #expect(Set(ids).count == 5)
            let length =
                switch algorithm {
                case .md5: 32
                case .sha1: 40
                case .sha256: 64
                }
            #expect(ids.allSatisfy { $0.count == length && $0.allSatisfy { "0123456789abcdef".contains($0) } })
        }
        // Known: MD5 of 64 "a"s.
        #expect(PersistedDocumentID.id(of: String(repeating: "a", count: 64), algorithm: .md5) == "014842d480b571495a4a0363793f7367")
    }
}

@Suite struct FragmentArgumentsHashTests {
    @Test func murmurhash3KnownVectors() {
        #expect(Murmur3.hash32(Array("hello".utf8)) == 0x248b_fa47)
        #expect(Murmur3.hash32([]) == 0)
        #expect(Murmur3.base62(0) == "0")
        #expect(Murmur3.base62(61) == "Z")
        #expect(Murmur3.base62(62) == "10")
    }

    /// The suffix every refetch query's fragment copy carries in spec/conformance/documents.
    @Test func countAndCursorVariablesHashAsRelayDoes() {
        let arguments = [IRArgument(name: "count", value: .variable("count")), IRArgument(name: "cursor", value: .variable("cursor"))]
        #expect(
            FragmentArgumentsHash.identifier(arguments)
                == #"[{"name":"count","value":{"variable":"count"}},{"name":"cursor","value":{"variable":"cursor"}}]"#)
        #expect(FragmentArgumentsHash.appliedName("TestNotes_character", arguments: arguments) == "TestNotes_character_1G22uz")
        // Sorted by name, so the order written does not matter.
        #expect(FragmentArgumentsHash.hash(arguments.reversed()) == "1G22uz")
    }

    @Test func constantsListsAndObjects() {
        let arguments = [
            IRArgument(name: "n", value: .int("1")),
            IRArgument(name: "s", value: .string("a\"b", block: false)),
            IRArgument(name: "l", value: .list([.variable("x"), .enumValue("ALIVE")])),
            IRArgument(name: "o", value: .object([IRObjectField(name: "k", value: .null)])),
        ]
        #expect(
            FragmentArgumentsHash.identifier(arguments)
                == #"[{"name":"l","value":{"list":[{"variable":"x"},{"value":"ALIVE"}]}},{"name":"n","value":{"value":1}},{"name":"o","value":{"value":{"k":null}}},{"name":"s","value":{"value":"a\"b"}}]"#
        )
        #expect(FragmentArgumentsHash.hash([]) == nil)
        #expect(FragmentArgumentsHash.appliedName("F", arguments: []) == "F")
    }
}
