import BatonDiagnostics
import Testing

@testable import BatonValidation

@Suite struct OptionsTests {
    @Test func suggestionsCanBeHidden() {
        let text = "{ dog { nam barkVolum(x: 1) } pet { nickname } complicatedArgs { enumArgField(enumArg: BRWN) } }"
        #expect(
            validate(text, options: ValidationOptions(hideSuggestions: true)) == [
                "Cannot query field 'nam' on type 'Dog'. @ 1:9",
                "Cannot query field 'barkVolum' on type 'Dog'. @ 1:13",
                "Cannot query field 'nickname' on type 'Pet'. @ 1:37",
                "Value 'BRWN' does not exist in 'FurColor' enum. @ 1:88",
            ])
        #expect(validate(text).first == "Cannot query field 'nam' on type 'Dog'. Did you mean 'name'? @ 1:9")
    }

    @Test func findingsCanBeLimited() {
        // graphql-core's max_errors: the finding past the limit is replaced by one that stops.
        let text = "{ a b c d }"
        #expect(
            validate(text, options: ValidationOptions(maxErrors: 2)) == [
                "Cannot query field 'a' on type 'Query'. @ 1:3",
                "Cannot query field 'b' on type 'Query'. @ 1:5",
                "Too many validation errors, error limit reached. Validation aborted. @ ",
            ])
        #expect(validate(text).count == 4)
    }
}
