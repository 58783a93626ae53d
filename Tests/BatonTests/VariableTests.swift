@_spi(Generated) import Baton
import Foundation
import Testing

/// An input object as batonc is to emit it (`input FilterCharacter { name: String status: String }`).
struct FilterCharacter: Baton.InputObject {
    var name: String?
    var status: String?
    var variable: Baton.VariableValue { Self.object([("name", name?.variable), ("status", status?.variable)]) }
}

/// Swift values as variables, and the keys they render.
@Suite struct VariableTests {
    @Test func swiftValuesBecomeVariables() {
        let page: Int? = nil
        #expect(page.variable == .null)
        #expect(Optional(2).variable == .int(2))
        #expect(["7", "2"].variable == .list(["7", "2"]))
        #expect(Status.ALIVE.variable == .string("ALIVE"))
        #expect(Decimal(string: "1.5")!.variable == .string("1.5"))
        #expect(URL(string: "https://example.org")!.variable == .string("https://example.org"))
        #expect(Indirect(FilterCharacter(name: "Rick")).variable == .object(["name": "Rick"]))
    }

    @Test func anUnsetInputFieldIsAbsentFromTheKey() {
        let key = DynamicKey(Types.Query, "characters", [.init("filter", [.variable("filter")])])
        #expect(key.render(["filter": FilterCharacter(status: "Alive").variable]) == #"characters(filter:{"status":"Alive"})"#)
        #expect(
            key.render(["filter": FilterCharacter(name: "Rick", status: "Alive").variable])
                == #"characters(filter:{"name":"Rick","status":"Alive"})"#)
        #expect(key.render(["filter": Optional<FilterCharacter>.none.variable]) == "characters")
    }
}
