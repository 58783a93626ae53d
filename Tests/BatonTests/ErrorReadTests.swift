@_spi(Generated) import Baton
import Testing

/// A lens as batonc is to emit it for error directives on TestStrictQuery's character:
/// `name @required(action: THROW)`, `name @catch`, and a spread whose fragment requires `species`.
struct StrictReads: Baton.Lens {
    let anchor: Baton.Anchor
    init(anchor: Baton.Anchor) { self.anchor = anchor }
    @MainActor var requiredName: String { get throws { try anchor.required(Slots.Character.name) } }
    @MainActor var caughtName: Result<String?, Baton.FieldErrors> { anchor.caught(Slots.Character.name) }
    @MainActor var requiredSpecies: String { get throws { try anchor.required(Slots.Character.species) } }
}

struct RootReads: Baton.Lens {
    let anchor: Baton.Anchor
    init(anchor: Baton.Anchor) { self.anchor = anchor }
    /// `character { ...F }` where F has `name @required(action: NONE)`: nil when name is null.
    @MainActor var character: StrictReads? { anchor.read(link: Slots.Query.character_id, requiring: [Slots.Character.name]) }
}

@MainActor @Suite struct ErrorReadTests {
    @Test func readsOfAHiddenName() async throws {
        let environment = Environment()
        try await environment.commitResponse(TestStrictQuery(id: "1"), Payload(try Fixtures.bytes("tests/character-name-hidden.json")))
        let lens = try #require(environment.lens(StrictReads.self, at: "Character:1"))
        #expect(throws: FieldErrors([FieldError(message: "name hidden", path: "character.name")])) { try lens.requiredName }
        #expect(lens.caughtName == .failure(FieldErrors([FieldError(message: "name hidden", path: "character.name")])))
        #expect(try lens.requiredSpecies == "Human")
        let root = environment.lens(RootReads.self, at: "client:root", variables: ["id": "1"])
        #expect(root?.character == nil)
    }

    @Test func readsOfAnAnsweredName() async throws {
        let environment = Environment()
        try await environment.commitResponse(
            TestStrictQuery(id: "1"), Payload(json: #"{"data":{"character":{"id":"1","name":"Rick","species":null}}}"#))
        let lens = try #require(environment.lens(StrictReads.self, at: "Character:1"))
        #expect(try lens.requiredName == "Rick")
        #expect(lens.caughtName == .success("Rick"))
        #expect(throws: RequiredFieldError(type: "Character", field: "species")) { try lens.requiredSpecies }
        #expect(environment.lens(RootReads.self, at: "client:root", variables: ["id": "1"])?.character != nil)
    }
}

/// TestProfile_character's directives, read through its lens against the manifest's rows.
@MainActor @Suite struct ProfileReadTests {
    @Test func aRequiredNullOriginMakesTheFragmentReadAbsent() async throws {
        // tests/character-origin-null: "`origin` is @required and null, so the fragment reads absent".
        let environment = Environment()
        try await environment.commitResponse(TestProfileQuery(id: "1"), Payload(try Fixtures.bytes("tests/character-origin-null.json")))
        let character = try #require(environment.data(for: TestProfileQuery(id: "1")).character)
        #expect(character.testProfile == nil)
        #expect(character.id == "1")
    }

    @Test func caughtFieldsReadTheirErrors() async throws {
        let environment = Environment()
        try await environment.commitResponse(TestProfileQuery(id: "1"), try ScriptTests.characterErrors())
        let profile = try #require(environment.data(for: TestProfileQuery(id: "1")).character?.testProfile)
        #expect(profile.name == "Rick Sanchez")
        #expect(profile.origin.name == "Earth (C-137)")
        #expect(profile.status == "Alive")
        #expect(profile.image == .failure(FieldErrors([FieldError(message: "image service unavailable", path: "character.image")])))
        #expect(profile.gender == nil)
    }
}
