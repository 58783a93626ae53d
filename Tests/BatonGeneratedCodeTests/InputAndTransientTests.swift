@_spi(Generated) import Baton
import Foundation
import Testing

/// Input objects (a field leading back to its own type is boxed; a field named `variable` gets an
/// underscore) and the transient lists the shared file and every plan carry.
@Suite struct InputAndTransientTests {
    @Test func aSelfRecursiveInputIsBoxedAndRendersItsSetFields() {
        let input = PetInput(
            name: "Rex", parent: PetInput(name: "Mum", status: .ALIVE),
            litter: [PetInput(name: "Pup", variable_: "v")], variable_: "own")
        #expect(input.parent?.value.name == "Mum")
        #expect(
            input.variable
                == .object([
                    "name": .string("Rex"),
                    "parent": .object(["name": .string("Mum"), "status": .string("ALIVE")]),
                    "litter": .list([.object(["name": .string("Pup"), "variable": .string("v")])]),
                    "variable": .string("own"),
                ]))
        #expect(PetInput(name: "A", parent: PetInput(name: "B")) == PetInput(name: "A", parent: PetInput(name: "B")))
        #expect(PetInput(name: "A", parent: PetInput(name: "B")) != PetInput(name: "A", parent: PetInput(name: "C")))
        let mutation = AdoptMutation(input: input, withOwner: true)
        #expect(mutation.variables["input"] == input.variable)
    }

    @Test func theSharedFileAndEveryPlanCarryTheTransientLists() {
        #expect(Types.transient == Baton.Transient(types: [Types.Secret], fields: ["Query.secret"]))
        #expect(Types.transient.contains(Types.Secret))
        #expect(!Types.transient.contains(Types.Character))
        #expect(Types.transient.contains(field: "secret", on: .query))
        #expect(SecretQuery.plan.transient == Types.transient)
        #expect(RenameMutation.plan.transient == Types.transient)
    }

    @Test func operationsCarryTheirDocumentAndKind() {
        #expect(RenameMutation.plan.kind == .mutation)
        #expect(CharacterQuery.plan.kind == .query)
        if case .text(let text) = CharacterQuery.document {
            #expect(text == "query CharacterQuery($id:ID!){character(id:$id){id,name,status}}")
        } else {
            Issue.record("no persistConfig: the document is the text")
        }
    }
}
