import BatonDiagnostics
import BatonSchema
import BatonSyntax
import Testing

// Descriptions are kept as their tokens and decoded when read: every reader must still get
// graphql-core's value (expected values below are graphql-core 3.3's `build_schema`).
@Suite struct DescriptionTests {
    static let sdl =
        "\"\"\"\n  Type line one\n    indented\n\"\"\"\ntype Query {\n  \"plain \\u00e9 \\\"quoted\\\"\"\n"
        + "  a(\n    \"\"\"  keeps \"quotes\" and \\\"\"\" inside  \"\"\"\n    x: Int\n  ): Int\n"
        + "  \"\"\"\n\n      Field b.\n      Second line.\r\n  \"\"\"\n  b: E\n}\n"
        + "enum E {\n  \"value\"\n  V\n}\ninput I { \"\"\"  field of I  \"\"\" f: Int }\n"

    @Test func builtSchemaReadsDecodedDescriptions() throws {
        let schema = try #require(build(Self.sdl).schema)
        let query = try #require(schema.type(named: "Query"))
        #expect(query.description == "Type line one\n  indented")
        #expect(query.field("a")?.description == "plain é \"quoted\"")
        #expect(query.field("a")?.argument("x")?.description == "  keeps \"quotes\" and \"\"\" inside  ")
        #expect(query.field("b")?.description == "Field b.\nSecond line.")
        #expect(schema.type(named: "E")?.enumValue("V")?.description == "value")
        #expect(schema.type(named: "I")?.inputField("f")?.description == "  field of I  ")
        // Reading twice gives the same value; the AST's description agrees with the schema's.
        #expect(query.field("b")?.description == query.field("b")?.description)
        let document = Parser.parse(Source(name: "schema.graphql", text: Self.sdl)).document
        guard case .type(let definition) = document.definitions.first else {
            Issue.record("expected a type definition first")
            return
        }
        #expect(definition.description?.value == "Type line one\n  indented")
        #expect(definition.description?.block == true)
    }

    @Test func settingADescriptionReplacesTheSourceText() throws {
        let schema = try #require(build(Self.sdl).schema)
        var field = try #require(schema.type(named: "Query")?.field("b"))
        field.description = "replaced"
        #expect(field.description == "replaced")
        field.description = nil
        #expect(field.description == nil)
        var type = try #require(schema.type(named: "Query"))
        type.description = "new"
        #expect(type.description == "new")
        let document = Parser.parse(Source(name: "schema.graphql", text: Self.sdl)).document
        guard case .type(var definition) = document.definitions.first else {
            Issue.record("expected a type definition first")
            return
        }
        definition.description?.value = "edited"
        #expect(definition.description?.value == "edited")
    }
}
