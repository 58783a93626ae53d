@_spi(Generated) import Baton
import BatonTesting
import Foundation

@testable import BatonImage

// Hand-written operations over a small schema, as batonc would emit them: a list of characters
// (the query root's `characters` field, each with a name and an origin), and a transient `Secret`
// behind the root field `Query.secrets` and the character's `secret` link.

enum Types {
    static let Query = Registry.type("Query")
    static let Character = Registry.type("Character")
    static let Location = Registry.type("Location")
    static let Secret = Registry.type("Secret", transient: true)
    static let transient = Transient(types: [Types.Secret], fields: ["Query.secrets"])
}

enum Slots {
    static let characters = Registry.slot(Types.Query, "characters")
    static let secrets = Registry.slot(Types.Query, "secrets")
    static let character_id = DynamicKey(Types.Query, "character", [.init("id", [.variable("id")])])
    static let id = Registry.slot(Types.Character, "id")
    static let name = Registry.slot(Types.Character, "name")
    static let origin = Registry.slot(Types.Character, "origin")
    static let secret = Registry.slot(Types.Character, "secret")
    static let locationID = Registry.slot(Types.Location, "id")
    static let locationName = Registry.slot(Types.Location, "name")
    static let secretID = Registry.slot(Types.Secret, "id")
    static let code = Registry.slot(Types.Secret, "code")
}

enum Selections {
    static let location = Selection(
        type: Types.Location, key: ["id"],
        fields: [
            .scalar("id", key: .fixed(Slots.locationID), kind: .id),
            .scalar("name", key: .fixed(Slots.locationName), kind: .string),
        ])
    static let secret = Selection(
        type: Types.Secret, key: ["id"],
        fields: [
            .scalar("id", key: .fixed(Slots.secretID), kind: .id),
            .scalar("code", key: .fixed(Slots.code), kind: .string),
        ])
    static let character = Selection(
        type: Types.Character, key: ["id"],
        fields: [
            .scalar("id", key: .fixed(Slots.id), kind: .id),
            .scalar("name", key: .fixed(Slots.name), kind: .string),
            .linked("origin", key: .fixed(Slots.origin), selection: location),
        ])
}

/// `query Characters { characters { id name origin { id name } } }`
struct CharactersQuery: Baton.Query {
    static let name = "Characters"
    static let document = Document.text("query Characters{characters{id,name,origin{id,name}}}")
    static let plan = Plan(
        root: Selection(
            type: Types.Query, fields: [.plural("characters", key: .fixed(Slots.characters), selection: Selections.character)]),
        transient: Types.transient)
    var variables: Variables { [:] }

    struct Data: Lens {
        let anchor: Anchor
    }
}

/// `query Character($id: ID!) { character(id: $id) { id name origin { id name } } }`
struct CharacterQuery: Baton.Query {
    static let name = "Character"
    static let document = Document.text("query Character($id:ID!){character(id:$id){id,name,origin{id,name}}}")
    static let plan = Plan(
        root: Selection(
            type: Types.Query, fields: [.linked("character", key: .dynamic(Slots.character_id), selection: Selections.character)]),
        transient: Types.transient)
    var id: String
    var variables: Variables { ["id": .string(id)] }

    struct Data: Lens {
        let anchor: Anchor
    }
}

/// `query Secrets { secrets { id code } characters { id name secret { id code } } }`: `Secret` and
/// `Query.secrets` are transient.
struct SecretsQuery: Baton.Query {
    static let name = "Secrets"
    static let document = Document.text("query Secrets{secrets{id,code},characters{id,name,secret{id,code}}}")
    static let plan = Plan(
        root: Selection(
            type: Types.Query,
            fields: [
                .plural("secrets", key: .fixed(Slots.secrets), selection: Selections.secret),
                .plural(
                    "characters", key: .fixed(Slots.characters),
                    selection: Selection(
                        type: Types.Character, key: ["id"],
                        fields: [
                            .scalar("id", key: .fixed(Slots.id), kind: .id),
                            .scalar("name", key: .fixed(Slots.name), kind: .string),
                            .linked("secret", key: .fixed(Slots.secret), selection: Selections.secret),
                        ])),
            ]),
        transient: Types.transient)
    var variables: Variables { [:] }

    struct Data: Lens {
        let anchor: Anchor
    }
}

enum Responses {
    /// `count` characters, each from one of two locations; names carry `tag`.
    static func characters(_ count: Int = 3, tag: String = "v1") -> Payload {
        var items: [String] = []
        for index in 1...count {
            items.append(
                #"{"id":"\#(index)","name":"Character \#(index) \#(tag)","origin":{"id":"L\#(index % 2)","name":"Place \#(index % 2)"}}"#
            )
        }
        return Payload(json: #"{"data":{"characters":[\#(items.joined(separator: ","))]}}"#)
    }

    static let secrets = Payload(
        json:
            #"{"data":{"secrets":[{"id":"s1","code":"TOPSECRET-ROOT-4711"}],"characters":[{"id":"1","name":"Rick","secret":{"id":"s2","code":"TOPSECRET-LINKED-0815"}}]}}"#
    )
}

/// A temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("baton-image-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String = "app.baton-image") -> URL { url.appendingPathComponent(name) }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// An environment over an image, with its log collected.
@MainActor final class Session {
    let environment: Environment
    private(set) var events: [LogEvent] = []

    init(_ persistence: Persistence, clock: StoreClock = StoreClock()) {
        environment = Environment(store: Store(persistence: persistence, clock: clock))
        environment.log = { [unowned self] event in events.append(event) }
    }

    var store: Store { environment.store }

    /// Waits until the image has said how its opening went.
    func opened() async -> Bool {
        await wait(until: { self.events.contains { $0 == .imageOpened || $0 == .imageUnavailable } }, timeout: .seconds(120))
    }

    /// Waits until the image has written `batches` batches in all.
    func written(_ batches: Int) async -> Bool {
        await wait(until: { self.writtenBatches >= batches }, timeout: .seconds(120))
    }

    /// Ends the environment and waits until its image has written what it held and given the file
    /// back (so a test may touch the file's bytes).
    func end() async -> Bool {
        environment.end()
        guard let image = store.image as? ImageFile else { return true }
        return await wait(until: { image.hasEnded }, timeout: .seconds(120))
    }

    var writtenBatches: Int {
        events.reduce(0) { total, event in
            if case .imageWritten(let count) = event { return total + count }
            return total
        }
    }

    /// A field of a record as the store holds it, untracked.
    func value(_ key: String, _ field: String) -> Value? {
        store.record(forKey: key)?.exportedFields(in: store).first { $0.key == field }?.value
    }

    func string(_ key: String, _ field: String) -> String? {
        if case .string(let text)? = value(key, field) { return text }
        return nil
    }
}

/// `mutation DeleteCharacter($id: ID!) { deleteCharacter(id: $id) { id @deleteRecord } }`
struct DeleteCharacterMutation: Baton.Operation {
    static let name = "DeleteCharacter"
    static let payload = Registry.type("DeleteCharacterPayload")
    static let plan = Plan(
        root: Selection(
            type: .mutation,
            fields: [
                .linked(
                    "deleteCharacter", key: .fixed(Registry.slot(.mutation, "deleteCharacter")),
                    selection: Selection(
                        type: payload,
                        fields: [.scalar("id", key: .fixed(Registry.slot(payload, "id")), kind: .id, edit: .deleteRecord)]))
            ]),
        kind: .mutation)
    var id: String
    var variables: Variables { ["id": .string(id)] }

    struct Data: Lens {
        let anchor: Anchor
    }
}
