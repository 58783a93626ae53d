@_spi(Generated) import Baton
import Foundation
import Testing

@testable import BatonConformance

/// The generated operation values, enums and input objects, as compiled code.
@Suite struct OperationValueTests {
    @Test func variablesFromStoredProperties() {
        let query = TestProfileQuery(id: "1")
        #expect(query.variables == ["id": .string("1")])
        #expect(TestProfileQuery.name == "TestProfileQuery")
        guard case .text(let text) = TestProfileQuery.document else {
            Issue.record("an operation without persistConfig carries its text")
            return
        }
        #expect(text.hasPrefix("query TestProfileQuery($id:ID!)"))
        // Keywords are escaped and still name the variable.
        #expect(TestKeywordVariables(where: "a", in: "b").variables == ["where": .string("a"), "in": .string("b")])
    }

    @Test func defaultsAndNullableVariables() {
        let page = TestNotesPaginationQuery(id: "1")
        #expect(page.count == 2)
        #expect(page.variables == ["count": .int(2), "cursor": .null, "id": .string("1")])
    }

    @Test func hashableByVariables() {
        #expect(TestProfileQuery(id: "1") == TestProfileQuery(id: "1"))
        #expect(TestProfileQuery(id: "1") != TestProfileQuery(id: "2"))
        #expect(Set([TestProfileQuery(id: "1"), TestProfileQuery(id: "1")]).count == 1)
    }

    @Test func mutationPlansCommitUnderTheMutationRoot() {
        #expect(TestSetFavorite.plan.kind == .mutation)
        #expect(TestProfileQuery.plan.kind == .query)
    }

    @Test func inputObjectsLeaveUnsetFieldsOut() {
        let query = TestFilteredCharacters(filters: [FilterCharacter(name: "Rick"), FilterCharacter()])
        #expect(query.variables == ["filters": .list([.object(["name": .string("Rick")]), .object([:])])])
    }

    @Test func enumsKeepUnknownValues() {
        #expect(Status(enumText: "ALIVE") == .ALIVE)
        #expect(Status(enumText: "UNKNOWN") == .UNKNOWN)
        #expect(Status(enumText: "ZOMBIE") == .unknown("ZOMBIE"))
        #expect(Status.unknown("ZOMBIE").scalarText == "ZOMBIE")
        #expect(Status.DEAD.scalarText == "DEAD")
    }

    @Test func sharedFileCarriesTheFormatAndDigest() {
        #expect(Types.format == Baton.Format2.self)
        #expect(Types.schemaDigest.count == 32)
        #expect(Types.schemaDigest.allSatisfy { $0.isHexDigit && !$0.isUppercase })
    }
}
