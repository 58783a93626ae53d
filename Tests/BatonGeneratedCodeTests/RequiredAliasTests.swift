@_spi(Generated) import Baton
import Foundation
import Testing

/// `@required(action: NONE)` inside an aliased inline fragment, read through RequiredAliasQuery's
/// generated lenses: the null bubbles to the alias, which reads nil; the typed `let`s fix the types.
@MainActor @Suite struct RequiredAliasTests {
    static func data(name: String, errors: String = "[]") async throws -> RequiredAliasQuery.Data {
        let environment = Environment()
        let query = RequiredAliasQuery(id: "1")
        let response =
            #"{"data":{"character":{"id":"1","name":\#(name),"status":"ALIVE"},"#
            + #""node":{"__typename":"Character","id":"1","name":\#(name)}},"errors":\#(errors)}"#
        try await environment.commitResponse(query, Payload(json: response))
        return environment.data(for: query)
    }

    @Test func aPresentRequiredFieldReadsTheAlias() async throws {
        let data = try await Self.data(name: #""Rick""#)
        let character = try #require(data.character)
        let named: RequiredAliasQuery.Data.Character_.Named? = character.named
        #expect(named?.name == "Rick")
        let caught: Result<RequiredAliasQuery.Data.Character_.CaughtNamed?, FieldErrors> = character.caughtNamed
        #expect(try caught.get()?.name == "Rick")
        let person: RequiredAliasQuery.Data.Node.Person? = data.node?.person
        #expect(person?.name == "Rick")
    }

    @Test func aNullRequiredFieldMakesTheAliasNil() async throws {
        let data = try await Self.data(name: "null")
        let character = try #require(data.character)
        #expect(character.named == nil)
        #expect(character.caughtNamed == .success(nil))
        #expect(character.id == "1")
        #expect(data.node?.person == nil)
    }

    @Test func aNullWithAnErrorIsCaughtFirst() async throws {
        let errors = #"[{"message":"no name","path":["character","name"]},{"message":"no name","path":["node","name"]}]"#
        let data = try await Self.data(name: "null", errors: errors)
        let character = try #require(data.character)
        #expect(character.named == nil)
        #expect(character.caughtNamed.failureMessages == ["no name"])
    }
}
