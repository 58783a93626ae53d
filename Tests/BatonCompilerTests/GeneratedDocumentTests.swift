import BatonCompiler
import BatonDiagnostics
import BatonDocumentGenerator
import BatonSchema
import Foundation
import Testing

/// The structure-aware fuzz target's property, over a fixed set of generated documents in every
/// test run: each compiles to an end, and each that compiles without error prints operations the
/// specification's rules accept. The counts check that the generator reaches past validation.
@Suite struct GeneratedDocumentTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func schema(_ name: String) throws -> Schema {
        let path = repository.appendingPathComponent("spec/schemas/\(name).schema.graphql").path
        let data = try #require(FileManager.default.contents(atPath: path), "cannot read \(path)")
        var diagnostics: [Diagnostic] = []
        let schema = Compilation.buildSchema([Source(name: path, bytes: Array(data))], extensions: [], into: &diagnostics)
        #expect(!diagnostics.hasErrors)
        return try #require(schema)
    }

    /// SplitMix64: the same bytes every run, so a failure names a document that fails again.
    static func bytes(seed: UInt64, count: Int) -> [UInt8] {
        var state = seed
        var out: [UInt8] = []
        out.reserveCapacity(count)
        while out.count < count {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            withUnsafeBytes(of: z) { out.append(contentsOf: $0) }
        }
        return Array(out.prefix(count))
    }

    @Test(arguments: [("rick-and-morty", 0.4), ("relay-checks", 0.4), ("github", 0.4)])
    func generatedDocumentsCompileToValidText(schemaName: String, minimumShare: Double) throws {
        let schema = try Self.schema(schemaName)
        let documents = 300
        var compiled = 0
        var operations = 0
        var deferred = 0
        for seed in 0..<documents {
            let document = DocumentGenerator.document(schema: schema, bytes: Self.bytes(seed: UInt64(seed), count: 256))
            switch GeneratedDocumentCheck.run(document, schema: schema) {
            case .rejected: break
            case .compiled(let count):
                compiled += 1
                operations += count
                if document.contains("@defer") || document.contains("@stream") { deferred += 1 }
            case .invalidText(let operation, let text, let findings):
                Issue.record("seed \(seed): \(operation) prints invalid text \(findings)\n\(text)\nfrom\n\(document)")
            }
        }
        // The generator is meant to reach the transforms: about half compile without error (153,
        // 149 and 160 of 300 when written); fewer means it slips more than it should.
        #expect(Double(compiled) >= minimumShare * Double(documents), "\(compiled) of \(documents) compiled")
        #expect(operations >= compiled)
        #expect(deferred > 0, "no compiled document used @defer or @stream")
    }

    /// Every input `fuzz-documents` once failed on (spec/fuzz-regressions/documents), through the
    /// same entry point: its first byte picks the schema, the rest are the generator's choices.
    /// None may print invalid text: each is refused now, or compiles to text the rules accept.
    @Test func fuzzRegressionInputsPrintNoInvalidText() throws {
        let folder = Self.repository.appendingPathComponent("spec/fuzz-regressions/documents")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let schemas = try ["rick-and-morty", "relay-checks", "github"].map(Self.schema)
        var ran = 0
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
            let schema = schemas[Int(try #require(bytes.first)) % schemas.count]
            let document = DocumentGenerator.document(schema: schema, bytes: Array(bytes.dropFirst()))
            if case .invalidText(let operation, let text, let findings) = GeneratedDocumentCheck.run(document, schema: schema) {
                Issue.record("\(file): \(operation) prints invalid text \(findings)\n\(text)\nfrom\n\(document)")
            }
            ran += 1
        }
        #expect(ran == files.count)
        #expect(ran >= 1, "no regression inputs in \(folder.path)")
    }

    @Test func theSameBytesPrintTheSameDocument() throws {
        let schema = try Self.schema("relay-checks")
        let bytes = Self.bytes(seed: 7, count: 300)
        let first = DocumentGenerator.document(schema: schema, bytes: bytes)
        #expect(first == DocumentGenerator.document(schema: schema, bytes: bytes))
        #expect(first != DocumentGenerator.document(schema: schema, bytes: Self.bytes(seed: 8, count: 300)))
        // No bytes: the smallest document, still a document.
        #expect(DocumentGenerator.document(schema: schema, bytes: []).contains("query"))
    }
}
