@_spi(Generated) import Baton
import Testing

/// Storage keys (GENERATED-CODE.md, "Shared file"), record keys and the process's slot numbering.
@Suite struct StorageKeyTests {
    static let type = Registry.type("StorageKeyTestsType")

    @Test func nullArgumentsAreLeftOut() {
        let notes = DynamicKey(Self.type, "notes", [.init("after", [.variable("after")]), .init("first", [.variable("first")])])
        #expect(notes.render(["first": 2]) == "notes(first:2)")
        #expect(notes.render(["first": 2, "after": .null]) == "notes(first:2)")
        #expect(notes.render(["first": 2, "after": "c2"]) == "notes(after:\"c2\",first:2)")
        #expect(notes.render([:]) == "notes")
    }

    @Test func valuesRenderAsJSONWithSortedObjectKeys() {
        let filter = DynamicKey(Self.type, "characters", [.init("filter", [.variable("filter")])])
        let value: VariableValue = .object([
            "status": "Alive", "name": "Rick", "tags": .list(["a", .null]), "nested": .object(["z": 1, "a": true]),
        ])
        #expect(
            filter.render(["filter": value])
                == #"characters(filter:{"name":"Rick","nested":{"a":true,"z":1},"status":"Alive","tags":["a",null]})"#)
    }

    @Test func stringsEscapeOnlyWhatJSONMust() {
        #expect(JSONText.quoted("a\"b\\c\nd\re\tf\u{01}/é") == #""a\"b\\c\nd\re\tf\u0001/é""#)
    }

    @Test func floatsRenderShortestWithExponentOutsideTheRange() {
        #expect(JSONText.float(2) == "2.0")
        #expect(JSONText.float(1.5) == "1.5")
        #expect(JSONText.float(0.0001) == "0.0001")
        #expect(JSONText.float(0.00001) == "1e-05")
        #expect(JSONText.float(9_007_199_254_740_992) == "9007199254740992.0")
        #expect(JSONText.float(1e16) == "1e+16")
        #expect(JSONText.float(-0.0) == "-0.0")
        let rate = DynamicKey(Self.type, "convert", [.init("rate", [.variable("rate")])])
        #expect(rate.render(["rate": .float(2)]) == "convert(rate:2.0)")
    }

    @Test func compositeKeysEscapeSeparators() {
        #expect(RecordKey.entity("Quote", ["BTC", "USD"]) == "Quote:BTC:USD")
        #expect(RecordKey.entity("Quote", ["A:B", "C\\D"]) == #"Quote:A\:B:C\\D"#)
        #expect(RecordKey.entity("Asset", ["a:b"]) == "Asset:a:b")
        #expect(
            RecordKey.path(parent: "client:root", storageKey: "search(name:\"Rick\")", index: 0, concreteType: "Character")
                == "client:root:search(name:\"Rick\"):0:Character")
    }

    @Test func slotsAreNumberedOncePerKeyAndDenselyPerType() {
        let type = Registry.type("StorageKeyTestsDense")
        let a = Registry.slot(type, "a")
        let b = Registry.slot(type, "b(x:1)")
        #expect(a.index == 0)
        #expect(b.index == 1)
        #expect(Registry.slot(type, "a") == a)
        #expect(b.key == "b(x:1)")
        #expect(Registry.type("StorageKeyTestsDense") == type)
    }

    /// A rendering whose text the build names as a constant takes the constant's slot: TestKeys
    /// writes `character(id:"a,b")` through a constant, TestHeaderQuery reads it through a key
    /// rendered from `$id`.
    @MainActor @Test func aRenderingTheBuildNamesTakesTheConstantsSlot() async throws {
        let environment = Environment()
        try await environment.commitResponse(TestKeys(id: "7", name: "Rick"), Payload(try Fixtures.bytes("tests/keys-1.json")))
        #expect(environment.data(for: TestHeaderQuery(id: "a,b")).character?.testHeader.name == "Comma")
        #expect(environment.data(for: TestHeaderQuery(id: "a")).character == nil)
    }
}
