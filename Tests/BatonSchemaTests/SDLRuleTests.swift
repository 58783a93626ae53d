import BatonDiagnostics
import BatonSyntax
import Testing

@testable import BatonSchema

// graphql-core 3.3.2's SDL rules (`specified_sdl_rules`), one test each: messages and 1-based
// positions as graphql-core reports them for the same text (recorded with `validate_sdl`).

@Suite struct SDLRuleTests {
    @Test func loneSchemaDefinition() {
        let sdl = """
            schema { query: Query }
            schema { query: Query }
            type Query { a: String }
            """
        #expect(
            diagnostics(sdl) == [
                "Must provide only one schema definition. @ 2:1",
                "There can be only one query type in schema. @ 1:10, 2:10",
            ])
    }

    @Test func uniqueOperationTypes() {
        let sdl = """
            schema { query: Query query: Query mutation: M }
            type Query { a: String }
            type M { b: Int }
            """
        #expect(
            diagnostics(sdl) == [
                "There can be only one query type in schema. @ 1:10, 1:23"
            ])
    }

    @Test func uniqueTypeNames() {
        let sdl = """
            type Query { a: String }
            type Query { b: String }
            scalar S
            scalar S
            """
        #expect(
            diagnostics(sdl) == [
                "There can be only one type named 'Query'. @ 1:6, 2:6",
                "There can be only one type named 'S'. @ 3:8, 4:8",
            ])
    }

    @Test func uniqueEnumValueNames() {
        let sdl = """
            enum E { A B A }
            type Query { e: E }
            extend enum E { B C }
            """
        #expect(
            diagnostics(sdl) == [
                "Enum value 'E.A' can only be defined once. @ 1:10, 1:14",
                "Enum value 'E.B' can only be defined once. @ 1:12, 3:17",
            ])
    }

    @Test func uniqueFieldDefinitionNames() {
        let sdl = """
            type Query {
              a: String
              a: Int
              b: String
              "other description" b: String
            }
            input I { x: Int x: Int }
            extend input I { x: Int }
            """
        #expect(
            diagnostics(sdl) == [
                "Field 'Query.a' can only be defined once. @ 2:3, 3:3",
                "warning: Field 'Query.b' can only be defined once. @ 4:3, 5:23",
                "Field 'I.x' can only be defined once. @ 7:11, 7:18",
                "Field 'I.x' can only be defined once. @ 7:11, 8:18",
            ])
    }

    @Test func uniqueArgumentDefinitionNames() {
        let sdl = """
            type Query { f(a: Int, a: Int, b: String, a: Int): String }
            directive @d(x: Int, x: Int) on FIELD
            """
        #expect(
            diagnostics(sdl) == [
                "Argument 'Query.f(a:)' can only be defined once. @ 1:16, 1:24, 1:43",
                "Argument '@d(x:)' can only be defined once. @ 2:14, 2:22",
            ])
    }

    @Test func uniqueDirectiveNames() {
        let sdl = """
            directive @d on FIELD
            directive @d on QUERY
            directive @include(if: Boolean!) on FIELD
            type Query { a: String }
            """
        #expect(
            diagnostics(sdl) == [
                "There can be only one directive named '@d'. @ 1:12, 2:12"
            ])
    }

    @Test func possibleTypeExtensions() {
        let sdl = """
            type Query { a: String }
            extend type Missing { a: Int }
            extend scalar Query @specifiedBy(url: "x")
            extend interface Qeury { x: Int }
            extend scalar String @specifiedBy(url: "x")
            """
        #expect(
            diagnostics(sdl) == [
                "Cannot extend type 'Missing' because it is not defined. @ 2:13",
                "Cannot extend non-scalar type 'Query'. @ 1:1, 3:1",
                "Cannot extend type 'Qeury' because it is not defined. Did you mean 'Query'? @ 4:18",
                "Cannot extend type 'String' because it is not defined. @ 5:15",
            ])
    }

    @Test func knownTypeNames() {
        let sdl = """
            type Query { a: Strin b: [Foo!]! c(x: Inpt): Int }
            union U = Query | Mising
            interface I implements Nde { a: Int }
            """
        #expect(
            diagnostics(sdl) == [
                "Unknown type 'Strin'. Did you mean 'String'? @ 1:17",
                "Unknown type 'Foo'. @ 1:27",
                "Unknown type 'Inpt'. Did you mean 'Int'? @ 1:39",
                "Unknown type 'Mising'. Did you mean 'String'? @ 2:19",
                "Unknown type 'Nde'. Did you mean 'ID'? @ 3:24",
            ])
    }

    @Test func knownDirectives() {
        let sdl = """
            type Query { a: String @unknown b: String @include(if: true) @deprecated }
            scalar S @deprecated
            enum E @specifiedBy(url: "u") { A @oneOf }
            input I @oneOf { a: Int @deprecated(reason: "x") }
            schema @oneOf { query: Query }
            """
        #expect(
            diagnostics(sdl) == [
                "Unknown directive '@unknown'. @ 1:24",
                "Directive '@include' may not be used on field definition. @ 1:43",
                "Directive '@deprecated' may not be used on scalar. @ 2:10",
                "Directive '@specifiedBy' may not be used on enum. @ 3:8",
                "Directive '@oneOf' may not be used on enum value. @ 3:35",
                "Directive '@oneOf' may not be used on schema. @ 5:8",
            ])
    }

    @Test func uniqueDirectivesPerLocation() {
        let sdl = """
            directive @r repeatable on FIELD_DEFINITION | OBJECT
            directive @n on FIELD_DEFINITION | OBJECT
            type Query @n @r @r @n { a: String @n @n @r @r }
            extend type Query @n
            """
        #expect(
            diagnostics(sdl) == [
                "The directive '@n' can only be used once at this location. @ 3:12, 3:21",
                "The directive '@n' can only be used once at this location. @ 3:36, 3:39",
                "The directive '@n' can only be used once at this location. @ 3:12, 4:19",
            ])
    }

    @Test func knownArgumentNamesOnDirectives() {
        let sdl = """
            type Query {
              a: String @deprecated(reson: "x")
              b: String @deprecated(why: "y")
            }
            """
        #expect(
            diagnostics(sdl) == [
                "Unknown argument 'reson' on directive '@deprecated'. Did you mean 'reason'? @ 2:25",
                "Unknown argument 'why' on directive '@deprecated'. @ 3:25",
            ])
    }

    @Test func uniqueArgumentNames() {
        let sdl = "type Query { a: String @deprecated(reason: \"x\", reason: \"y\") }"
        #expect(
            diagnostics(sdl) == [
                "There can be only one argument named 'reason'. @ 1:36, 1:49"
            ])
    }

    @Test func uniqueInputFieldNames() {
        let sdl = """
            directive @d(x: In) on FIELD_DEFINITION
            input In { a: Int b: In }
            type Query { a(x: In = {a: 1, a: 2}): String @d(x: {a: 1, b: {a: 1, a: 2}}) }
            """
        #expect(
            diagnostics(sdl) == [
                "There can be only one input field named 'a'. @ 3:25, 3:31",
                "There can be only one input field named 'a'. @ 3:63, 3:69",
            ])
    }

    @Test func providedRequiredArgumentsOnDirectives() {
        let sdl = """
            directive @d(x: Int!, y: String! = "s", z: [Int]!) on FIELD_DEFINITION
            type Query { a: String @d b: String @d(x: 1) }
            scalar S @specifiedBy
            """
        #expect(
            diagnostics(sdl) == [
                "Argument '@d(x:)' of type 'Int!' is required, but it was not provided. @ 2:24",
                "Argument '@d(z:)' of type '[Int]!' is required, but it was not provided. @ 2:24",
                "Argument '@d(z:)' of type '[Int]!' is required, but it was not provided. @ 2:37",
                "Argument '@specifiedBy(url:)' of type 'String!' is required, but it was not provided. @ 3:10",
            ])
    }
}
