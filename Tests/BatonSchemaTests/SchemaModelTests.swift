import BatonDiagnostics
import BatonSyntax
import Testing

@testable import BatonSchema

// The model's helpers on a built schema: possible types, subtypes, overlap, type text and
// resolution of document types.
@Suite struct SchemaModelTests {
    static let sdl = """
        interface Node { id: ID! }
        interface Named implements Node { id: ID! name: String }
        type Zebra implements Node & Named { id: ID! name: String stripes: Int }
        type Apple implements Node { id: ID! }
        type Mango implements Node & Named { id: ID! name: String }
        type Loner { x: Int }
        union Fruit = Mango | Apple
        union Animal = Zebra
        union Solo = Loner
        type Query { node: Node things: [Fruit!]! }
        """

    func schema() throws -> Schema {
        let result = build(Self.sdl)
        #expect(described(result.diagnostics) == [])
        return try #require(result.schema)
    }

    func id(_ schema: Schema, _ name: String) -> TypeID { schema.typeIndex[name]! }

    @Test func possibleTypesInSchemaOrder() throws {
        let schema = try schema()
        let names = { (type: String) in schema.possibleTypes(of: self.id(schema, type)).map { schema[$0].name } }
        #expect(names("Node") == ["Zebra", "Apple", "Mango"])
        #expect(names("Named") == ["Zebra", "Mango"])
        #expect(names("Fruit") == ["Mango", "Apple"])
        #expect(names("Zebra") == ["Zebra"])
        #expect(names("ID") == [])
    }

    @Test func subtypes() throws {
        let schema = try schema()
        let sub = { (a: String, b: String) in schema.isSubType(self.id(schema, a), of: self.id(schema, b)) }
        #expect(sub("Zebra", "Node"))
        #expect(sub("Named", "Node"))
        #expect(sub("Mango", "Named"))
        #expect(!sub("Apple", "Named"))
        #expect(sub("Apple", "Fruit"))
        #expect(!sub("Zebra", "Fruit"))
        #expect(sub("Fruit", "Fruit"))
        #expect(!sub("Node", "Zebra"))
    }

    @Test func overlap() throws {
        let schema = try schema()
        let overlap = { (a: String, b: String) in schema.typesOverlap(self.id(schema, a), self.id(schema, b)) }
        #expect(overlap("Fruit", "Named"))  // Mango
        #expect(overlap("Named", "Fruit"))
        #expect(!overlap("Animal", "Fruit"))
        #expect(overlap("Animal", "Named"))  // Zebra
        #expect(!overlap("Solo", "Node"))
        #expect(overlap("Apple", "Node"))
        #expect(!overlap("Apple", "Named"))
        #expect(!overlap("Apple", "Mango"))
        #expect(overlap("Loner", "Loner"))
    }

    @Test func typeSubtypesForVariables() throws {
        let schema = try schema()
        let zebra = SchemaType.named(id(schema, "Zebra"))
        let node = SchemaType.named(id(schema, "Node"))
        #expect(schema.isTypeSubType(.nonNull(zebra), of: node))
        #expect(!schema.isTypeSubType(zebra, of: .nonNull(node)))
        #expect(schema.isTypeSubType(.list(.nonNull(zebra)), of: .list(node)))
        #expect(!schema.isTypeSubType(.list(zebra), of: zebra))
        #expect(!schema.isTypeSubType(node, of: zebra))
        #expect(schema.text(of: .nonNull(.list(.nonNull(zebra)))) == "[Zebra!]!")
    }

    @Test func resolvesDocumentTypes() throws {
        let schema = try schema()
        let parsed = Parser.parse(Source(name: "q.graphql", text: "query ($a: [ID!]!, $b: Nope) { node { id } }"))
        let variables = try #require(parsed.document.operations.first?.variableDefinitions)
        #expect(schema.resolve(variables[0].type).map(schema.text(of:)) == "[ID!]!")
        #expect(schema.resolve(variables[1].type) == nil)
        #expect(schema.field("things", on: try #require(schema.queryType)).map { schema.text(of: $0.type) } == "[Fruit!]!")
    }

    @Test func theModelCanBeBuiltByHand() {
        // The public initializer builds its own indexes.
        let id = TypeID(0)
        let type = NamedType(id: id, name: "Query", kind: .object, origin: .server)
        let typename = SchemaField(
            name: "__typename", description: nil, arguments: [], type: .named(id),
            deprecationReason: nil, directives: [], origin: .builtIn, location: nil)
        let schema = Schema(
            types: [type], directives: [], queryType: id, mutationType: nil, subscriptionType: nil,
            description: nil, typenameField: typename, schemaField: typename, typeField: typename)
        #expect(schema.type(named: "Query")?.id == id)
        #expect(schema.isSubType(id, of: id))
    }
}
