import BatonDiagnostics
import BatonSyntax
import Testing

@testable import BatonSchema

// What the builder makes of SDL: built-ins, origins, extensions in any order and document,
// root types, deprecation, directives kept for later stages, and Baton's own checks beyond
// graphql-core's.
@Suite struct SchemaBuildingTests {
    @Test func builtInsAreAlwaysThere() throws {
        let schema = try #require(build("type Query { a: Int }").schema)
        for name in [
            "Int", "Float", "String", "Boolean", "ID", "__Schema", "__Type", "__TypeKind", "__Field",
            "__InputValue", "__EnumValue", "__Directive", "__DirectiveLocation",
        ] {
            #expect(schema.type(named: name)?.origin == .builtIn, "\(name)")
        }
        #expect(schema.directives.map(\.name) == ["include", "skip", "deprecated", "specifiedBy", "oneOf", "semanticNonNull"])
        #expect(schema.directives.allSatisfy { $0.origin == .builtIn })
        let deprecated = try #require(schema.directive(named: "deprecated"))
        #expect(deprecated.locations == [.fieldDefinition, .argumentDefinition, .inputFieldDefinition, .enumValue])
        #expect(deprecated.argument("reason").map { schema.text(of: $0.type) } == "String!")
        #expect(schema.directive(named: "include")?.locations == [.field, .fragmentSpread, .inlineFragment])
        let type = try #require(schema.type(named: "__Type"))
        #expect(
            type.fields.map(\.name) == [
                "kind", "name", "description", "specifiedByURL", "fields", "interfaces",
                "possibleTypes", "enumValues", "inputFields", "ofType", "isOneOf",
            ])
        #expect(
            schema.type(named: "__TypeKind")?.enumValues.map(\.name) == [
                "SCALAR", "OBJECT", "INTERFACE", "UNION",
                "ENUM", "INPUT_OBJECT", "LIST", "NON_NULL",
            ])
        #expect(schema.type(named: "__DirectiveLocation")?.enumValues.count == 21)
    }

    @Test func metaFieldsResolveThroughTheSchema() throws {
        let schema = try #require(build("type Query { a: Int } type Other { b: Int } union U = Other").schema)
        let query = try #require(schema.queryType)
        let other = try #require(schema.type(named: "Other")?.id)
        let union = try #require(schema.type(named: "U")?.id)
        #expect(schema.field("__typename", on: query).map { schema.text(of: $0.type) } == "String!")
        #expect(schema.field("__typename", on: union)?.name == "__typename")
        #expect(schema.field("__schema", on: query).map { schema.text(of: $0.type) } == "__Schema!")
        let typeField = try #require(schema.field("__type", on: query))
        #expect(schema.text(of: typeField.type) == "__Type")
        #expect(typeField.arguments.map { "\($0.name): \(schema.text(of: $0.type))" } == ["name: String!"])
        #expect(schema.field("__schema", on: other) == nil)
        #expect(schema.field("__type", on: other) == nil)
        #expect(schema.field("__typename", on: other)?.origin == .builtIn)
        #expect(schema.field("__typename", on: try #require(schema.type(named: "Int")?.id)) == nil)
        #expect(schema.field("b", on: other)?.name == "b")
        #expect(schema.field("a", on: union) == nil)
    }

    @Test func extensionsMayComeFirstAndInAnotherDocument() throws {
        let first = parse(
            """
            extend type Query { b: Int }
            extend type Query implements Node
            extend enum Color { BLUE }
            extend union Thing = Query
            extend input Filter { limit: Int }
            extend schema { mutation: Mutation }
            """, name: "first.graphql")
        let second = parse(
            """
            type Query { id: ID! a: String }
            interface Node { id: ID! }
            enum Color { RED }
            union Thing
            input Filter { name: String }
            type Mutation { c: Int }
            scalar Date
            extend scalar Date @specifiedBy(url: "https://example.com/date")
            """, name: "second.graphql")
        let result = SchemaBuilder.build([first, second])
        #expect(described(result.diagnostics) == [])
        let schema = try #require(result.schema)
        let query = try #require(schema.type(named: "Query"))
        #expect(query.fields.map(\.name) == ["id", "a", "b"])
        #expect(query.interfaces.map { schema[$0].name } == ["Node"])
        #expect(
            query.locations.map { "\($0.source.name):\($0.start)" } == [
                "second.graphql:1:1", "first.graphql:1:1",
                "first.graphql:2:1",
            ])
        #expect(schema.type(named: "Color")?.enumValues.map(\.name) == ["RED", "BLUE"])
        #expect(schema.type(named: "Thing")?.possibleTypes.map { schema[$0].name } == ["Query"])
        #expect(schema.type(named: "Filter")?.inputFields.map(\.name) == ["name", "limit"])
        #expect(schema.type(named: "Date")?.specifiedByURL == "https://example.com/date")
        #expect(schema.mutationType.map { schema[$0].name } == "Mutation")
        #expect(schema.type(named: "Query")?.origin == .server)
        #expect(query.field("b")?.origin == .server)
    }

    @Test func clientExtensionsAreClientOrigin() throws {
        let result = build(
            """
            type Query { user: User }
            type User { id: ID! name: String }
            enum Mood { HAPPY }
            """,
            client: """
                extend type User { isSelected: Boolean draft: Draft }
                type Draft { text: String }
                extend type Query { drafts: [Draft!]! }
                extend enum Mood { SLEEPY }
                """)
        #expect(described(result.diagnostics) == [])
        let schema = try #require(result.schema)
        let user = try #require(schema.type(named: "User"))
        #expect(user.origin == .server)
        #expect(
            user.fields.map { "\($0.name):\($0.origin)" } == [
                "id:server", "name:server", "isSelected:client",
                "draft:client",
            ])
        #expect(schema.type(named: "Draft")?.origin == .client)
        #expect(schema.type(named: "Draft")?.fields.first?.origin == .client)
        #expect(schema.type(named: "Mood")?.enumValues.map(\.name) == ["HAPPY", "SLEEPY"])
        #expect(user.locations.map(\.source.name) == ["schema.graphql", "client.graphql"])
    }

    @Test func rootTypes() throws {
        let defaults = try #require(build("type Query { a: Int } type Mutation { b: Int } type Subscription { c: Int }").schema)
        #expect(
            [defaults.queryType, defaults.mutationType, defaults.subscriptionType].map { $0.map { defaults[$0].name } }
                == ["Query", "Mutation", "Subscription"])
        // With a schema definition, the default names mean nothing.
        let explicit = try #require(build("schema { query: Root } type Root { a: Int } type Mutation { b: Int }").schema)
        #expect(explicit.queryType.map { explicit[$0].name } == "Root")
        #expect(explicit.mutationType == nil)
        #expect(explicit.rootType(for: .query) == explicit.queryType)
        let described = try #require(build("\"The API\" schema { query: Root } type Root { a: Int }").schema)
        #expect(described.description == "The API")
    }

    @Test func deprecationAndDirectivesAreKept() throws {
        let schema = try #require(
            build(
                """
                directive @key(fields: String!) repeatable on OBJECT
                type Query @key(fields: "id") @key(fields: "other") {
                  id: ID
                  old: Int @deprecated
                  older(arg: Int @deprecated(reason: "use arg2"), arg2: Int): Int @deprecated(reason: "gone")
                }
                enum E { A B @deprecated(reason: "not B") }
                input I @oneOf { a: Int b: String @deprecated }
                """
            ).schema)
        let query = try #require(schema.type(named: "Query"))
        #expect(query.directives.map { $0.name.value } == ["key", "key"])
        #expect(query.field("id")?.isDeprecated == false)
        #expect(query.field("old")?.deprecationReason == "No longer supported")
        #expect(query.field("older")?.deprecationReason == "gone")
        #expect(query.field("older")?.argument("arg")?.deprecationReason == "use arg2")
        #expect(query.field("older")?.directives.map { $0.name.value } == ["deprecated"])
        #expect(schema.type(named: "E")?.enumValue("B")?.deprecationReason == "not B")
        #expect(schema.type(named: "E")?.enumValue("A")?.isDeprecated == false)
        let input = try #require(schema.type(named: "I"))
        #expect(input.isOneOf)
        #expect(input.inputField("b")?.deprecationReason == "No longer supported")
        #expect(schema.directive(named: "key")?.isRepeatable == true)
        #expect(schema.directive(named: "key")?.origin == .server)
    }

    @Test func defaultValuesKeepTheirSource() throws {
        let schema = try #require(build("type Query { a(first: Int = 10, order: [String!] = [\"x\"]): Int }").schema)
        let argument = try #require(schema.type(named: "Query")?.field("a")?.argument("first"))
        let value = try #require(argument.defaultValue)
        #expect(argument.defaultValueSource.map { $0.slice(value.range) } == "10")
        #expect(argument.isRequired == false)
    }

    /// A field defined twice identically (descriptions aside) is a warning and the first
    /// definition serves; any other difference keeps it an error.
    @Test func duplicateFieldDefinitions() throws {
        let identical = build(
            """
            type Query {
              "first" f(a: Int = 1 @deprecated): [String!] @deprecated(reason: "x")
              "second" f(a: Int = 1 @deprecated): [String!] @deprecated(reason: "x")
            }
            """)
        #expect(described(identical.diagnostics) == ["warning: Field 'Query.f' can only be defined once. @ 2:11, 3:12"])
        #expect(identical.diagnostics.first?.code == .uniqueFieldDefinitionNames)
        #expect(identical.schema?.type(named: "Query")?.field("f")?.description == "first")
        for other in [
            "f(a: Int = 2 @deprecated): [String!] @deprecated(reason: \"x\")",
            "f(a: Int = 1): [String!] @deprecated(reason: \"x\")",
            "f(a: Int = 1 @deprecated): [String] @deprecated(reason: \"x\")",
            "f(b: Int = 1 @deprecated): [String!] @deprecated(reason: \"x\")",
            "f(a: Int = 1 @deprecated): [String!] @deprecated(reason: \"y\")",
            "f(a: Int = 1 @deprecated): [String!]",
        ] {
            let result = build("type Query {\n  f(a: Int = 1 @deprecated): [String!] @deprecated(reason: \"x\")\n  \(other)\n}")
            #expect(described(result.diagnostics) == ["Field 'Query.f' can only be defined once. @ 2:3, 3:3"], "\(other)")
        }
    }

    /// Beyond graphql-core: arguments of directives applied in SDL are checked like values in
    /// documents (graphql-core only fails when it reads `@deprecated` or `@specifiedBy`).
    @Test func directiveArgumentValues() {
        #expect(
            diagnostics(
                """
                directive @size(max: Int!, unit: Unit = PX) on FIELD_DEFINITION
                enum Unit { PX EM }
                type Query {
                  a: String @deprecated(reason: 1)
                  b: String @size(max: "big", unit: PT)
                  c: String @size(max: null)
                }
                scalar Date @specifiedBy(url: true)
                """) == [
                    "String cannot represent a non string value: 1 @ 4:33",
                    "Int cannot represent non-integer value: \"big\" @ 5:24",
                    "Value 'PT' does not exist in 'Unit' enum. Did you mean the enum value 'PX'? @ 5:37",
                    "Expected value of non-null type 'Int!' not to be None. @ 6:24",
                    "String cannot represent a non string value: true @ 8:31",
                ])
    }

    /// Beyond graphql-core, which ignores them: operations and fragments have no place in SDL.
    @Test func executableDefinitionsInSchema() {
        let result = build("type Query { a: String }\nquery Foo { a }\nfragment F on Query { a }\n{ a }")
        #expect(
            described(result.diagnostics) == [
                "The 'Foo' operation definition is not allowed in a schema. @ 2:1",
                "The 'F' fragment definition is not allowed in a schema. @ 3:1",
                "An anonymous operation definition is not allowed in a schema. @ 4:1",
            ])
        #expect(result.diagnostics.allSatisfy { $0.code == .executableDefinitionsInSchema })
    }

    @Test func serverSchemaMayRedefineSpecifiedDefinitions() throws {
        let result = build(
            """
            scalar String
            directive @deprecated(reason: String = "gone") on FIELD_DEFINITION | ENUM_VALUE
            directive @semanticNonNull(levels: [Int] = [0]) on FIELD_DEFINITION
            type Query { a: String @deprecated }
            """)
        #expect(described(result.diagnostics) == [])
        let schema = try #require(result.schema)
        #expect(schema.type(named: "String")?.origin == .builtIn)
        #expect(schema.directive(named: "deprecated")?.origin == .server)
        #expect(schema.directive(named: "deprecated")?.locations == [.fieldDefinition, .enumValue])
        #expect(schema.directives.filter { $0.name == "deprecated" }.count == 1)
    }

    @Test func directiveDefinitionsMayCarryDirectives() {
        #expect(
            diagnostics(
                """
                directive @tag(name: String!) repeatable on DIRECTIVE_DEFINITION | FIELD_DEFINITION
                directive @auth @tag(name: "a") @tag(name: "b") on FIELD_DEFINITION
                extend directive @auth @tag(name: "c") @tag
                directive @bad @include(if: true) on FIELD
                type Query { a: String }
                """) == [
                    "Argument '@tag(name:)' of type 'String!' is required, but it was not provided. @ 3:40",
                    "Directive '@include' may not be used on directive definition. @ 4:16",
                ])
    }

    @Test func invalidDefinitionsAreLeftOutAndTheSchemaStaysUsable() throws {
        let result = build(
            """
            type Query { a: Missing b: Int c(x: Nope): Int }
            union U = Query | Int
            type T implements Query & I { b: Int }
            interface I { b: Int }
            """)
        #expect(result.diagnostics.hasErrors)
        let schema = try #require(result.schema)
        // A field of unknown type is left out; an argument of unknown type leaves its field.
        #expect(schema.type(named: "Query")?.fields.map(\.name) == ["b", "c"])
        #expect(schema.type(named: "Query")?.field("c")?.arguments.isEmpty == true)
        #expect(schema.type(named: "U")?.possibleTypes.map { schema[$0].name } == ["Query"])
        #expect(schema.type(named: "T")?.interfaces.map { schema[$0].name } == ["I"])
        #expect(schema.type(named: "I")?.possibleTypes.map { schema[$0].name } == ["T"])
    }

    @Test func emptyInputStillBuilds() throws {
        let result = SchemaBuilder.build([])
        #expect(described(result.diagnostics) == ["Query root type must be provided. @ "])
        #expect(result.schema?.type(named: "String") != nil)
        #expect(result.schema?.queryType == nil)
    }
}

extension SchemaBuildingTests {
    /// graphql-core fails on this one ("Unknown type: 'Querry'"); the unknown type says it all.
    @Test func unknownQueryTypeIsReportedOnce() {
        #expect(
            diagnostics("schema { query: Querry }\ntype Query { a: Int }")
                == ["Unknown type 'Querry'. Did you mean 'Query'? @ 1:17"])
    }
}

extension SchemaBuildingTests {
    @Test func directiveDefinitionsKeepTheirDirectives() throws {
        let result = build(
            """
            extend directive @auth @tag(name: "late")
            directive @tag(name: String) repeatable on DIRECTIVE_DEFINITION
            directive @auth @tag(name: "early") on FIELD_DEFINITION
            type Query { a: String @auth }
            """)
        #expect(described(result.diagnostics) == [])
        let auth = try #require(result.schema?.directive(named: "auth"))
        #expect(auth.directives.map { ValuePrinter.print($0.arguments[0].value) } == ["\"early\"", "\"late\""])
        #expect(auth.locations == [.fieldDefinition])
    }
}
