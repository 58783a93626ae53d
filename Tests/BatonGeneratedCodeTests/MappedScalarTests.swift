@_spi(Generated) import Baton
import Foundation
import Testing

/// A mapped custom scalar (`Decimal` → `Foundation.Decimal`) read through MoneyQuery's generated
/// lenses under the error directives: converted at the read, the rule applied, the declared types
/// exact (the typed `let`s below do not compile otherwise).
@MainActor @Suite struct MappedScalarTests {
    /// The character's fields as the response gives them (each alias repeating its field), committed.
    static func data(
        balance: String, limit: String = #""1""#, rates: String, limits: String = "[]",
        errors: String = "[]"
    ) async throws -> MoneyQuery.Data.Character_ {
        let character =
            #"{"id":"1","balance":\#(balance),"caughtBalance":\#(balance),"nulledBalance":\#(balance),"#
            + #""limit":\#(limit),"rates":\#(rates),"caughtRates":\#(rates),"nulledRates":\#(rates),"limits":\#(limits)}"#
        let environment = Environment()
        let query = MoneyQuery(id: "1")
        try await environment.commitResponse(query, Payload(json: #"{"data":{"character":"# + character + #"},"errors":"# + errors + "}"))
        return try #require(environment.data(for: query).character)
    }

    static func decimal(_ text: String) -> Decimal { Decimal(string: text)! }

    @Test func answeredValuesConvertUnderEveryRule() async throws {
        let character = try await Self.data(
            balance: #""12.50""#, limit: #""100""#, rates: #"["0.5",null]"#,
            limits: #"["1","2.25"]"#)
        let money = try #require(character.money)
        let balance: Decimal = try money.balance
        #expect(balance == Self.decimal("12.5"))
        let rates: [Decimal?] = try money.rates
        #expect(rates == [Self.decimal("0.5"), nil])
        let caught: Result<Decimal?, FieldErrors> = money.caughtBalance
        #expect(caught == .success(Self.decimal("12.5")))
        let nulled: Decimal? = money.nulledBalance
        #expect(nulled == Self.decimal("12.5"))
        let caughtRates: Result<[Decimal?]?, FieldErrors> = money.caughtRates
        #expect(caughtRates == .success([Self.decimal("0.5"), nil]))
        #expect(money.nulledRates == [Self.decimal("0.5"), nil])

        let throwing = try character.throwingMoney
        let throwingBalance: Decimal? = try throwing.balance
        #expect(throwingBalance == Self.decimal("12.5"))
        let limit: Decimal = try throwing.limit
        #expect(limit == 100)
        let throwingRates: [Decimal?]? = try throwing.rates
        #expect(throwingRates == [Self.decimal("0.5"), nil])
        let limits: [Decimal] = try throwing.limits
        #expect(limits == [1, Self.decimal("2.25")])

        let bubbling = try #require(character.bubblingMoney)
        let required: Decimal = try bubbling.balance
        #expect(required == Self.decimal("12.5"))
    }

    @Test func aTextThatDoesNotConvertThrowsOrIsCaughtNeverAZero() async throws {
        let character = try await Self.data(
            balance: #""twelve""#, limit: #""100""#, rates: #"["0.5","half"]"#,
            limits: #"["1","x"]"#)
        let money = try #require(character.money)
        let balanceFailure = FieldErrors([.conversionFailure(type: "Character", field: "balance", text: "twelve", scalar: Decimal.self)])
        #expect(throws: balanceFailure) { try money.balance }
        #expect(money.caughtBalance == .failure(balanceFailure))
        #expect(money.nulledBalance == nil)
        let ratesFailure = FieldErrors([.conversionFailure(type: "Character", field: "rates", text: "half", scalar: Decimal.self)])
        #expect(throws: ratesFailure) { try money.rates }
        #expect(money.caughtRates == .failure(ratesFailure))
        // To NULL, as the plain read: the element that does not convert is nil.
        #expect(money.nulledRates == [Self.decimal("0.5"), nil])

        let throwing = try character.throwingMoney
        #expect(throws: balanceFailure) { try throwing.balance }
        #expect(throws: FieldErrors([.conversionFailure(type: "Character", field: "limits", text: "x", scalar: Decimal.self)])) {
            try throwing.limits
        }
        #expect(try throwing.limit == 100)
        // Bubbling looks at null only: the value is there, and its read throws the failure.
        let bubbling = try #require(character.bubblingMoney)
        #expect(throws: balanceFailure) { try bubbling.balance }
    }

    @Test func nullsThrowWhereTheRuleMakesThemNonNull() async throws {
        let character = try await Self.data(balance: "null", rates: #"["2"]"#, limits: #"["1",null]"#)
        let money = try #require(character.money)
        #expect(throws: RequiredFieldError(type: "Character", field: "balance")) { try money.balance }
        #expect(money.caughtBalance == .success(nil))
        #expect(money.nulledBalance == nil)
        // `@required(action: NONE)`: the null bubbles, so the spread reads absent.
        #expect(character.bubblingMoney == nil)

        let throwing = try character.throwingMoney
        #expect(try throwing.balance == nil)
        // `[Decimal!]!` holding a null (a server breaking the schema): the read throws.
        #expect(throws: RequiredFieldError(type: "Character", field: "limits")) { try throwing.limits }

        let noRates = try await Self.data(balance: #""1""#, rates: "null")
        // `rates @required(action: LOG)` is null: the spread reads absent.
        #expect(noRates.money == nil)
        #expect(try noRates.throwingMoney.rates == nil)
        #expect(try noRates.throwingMoney.limits == [])
    }

    @Test func fieldErrorsThrowOrAreCaught() async throws {
        // The server reports the error at each response key reading the field.
        let errors = ["balance", "caughtBalance", "nulledBalance"].map {
            #"{"message":"no balance","path":["character","\#($0)"]}"#
        }
        let character = try await Self.data(
            balance: "null", rates: #"["2"]"#, limits: #"["3"]"#,
            errors: "[" + errors.joined(separator: ",") + "]")
        let money = try #require(character.money)
        #expect(throws: FieldErrors.self) { try money.balance }
        #expect(money.caughtBalance.failureMessages == ["no balance"])
        #expect(money.nulledBalance == nil)
        #expect(money.caughtRates == .success([2]))
        // The `@throwOnFieldError` fragment's spread throws the error it weighs.
        let thrown = #expect(throws: FieldErrors.self) { try character.throwingMoney }
        #expect(thrown?.errors.map(\.message) == ["no balance"])
    }
}
