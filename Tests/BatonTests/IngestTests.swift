@_spi(Generated) import Baton
import BatonInspector
import Testing

/// The envelope, completeness, nesting and error placement.
@MainActor @Suite struct IngestTests {
    func ingest(_ json: String, complete: Bool = true) throws(IngestError) -> ChangeSet {
        try Ingest.changeSet(Array(json.utf8), plan: TestStrictQuery.plan, variables: ["id": "1"], complete: complete)
    }

    func kind(_ json: String, complete: Bool = true) -> IngestError.Kind? {
        do {
            _ = try ingest(json, complete: complete)
            return nil
        } catch {
            return error.kind
        }
    }

    @Test func envelope() {
        #expect(kind(#"{"data":{"character":null}}"#) == nil)
        #expect(kind(#"{"data":null,"errors":[{"message":"denied"}]}"#) == .request)
        #expect(kind(#"{"errors":[{"message":"denied"}]}"#) == .request)
        #expect(kind(#"{}"#) == .malformed)
        #expect(kind(#"{"data":null}"#) == .malformed)
        #expect(kind(#"{"data":{"character":null}} x"#) == .malformed)
        #expect(kind(#"[]"#) == .malformed)
        #expect(kind("") == .malformed)
        // Members the plan does not know are skipped, whatever they hold.
        #expect(kind(#"{"extensions":{"cost":[1,{"a":"]"}]},"data":{"other":[[{}]],"character":null},"hasNext":false}"#) == nil)
    }

    @Test func requestErrorsCarryTheServersErrors() {
        do {
            _ = try ingest(#"{"data":null,"errors":[{"message":"denied","extensions":{"code":"FORBIDDEN"}}]}"#)
            Issue.record("expected a request error")
        } catch {
            #expect(error.errors == [ResponseError(message: "denied", path: nil, extensions: #"{"code":"FORBIDDEN"}"#)])
        }
    }

    @Test func aCompleteResponseAnswersEveryField() {
        #expect(kind(#"{"data":{"character":{"id":"1","name":"Rick"}}}"#) == .malformed)
        #expect(kind(#"{"data":{"character":{"id":"1","name":"Rick"}}}"#, complete: false) == nil)
        #expect(kind(#"{"data":{"character":{"species":"Human","id":"1","name":"Rick"}}}"#) == nil)
    }

    @Test func brokenJSONIsMalformedAtItsPosition() throws {
        let bad = #"{"data":{"character":{"id":"1","name":"Ri\x"}}}"#
        do {
            _ = try ingest(bad)
            Issue.record("expected a malformed response")
        } catch {
            #expect(error.kind == .malformed)
            #expect(error.offset == Array(bad.utf8).firstIndex(of: UInt8(ascii: "x"))!)
        }
        #expect(kind(#"{"data":{"character":{"id":"1" "name":"R"}}}"#) == .malformed)
        #expect(kind(#"{"data":{"character":{"id":01}}}"#) == .malformed)
        #expect(kind(#"{"data":{"character":{"id":"1","name":tru}}}"#) == .malformed)
        #expect(kind(#"{"data":{"x":[1,2}}}"#) == .malformed)
    }

    @Test func deepValuesInSkippedMembersNeitherCrashNorRecurse() {
        let depth = 200_000
        let balanced =
            "{\"data\":{\"deep\":" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            + ",\"character\":null}}"
        #expect(kind(balanced) == nil)
        let unbalanced = "{\"data\":{\"deep\":" + String(repeating: "[", count: depth) + "}}"
        #expect(kind(unbalanced) == .malformed)
    }

    /// A record met twice keeps one entry per slot, the last value read, even when an object wrote
    /// the slot twice (two aliases of one field): the commit stores what writing every entry would.
    @Test func aRecordMetAgainKeepsTheLastValueOfEachSlot() async throws {
        let query = Registry.type("IngestTestsMergeQuery")
        let item = Registry.type("IngestTestsItem")
        let name = Registry.slot(item, "name")
        let id = Registry.slot(item, "id")
        let both = Selection(
            type: item, key: ["id"],
            fields: [
                .scalar("id", key: .fixed(id), kind: .id),
                .scalar("x", key: .fixed(name), kind: .string),
                .scalar("y", key: .fixed(name), kind: .string),
            ])
        let one = Selection(
            type: item, key: ["id"],
            fields: [
                .scalar("id", key: .fixed(id), kind: .id),
                .scalar("x", key: .fixed(name), kind: .string),
            ])
        let plan = Plan(
            root: Selection(
                type: query,
                fields: [
                    .linked("a", key: .fixed(Registry.slot(query, "a")), selection: both),
                    .linked("b", key: .fixed(Registry.slot(query, "b")), selection: one),
                    .linked("c", key: .fixed(Registry.slot(query, "c")), selection: both),
                ]))
        let json = #"{"data":{"a":{"id":"1","x":"first","y":"second"},"b":{"id":"1","x":"third"},"c":{"id":"2","x":"p","y":"q"}}}"#
        let changes = try Ingest.changeSet(Array(json.utf8), plan: plan, complete: true)
        let store = Store()
        store.commit(changes)
        func storedName(_ key: String) -> String? {
            guard
                case .string(let text)? = store.record(forKey: key)?.exportedFields(in: store)
                    .first(where: { $0.key == "name" })?.value
            else { return nil }
            return text
        }
        #expect(storedName("IngestTestsItem:1") == "third")
        #expect(storedName("IngestTestsItem:2") == "q")
        let first = try #require(changes.records.first { $0.key == "IngestTestsItem:1" })
        #expect(first.entries.map { changes.decoded($0.value) }.last == .string("third"))
    }

    @Test func selectionsNestAtMostTwentyFourLevels() {
        let type = Registry.type("IngestTestsNode")
        let child = Registry.slot(type, "child")
        let name = Registry.slot(type, "name")
        func chain(_ levels: Int) -> Selection {
            var selection = Selection(type: type, fields: [.scalar("name", key: .fixed(name), kind: .string)])
            for _ in 0..<levels {
                selection = Selection(type: type, fields: [.linked("child", key: .fixed(child), selection: selection)])
            }
            return selection
        }
        func response(_ levels: Int) -> [UInt8] {
            Array(
                ("{\"data\":" + String(repeating: "{\"child\":", count: levels) + "{\"name\":\"x\"}"
                    + String(repeating: "}", count: levels) + "}").utf8)
        }
        #expect(throws: Never.self) {
            try Ingest.changeSet(response(24), plan: Plan(root: chain(24)), complete: true)
        }
        #expect(throws: IngestError.self) {
            try Ingest.changeSet(response(25), plan: Plan(root: chain(25)), complete: true)
        }
    }

    @Test func errorsLandOnTheLastFieldTheirPathReaches() throws {
        let changes = try Ingest.changeSet(
            Array(
                #"{"errors":[{"message":"m","path":["character","name"]},{"message":"no field","path":["nothing"]},{"message":"bad","path":["character",1.5]}],"data":{"character":{"id":"1","name":null,"species":"Human"}}}"#
                    .utf8),
            plan: TestStrictQuery.plan, variables: ["id": "1"], complete: true)
        let character = try #require(changes.records.first { $0.key == "Character:1" })
        #expect(character.errors.map(\.error) == [FieldError(message: "m", path: "character.name")])
        #expect(changes.unplacedErrors.map(\.message) == ["no field", "bad"])
    }

    /// Strings are scanned eight bytes at a time: an escape, a control character or the closing quote
    /// is found wherever it falls, and an equal string committed again changes nothing.
    @Test func stringsOfEveryLengthWithAnEscapeAnywhere() async throws {
        let environment = Environment()
        for length in 0..<20 {
            let plain = String(repeating: "é", count: length / 2) + String(repeating: "a", count: length - length / 2)
            try await environment.commitPayload(
                TestTokenizerQuery(), Payload(json: #"{"data":{"tokenizer":{"id":"t1","text":"\#(plain)"}}}"#))
            let lens = try #require(environment.data(for: TestTokenizerQuery()).tokenizer)
            #expect(lens.text == plain)
            let again = try await environment.commitPayload(
                TestTokenizerQuery(), Payload(json: #"{"data":{"tokenizer":{"id":"t1","text":"\#(plain)"}}}"#))
            #expect(again.changed == 0)
            for position in 0...plain.count {
                let at = plain.index(plain.startIndex, offsetBy: position)
                let escaped = String(plain[..<at]) + #"\""# + String(plain[at...])
                try await environment.commitPayload(
                    TestTokenizerQuery(), Payload(json: #"{"data":{"tokenizer":{"id":"t1","text":"\#(escaped)"}}}"#))
                #expect(lens.text == String(plain[..<at]) + "\"" + String(plain[at...]))
                let control = String(plain[..<at]) + "\u{01}" + String(plain[at...])
                #expect(throws: IngestError.self) {
                    try Ingest.changeSet(
                        Array(#"{"data":{"tokenizer":{"id":"t1","text":"\#(control)"}}}"#.utf8),
                        plan: TestTokenizerQuery.plan, complete: false)
                }
            }
        }
    }

    @Test func anIntAnsweredWithAWholeFloatReadsAsThatInt() async throws {
        let environment = Environment()
        try await environment.commitPayload(
            TestTokenizerQuery(),
            Payload(json: #"{"data":{"tokenizer":{"id":"t1","count":3.0,"counts":[1e2,-0]}}}"#))
        let tokenizer = try #require(environment.data(for: TestTokenizerQuery()).tokenizer)
        #expect(tokenizer.count == 3)
        #expect(tokenizer.counts == [100, 0])
    }

    @Test func aKeyAfterALinkIsFoundByLookingAhead() async throws {
        // The path-keyed child needs its parent's key before the parent's `id` arrives.
        let environment = Environment()
        try await environment.commitPayload(TestKeys(id: "7", name: nil), Payload(json: #"{"data":{"characters":{"info":{"count":3}}}}"#))
        #expect(environment.store.record(forKey: "client:root:characters(filter:{\"name\":null,\"status\":\"Alive\"}):info") != nil)
        let union = Environment()
        try await union.commitPayload(
            TestUnion(name: "n"), Payload(json: #"{"data":{"search":[{"label":"L","__typename":"Location","id":"4"}]}}"#))
        #expect(union.store.record(forKey: "Location:4") != nil)
    }
}
