import Foundation
import Testing

/// Tests/BatonTests/Generated/ holds lenses written by hand "as batonc is to emit" the conformance
/// documents, so the runtime's own tests can name short types and slots (`Character`, not
/// `TestHeaderQuery.Data.Character_`; `Slots.Query.character_id`, not a digest) and keep only what
/// they check (some files are plans alone). They are not replaced by batonc's output: the runtime's
/// tests would have to follow batonc's names and its operation structs everywhere. What they are
/// held to is their reads: every accessor line there must be one batonc emits (in
/// Conformance/BatonConformance/Generated, from the same documents), up to those names — so a read
/// that batonc no longer spells that way fails here.
@Suite struct HandWrittenLensesTests {
    /// Accessors the hand-written files shape differently from batonc, each with why.
    static let handMade: Set<String> = [
        // batonc names a plural's lens after its field (`CharactersByIds`); the test reuses `Character`.
        "@MainActor var charactersByIds: List<Character>? { anchor.read(plural: Slots.Query.charactersByIds_*) }",
        // The root link reads the fragment's lens directly; batonc reads a lens that spreads it.
        "@MainActor var character: TestNotes_character? { anchor.read(link: Slots.Query.character_*) }",
        // A field-error accessor and a non-null read of a nullable field, which the runtime's tests
        // read; batonc emits neither for this document.
        "@MainActor var nameError: FieldError? { anchor.fieldError(Slots.Character.name) }",
        "@MainActor var species: String { anchor.read(Slots.Character.species) }",
    ]

    @Test func everyHandWrittenReadIsOneBatoncEmits() throws {
        let handWritten = Fixtures.repository.appendingPathComponent("Tests/BatonTests/Generated")
        let emitted = Set(try Self.accessors(in: Fixtures.generated))
        let written = try Self.accessors(in: handWritten)
        #expect(written.count > 50)
        for line in written where !emitted.contains(line) && !Self.handMade.contains(line) {
            Issue.record("batonc emits no such read: \(line)")
        }
        // A hand-made line that batonc now emits belongs with the others.
        for line in Self.handMade { #expect(written.contains(line) && !emitted.contains(line), "\(line)") }
    }

    /// The accessor lines of the Swift files in `folder`, normalized.
    static func accessors(in folder: URL) throws -> [String] {
        var lines: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains("@MainActor var ") && line.contains("anchor.") {
                lines.append(normalized(String(line)))
            }
        }
        return lines
    }

    /// Without the names batonc chooses: a nested lens qualified through its owners (`A.Data.B` →
    /// `B`), a lens suffixed `_` where its name would clash, a variable key's slot named by a digest
    /// (`character_d86a09` → `character_*`). Both sides lose the same qualifiers (`Baton.`, `Types.`).
    static func normalized(_ line: String) -> String {
        var text = line.trimmingCharacters(in: .whitespaces)
        for (pattern, template) in [
            (#"\b(?:[A-Z]\w*\.)+([A-Z]\w*)(?![\w.])"#, "$1"),
            (#"\b([A-Z]\w*?)_+\b"#, "$1"),
            (#"(Slots\.\w+\.[a-zA-Z]+)_\w+"#, "$1_*"),
        ] {
            let regex = try! NSRegularExpression(pattern: pattern)
            text = regex.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
        }
        return text
    }
}
