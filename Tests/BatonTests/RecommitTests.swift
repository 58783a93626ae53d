import Testing
@_spi(Generated) import Baton

/// New bytes committed over a store that holds their values, as a refetch's are: the entries whose
/// slots already hold their values are compared where they lie and write nothing; from the first that
/// differs the commit writes in order, so a slot written twice in one object ends as its last value.
@MainActor @Suite struct RecommitTests {
    let query = Registry.type("RecommitTestsQuery")
    let item = Registry.type("RecommitTestsItem")

    /// `a` writes `name` twice (aliases `x` then `y`), `b` writes it once; both keyed by `id`.
    var plan: Plan {
        let name = Registry.slot(item, "name")
        let id = Registry.slot(item, "id")
        let count = Registry.slot(item, "count")
        return Plan(root: Selection(type: query, fields: [
            .linked("a", key: .fixed(Registry.slot(query, "a")), selection: Selection(type: item, key: ["id"], fields: [
                .scalar("id", key: .fixed(id), kind: .id),
                .scalar("x", key: .fixed(name), kind: .string),
                .scalar("y", key: .fixed(name), kind: .string),
            ])),
            .linked("b", key: .fixed(Registry.slot(query, "b")), selection: Selection(type: item, key: ["id"], fields: [
                .scalar("id", key: .fixed(id), kind: .id),
                .scalar("count", key: .fixed(count), kind: .int),
                .scalar("name", key: .fixed(name), kind: .string),
            ])),
        ]))
    }

    func commit(_ json: String, into store: Store) throws -> [String] {
        let changes = try Ingest.changeSet(Array(json.utf8), plan: plan, complete: true)
        return store.commit(changes).notified.map(\.description)
    }

    func storedName(_ key: String, in store: Store) -> String? {
        guard case .string(let text)? = store.record(forKey: key)?.exportedFields(in: store)
            .first(where: { $0.key == "name" })?.value else { return nil }
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
