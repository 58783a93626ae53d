@_spi(Generated) import Baton
import Testing

/// New bytes committed over a store that holds their values, as a refetch's are: the entries whose
/// slots already hold their values are compared where they lie and write nothing; from the first that
/// differs the commit writes in order, so a slot written twice in one object ends as its last value.
@MainActor @Suite struct RecommitTests {
    let query = Registry.type("RecommitTestsQuery")
    let item = Registry.type("RecommitTestsItem")

    /// An item's `name` twice (aliases `x` then `y`), keyed by `id`.
    var twice: Selection {
        Selection(
            type: item, key: ["id"],
            fields: [
                .scalar("id", key: .fixed(Registry.slot(item, "id")), kind: .id),
                .scalar("x", key: .fixed(Registry.slot(item, "name")), kind: .string),
                .scalar("y", key: .fixed(Registry.slot(item, "name")), kind: .string),
            ])
    }

    /// `a` writes `name` twice, `b` writes it once.
    var plan: Plan {
        Plan(
            root: Selection(
                type: query,
                fields: [
                    .linked("a", key: .fixed(Registry.slot(query, "a")), selection: twice),
                    .linked(
                        "b", key: .fixed(Registry.slot(query, "b")),
                        selection: Selection(
                            type: item, key: ["id"],
                            fields: [
                                .scalar("id", key: .fixed(Registry.slot(item, "id")), kind: .id),
                                .scalar("count", key: .fixed(Registry.slot(item, "count")), kind: .int),
                                .scalar("name", key: .fixed(Registry.slot(item, "name")), kind: .string),
                            ])),
                ]))
    }

    func commit(_ json: String, into store: Store) throws -> [String] {
        let changes = try Ingest.changeSet(Array(json.utf8), plan: plan, complete: true)
        return store.commit(changes).notified.map(\.description)
    }

    func storedName(_ key: String, in store: Store) -> String? {
        guard
            case .string(let text)? = store.record(forKey: key)?.exportedFields(in: store)
                .first(where: { $0.key == "name" })?.value
        else { return nil }
        return text
    }

    @Test func equalValuesWriteAndNotifyNothing() throws {
        let store = Store()
        let json = #"{"data":{"a":{"id":"1","x":"first","y":"second"},"b":{"id":"2","count":3,"name":"bee"}}}"#
        _ = try commit(json, into: store)
        #expect(try commit(json, into: store) == [])
        #expect(storedName("RecommitTestsItem:1", in: store) == "second")
        #expect(storedName("RecommitTestsItem:2", in: store) == "bee")
    }

    /// The slot holds the object's last value but not its first: writing both in order leaves it as it
    /// was, so nothing is notified and the last value stays.
    @Test func aSlotWrittenTwiceEndsAsItsLastValue() throws {
        let store = Store()
        _ = try commit(#"{"data":{"a":{"id":"1","x":"first","y":"second"},"b":{"id":"2","count":3,"name":"bee"}}}"#, into: store)
        #expect(try commit(#"{"data":{"a":{"id":"1","x":"other","y":"second"},"b":{"id":"2","count":3,"name":"bee"}}}"#, into: store) == [])
        #expect(storedName("RecommitTestsItem:1", in: store) == "second")
        let swapped = try commit(#"{"data":{"a":{"id":"1","x":"second","y":"first"},"b":{"id":"2","count":3,"name":"bee"}}}"#, into: store)
        #expect(swapped == ["RecommitTestsItem:1.name"])
        #expect(storedName("RecommitTestsItem:1", in: store) == "first")
    }

    /// An object met twice through one selection (the ingest merges the second's values in place):
    /// the slot it writes twice ends as the last object's last value.
    @Test func anObjectMetTwiceEndsAsItsLastValue() throws {
        let store = Store()
        _ = try commit(#"{"data":{"a":{"id":"1","x":"first","y":"second"},"b":{"id":"2","count":3,"name":"bee"}}}"#, into: store)
        let item = twice
        let met = Plan(
            root: Selection(
                type: query,
                fields: [
                    .linked("a", key: .fixed(Registry.slot(query, "a")), selection: item),
                    .linked("c", key: .fixed(Registry.slot(query, "c")), selection: item),
                ]))
        let json = #"{"data":{"a":{"id":"1","x":"first","y":"second"},"c":{"id":"1","x":"third","y":"fourth"}}}"#
        let changes = try Ingest.changeSet(Array(json.utf8), plan: met, complete: true)
        #expect(
            store.commit(changes).notified.map(\.description).sorted()
                == ["RecommitTestsItem:1.name", "client:root.c"])
        #expect(storedName("RecommitTestsItem:1", in: store) == "fourth")
    }

    /// A value that differs after equal ones is written and notified alone.
    @Test func aLaterDifferenceIsWrittenAlone() throws {
        let store = Store()
        _ = try commit(#"{"data":{"a":{"id":"1","x":"first","y":"second"},"b":{"id":"2","count":3,"name":"bee"}}}"#, into: store)
        let changed = try commit(#"{"data":{"a":{"id":"1","x":"first","y":"second"},"b":{"id":"2","count":3,"name":"wasp"}}}"#, into: store)
        #expect(changed == ["RecommitTestsItem:2.name"])
        #expect(storedName("RecommitTestsItem:2", in: store) == "wasp")
        let counted = try commit(#"{"data":{"a":{"id":"1","x":"first","y":"second"},"b":{"id":"2","count":4,"name":"wasp"}}}"#, into: store)
        #expect(counted == ["RecommitTestsItem:2.count"])
    }
}
