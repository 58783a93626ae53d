@_spi(Generated) import Baton
import BatonTesting
import Foundation
import Testing

/// `@required(action: THROW)` under `@include`/`@skip`, read through GuardedThrowQuery's generated
/// code: the accessor reads optional, nil where the condition leaves the field out (absent, not
/// null); where the field is selected, a null still throws. The typed `let`s fix the accessor types.
@MainActor @Suite struct GuardedThrowTests {
    static func character(with: Bool, _ fields: String) async throws -> GuardedThrowQuery.Data.Character_ {
        let environment = Environment()
        let query = GuardedThrowQuery(id: "1", with: with)
        let caught = fields.contains("caughtOrigin") ? "" : #","caughtOrigin":null"#
        try await environment.commitResponse(query, Payload(json: #"{"data":{"character":{"id":"1",\#(fields)\#(caught)}}}"#))
        return try #require(environment.data(for: query).character)
    }

    @Test func selectedFieldsReadTheirValues() async throws {
        let character = try await Self.character(with: true, #""name":"Rick","codes":[1,2],"balance":"12.5""#)
        let name: String? = try character.name
        #expect(name == "Rick")
        let codes: [Int]? = try character.codes
        #expect(codes == [1, 2])
        let balance: Decimal? = try character.balance
        #expect(balance == Decimal(string: "12.5"))
        // `@skip(if: $with)` leaves origin out: absent, so nil rather than a throw.
        let origin: GuardedThrowQuery.Data.Character_.Origin? = try character.origin
        #expect(origin == nil)
    }

    @Test func fieldsTheConditionLeavesOutReadNil() async throws {
        let character = try await Self.character(with: false, #""origin":{"id":"p1"},"caughtOrigin":{"id":"p1"}"#)
        #expect(try character.name == nil)
        #expect(try character.codes == nil)
        #expect(try character.balance == nil)
        #expect(try character.origin?.id == "p1")
    }

    @Test func aSelectedNullStillThrows() async throws {
        let character = try await Self.character(with: true, #""name":null,"codes":null,"balance":null"#)
        #expect(throws: RequiredFieldError(type: "Character", field: "name")) { try character.name }
        #expect(throws: RequiredFieldError(type: "Character", field: "codes")) { try character.codes }
        #expect(throws: RequiredFieldError(type: "Character", field: "balance")) { try character.balance }
        let skipped = try await Self.character(with: false, #""origin":null"#)
        #expect(throws: RequiredFieldError(type: "Character", field: "origin")) { try skipped.origin }
    }

    @Test func aCatchAboveWeighsTheNullOnlyWhereSelected() async throws {
        let selected = try await Self.character(
            with: true, #""name":"Rick","codes":[],"balance":"1","caughtOrigin":{"id":"p1","name":null}"#)
        let caught: Result<GuardedThrowQuery.Data.Character_.CaughtOrigin?, FieldErrors> = selected.caughtOrigin
        #expect(caught.failureMessages == ["required field Place.name is null"])
        // origin and caughtOrigin share a storage key: the response answers both alike.
        let left = try await Self.character(with: false, #""origin":{"id":"p1"},"caughtOrigin":{"id":"p1"}"#)
        let origin = try #require(try left.caughtOrigin.get())
        #expect(origin.id == "p1")
        let name: String? = try origin.name
        #expect(name == nil)
    }
}
