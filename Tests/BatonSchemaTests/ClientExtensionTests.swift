import BatonDiagnostics
import BatonSyntax
import Testing

@testable import BatonSchema

// Client schema extensions, validated like a document given to graphql-core's `extend_schema`
// (messages recorded with `validate_sdl(document, schema)`).

@Suite struct ClientExtensionTests {
    @Test func clientExtensionsCannotRedefine() {
        let sdl = "type Query { a: String }"
        let client = """
            type Query { b: String }
            extend type Query { a: String c: Int }
            scalar String
            directive @include(if: Boolean!) on FIELD
            schema { query: Query }
            extend schema { query: Query }
            """
        #expect(
            diagnostics(sdl, client: client) == [
                "Type 'Query' already exists in the schema. It cannot also be defined in this type definition. @ 1:6",
                "Field 'Query.a' already exists in the schema. It cannot also be defined in this type extension. @ 2:21",
                "Type 'String' already exists in the schema. It cannot also be defined in this type definition. @ 3:8",
                "Directive '@include' already exists in the schema. It cannot be redefined. @ 4:12",
                "Cannot define a new schema within a schema extension. @ 5:1",
                "Type for query already defined in the schema. It cannot be redefined. @ 5:10",
                "Type for query already defined in the schema. It cannot be redefined. @ 6:17",
            ])
    }

    @Test func clientExtensionsOfServerTypes() {
        let sdl = """
            type Query { a: String }
            enum E { A }
            input I { x: Int }
            """
        let client = """
            extend enum E { A B }
            extend input I { x: Int y: Int }
            extend type Nope { a: Int }
            extend scalar E @deprecated
            type Draft { id: ID about: Query }
            extend type Query { drafts: [Draft] }
            """
        #expect(
            diagnostics(sdl, client: client) == [
                "Enum value 'E.A' already exists in the schema. It cannot also be defined in this type extension. @ 1:17",
                "Field 'I.x' already exists in the schema. It cannot also be defined in this type extension. @ 2:18",
                "Cannot extend type 'Nope' because it is not defined. @ 3:13",
                "Cannot extend non-scalar type 'E'. @ 4:1",
                "Directive '@deprecated' may not be used on scalar. @ 4:17",
            ])
    }

    @Test func serverDocumentsCannotSeeClientTypes() {
        let sdl = "type Query { a: Draft }"
        let client = "type Draft { id: ID }"
        #expect(
            diagnostics(sdl, client: client) == [
                "Unknown type 'Draft'. @ 1:17"
            ])
    }
}
