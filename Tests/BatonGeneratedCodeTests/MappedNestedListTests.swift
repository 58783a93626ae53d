@_spi(Generated) import Baton
import BatonTesting
import Foundation
import Testing

/// Lists of lists of a mapped custom scalar (`Decimal` → `Foundation.Decimal`) read through
/// MoneyGridsQuery's generated lenses under the rules that throw: each level keeps the schema's
/// nullability (`[[Decimal]]` → `[[Decimal?]?]?`, `[[Decimal!]]!` → `[[Decimal]?]`), a text that
/// does not convert or a null at a non-null level is thrown (under `@catch`, the failure). The
/// typed `let`s fix the accessor types.
@MainActor @Suite struct MappedNestedListTests {
    /// The character's grids as JSON texts (each alias answered as the field it reads).
    static func character(rates: String, limits: String = "[]", errors: String = "[]") async throws
        -> (MoneyGridsQuery.Data.Character_, Events)
    {
        let environment = Environment()
        let events = Events()
        events.attach(to: environment)
        let query = MoneyGridsQuery(id: "1")
        let fields =
            #""rateGrid":\#(rates),"limitGrid":\#(limits),"requiredRates":\#(rates),"#
            + #""loggedRates":\#(rates),"caughtRates":\#(rates)"#
        try await environment.commitResponse(query, Payload(json: #"{"data":{"character":{"id":"1",\#(fields)}},"errors":\#(errors)}"#))
        events.removeAll()
        return (try #require(environment.data(for: query).character), events)
    }

    static func decimal(_ text: String) -> Decimal { Decimal(string: text)! }

    static func failure(_ field: String, _ text: String) -> FieldErrors {
        FieldErrors([.conversionFailure(type: "Character", field: field, text: text, scalar: Decimal.self)])
    }

    @Test func answeredGridsConvertAtEveryLevel() async throws {
        let (character, events) = try await Self.character(rates: #"[["1.5",null],null,[]]"#, limits: #"[["2","0.25"],null]"#)
        let throwing = try character.throwingGrids
        let rates: [[Decimal?]?]? = try throwing.rateGrid
        #expect(rates == [[Self.decimal("1.5"), nil], nil, []])
        let limits: [[Decimal]?] = try throwing.limitGrid
        #expect(limits == [[2, Self.decimal("0.25")], nil])

        let checked = try #require(character.checkedGrids)
        let required: [[Decimal?]?] = try checked.requiredRates
        #expect(required == [[Self.decimal("1.5"), nil], nil, []])
        let logged: [[Decimal?]?] = try checked.loggedRates
        #expect(logged == required)
        let caught: Result<[[Decimal?]?]?, FieldErrors> = checked.caughtRates
        #expect(caught == .success([[Self.decimal("1.5"), nil], nil, []]))
        #expect(events.all.isEmpty)
    }

    @Test func aTextThatDoesNotConvertIsThrownNeverNil() async throws {
        let (character, events) = try await Self.character(rates: #"[["1.5","half"]]"#, limits: #"[["2","x"]]"#)
        let throwing = try character.throwingGrids
        #expect(throws: Self.failure("rateGrid", "half")) { try throwing.rateGrid }
        #expect(throws: Self.failure("limitGrid", "x")) { try throwing.limitGrid }
        let checked = try #require(character.checkedGrids)
        #expect(throws: Self.failure("rateGrid", "half")) { try checked.requiredRates }
        #expect(throws: Self.failure("rateGrid", "half")) { try checked.loggedRates }
        #expect(checked.caughtRates == .failure(Self.failure("rateGrid", "half")))
        // Each failed conversion is reported, as the plain read reports it.
        #expect(events.all.contains(.unexpected(type: "Character", field: "limitGrid")))
    }

    @Test func aNullAtANonNullLevelIsThrown() async throws {
        let (character, _) = try await Self.character(rates: "null", limits: #"[["1",null]]"#)
        let throwing = try character.throwingGrids
        #expect(try throwing.rateGrid == nil)
        #expect(throws: RequiredFieldError(type: "Character", field: "limitGrid")) { try throwing.limitGrid }
        // `@required(action: LOG)` is null: the spread reads absent.
        #expect(character.checkedGrids == nil)

        let (outer, _) = try await Self.character(rates: "[]", limits: "null")
        #expect(throws: RequiredFieldError(type: "Character", field: "limitGrid")) { try outer.throwingGrids.limitGrid }
    }

    @Test func fieldErrorsThrowOrAreCaught() async throws {
        // The server reports the error at each response key reading the field.
        let errors =
            ["rateGrid", "requiredRates", "loggedRates", "caughtRates"].map {
                #"{"message":"no rates","path":["character","\#($0)"]}"#
            } + [#"{"message":"no limits","path":["character","limitGrid"]}"#]
        let (character, _) = try await Self.character(rates: "[]", limits: "null", errors: "[" + errors.joined(separator: ",") + "]")
        // The `@throwOnFieldError` fragment's spread throws the errors it weighs.
        let thrown = #expect(throws: FieldErrors.self) { try character.throwingGrids }
        #expect(thrown?.errors.map(\.message) == ["no rates", "no limits"])
        let checked = try #require(character.checkedGrids)
        #expect(throws: FieldErrors.self) { try checked.requiredRates }
        #expect(checked.caughtRates.failureMessages == ["no rates"])
    }
}
