import BatonDiagnostics
import Testing

@testable import BatonSyntax

/// The tree each production yields, on the kitchen sinks and small documents.
@Suite struct ExecutableProductionTests {
    let document: Document

    init() throws {
        let result = Parser.parse(try Fixtures.source("syntax/executable-kitchen-sink.graphql"))
        #expect(result.diagnostics.isEmpty)
        document = result.document
    }

    func field(_ selections: [Selection], _ name: String) -> Field? {
        for s in selections { if case .field(let f) = s, f.responseKey == name { return f } }
        return nil
    }

    @Test func operationsOfEveryForm() throws {
        let operations = document.operations
        #expect(operations.map(\.operation) == [.query, .mutation, .subscription, .query, .query, .query])
        #expect(operations.map { $0.name?.value } == ["CharacterPage", nil, "NoteAdded", nil, nil, "Described"])
        // The shorthand has no keyword; `query { unnamed }` has one.
        #expect(operations[3].operationKeywordRange == nil)
        #expect(operations[4].operationKeywordRange != nil)
        #expect(operations[2].directives.map(\.name.value) == ["persisted"])
        #expect(operations[5].description?.value == "Describes an operation.")
        #expect(operations[5].description?.block == false)
        #expect(operations[5].variableDefinitions[0].description?.value == "A variable's description")
    }

    @Test func variableDefinitions() throws {
        let variables = document.operations[0].variableDefinitions
        #expect(variables.map(\.variable.value) == ["id", "first", "statuses", "filter", "flag", "ratio"])
        #expect(variables.map(\.type.text) == ["ID!", "Int", "[Status!]", "CharacterFilter", "Boolean!", "Float"])
        #expect(variables[0].defaultValue == nil)
        #expect(StructuralDump.value(try #require(variables[2].defaultValue)) == "[enum:ALIVE,enum:DEAD]")
        #expect(
            StructuralDump.value(try #require(variables[3].defaultValue))
                == #"{name:S"Rick",species:null,tags:[S"a",S"b"]}"#)
        #expect(variables[3].directives.map(\.name.value) == ["deprecated"])
        #expect(StructuralDump.value(try #require(variables[5].defaultValue)) == "float:-1.5e3")
        guard case .nonNull(.named(let id), _) = variables[0].type else {
            Issue.record("ID!")
            return
        }
        #expect(id.value == "ID")
        guard case .list(.nonNull(.named(let status), _), _) = variables[2].type else {
            Issue.record("[Status!]")
            return
        }
        #expect(status.value == "Status")
    }

    @Test func selectionsOfEveryKind() throws {
        let top = document.operations[0].selectionSet.selections
        let character = try #require(field(top, "character"))
        let inner = try #require(character.selectionSet).selections
        #expect(inner.count == 7)
        #expect(field(inner, "alias")?.name.value == "name")
        guard case .inlineFragment(let typed) = inner[2], case .fragmentSpread(let spread) = inner[3],
            case .inlineFragment(let untypedWithDirective) = inner[4], case .inlineFragment(let bare) = inner[5]
        else {
            Issue.record("fragment kinds")
            return
        }
        #expect(typed.typeCondition?.value == "Character")
        #expect(typed.directives.first?.argument("if")?.value.variableName == "flag")
        #expect(spread.name.value == "CharacterHeader_character")
        #expect(spread.directives.map(\.name.value) == ["skip"])
        #expect(untypedWithDirective.typeCondition == nil && untypedWithDirective.directives.count == 1)
        #expect(bare.typeCondition == nil && bare.directives.isEmpty)
        let location = try #require(field(inner, "location"))
        #expect(StructuralDump.value(location.arguments[0].value) == "[int:1,int:-2,int:0,float:3.25,float:6.02E23,float:1e-5]")
        // graphql-core accepts an empty selection set.
        #expect(field(top, "empty")?.selectionSet?.selections.isEmpty == true)
    }

    @Test func stringValuesAreDecoded() throws {
        let search = try #require(field(document.operations[0].selectionSet.selections, "search"))
        guard case .string(let text, let block) = search.arguments[0].value.kind else {
            Issue.record("string")
            return
        }
        #expect(!block)
        #expect(text == "quote \" backslash \\ slash / \u{8} \u{C} \n \r \t é é 😀 😀 end")
        guard case .string(let blockText, true) = search.arguments[1].value.kind else {
            Issue.record("block")
            return
        }
        #expect(blockText == "A block string with \"quotes\" and \"\"\" escaped triple quotes.\n  Indented line.\n\nLast line.")
    }

    @Test func fragmentDefinitions() throws {
        let fragment = try #require(document.fragments.first)
        #expect(fragment.name.value == "CharacterHeader_character")
        #expect(fragment.typeCondition.value == "Character")
        #expect(fragment.description?.value == "A fragment's block description.")
        #expect(fragment.description?.block == true)
        #expect(
            StructuralDump.directives(fragment.directives)
                == #"@argumentDefinitions(count:{type:S"Int",defaultValue:int:2})"#)
    }
}

@Suite struct TypeSystemProductionTests {
    let types: [String: [TypeDefinition]]
    let document: Document

    init() throws {
        let result = Parser.parse(try Fixtures.source("syntax/type-system-kitchen-sink.graphql"))
        #expect(result.diagnostics.isEmpty)
        document = result.document
        var types: [String: [TypeDefinition]] = [:]
        for d in result.document.definitions { if case .type(let t) = d { types[t.name.value, default: []].append(t) } }
        self.types = types
    }

    var schemas: [SchemaDefinition] {
        document.definitions.compactMap { if case .schema(let s) = $0 { s } else { nil } }
    }

    var directives: [DirectiveDefinition] {
        document.definitions.compactMap { if case .directive(let d) = $0 { d } else { nil } }
    }

    @Test func schemaDefinitionAndExtensions() {
        #expect(schemas.map(\.isExtension) == [false, true, true])
        #expect(schemas[0].description?.value == "The schema's description.")
        #expect(
            schemas[0].operationTypes.map { "\($0.operation):\($0.type.value)" }
                == ["query:Query", "mutation:Mutation", "subscription:Subscription"])
        #expect(schemas[1].operationTypes.isEmpty && schemas[1].directives.count == 1)
        #expect(schemas[2].operationTypes.count == 1)
    }

    @Test func objectTypes() throws {
        let query = try #require(types["Query"]?.first)
        #expect(query.kind == .object && !query.isExtension)
        #expect(query.interfaces.map(\.value) == ["Node", "Entity"])
        #expect(query.description?.value == "A single-line description.")
        #expect(query.fields.map(\.name.value) == ["id", "characters", "node"])
        let characters = query.fields[1]
        #expect(characters.description?.value == "Multi-line field description\n  with indentation kept.")
        #expect(characters.arguments.map(\.name.value) == ["page", "filter", "ids"])
        #expect(characters.arguments[0].description?.value == "Argument description.")
        #expect(characters.arguments[2].type.text == "[[ID!]!]")
        #expect(characters.type.text == "[Character]!")
        #expect(characters.directives.map(\.name.value) == ["deprecated"])
        #expect(types["Implementor"]?.first?.interfaces.map(\.value) == ["Node", "Entity"])
        #expect(types["Empty"]?.first?.fields.isEmpty == true)
        let extensions = try #require(types["Query"]).dropFirst()
        #expect(extensions.allSatisfy { $0.isExtension })
        #expect(extensions.map(\.interfaces.count) == [1, 0, 1])
        #expect(extensions.map(\.fields.count) == [1, 0, 0])
    }

    @Test func interfacesImplementingInterfaces() throws {
        let entity = try #require(types["Entity"]?.first)
        #expect(entity.kind == .interface)
        #expect(entity.interfaces.map(\.value) == ["Node"])
        let node = try #require(types["Node"])
        #expect(node.map(\.isExtension) == [false, true, true])
        #expect(node[1].interfaces.map(\.value) == ["Extra"])
        #expect(node[2].fields.map(\.name.value) == ["createdAt"])
        #expect(types["Bare"]?.first?.fields.isEmpty == true)
    }

    @Test func unionsEnumsInputsScalars() throws {
        let search = try #require(types["SearchResult"])
        #expect(search[0].unionMembers.map(\.value) == ["Character", "Location", "Episode"])
        #expect(search[0].directives.count == 1)
        #expect(search[1].isExtension && search[1].unionMembers.map(\.value) == ["Note"])
        #expect(types["NoMembers"]?.first?.unionMembers.isEmpty == true)
        let status = try #require(types["Status"])
        #expect(status[0].enumValues.map(\.name.value) == ["ALIVE", "DEAD", "unknown"])
        #expect(status[0].enumValues[0].description?.value == "Alive and well.")
        #expect(StructuralDump.directives(status[0].enumValues[1].directives) == #"@deprecated(reason:S"Use \"GONE\".")"#)
        #expect(status[1].enumValues.map(\.name.value) == ["GONE"])
        let filter = try #require(types["CharacterFilter"])
        #expect(filter[0].kind == .inputObject)
        #expect(filter[0].inputFields.map(\.name.value) == ["name", "statuses", "nested"])
        #expect(filter[0].inputFields[1].description?.block == true)
        #expect(StructuralDump.value(try #require(filter[0].inputFields[2].defaultValue)) == "{name:null}")
        #expect(filter[1].inputFields.map(\.name.value) == ["gender"])
        let dateTime = try #require(types["DateTime"])
        #expect(dateTime.map(\.kind) == [.scalar, .scalar])
        #expect(dateTime.map(\.isExtension) == [false, true])
    }

    @Test func directiveDefinitions() throws {
        #expect(directives.map(\.name.value) == ["key", "tag", "live", "annotated", "live"])
        #expect(directives[0].isRepeatable && !directives[1].isRepeatable)
        #expect(directives[0].description?.value == "A directive description.")
        #expect(directives[0].arguments.map(\.name.value) == ["fields", "resolvable"])
        #expect(directives[0].locations.map(\.value) == ["OBJECT", "INTERFACE"])
        #expect(directives[1].locations.count == 11)
        #expect(directives[2].locations.compactMap { DirectiveLocation(rawValue: $0.value) }.count == 8)
        #expect(directives[3].directives.map(\.name.value) == ["tag"])
        #expect(directives[3].locations.map(\.value) == ["FRAGMENT_VARIABLE_DEFINITION", "DIRECTIVE_DEFINITION"])
        #expect(directives[4].isExtension && directives[4].locations.isEmpty)
        #expect(directives[4].directives.map(\.name.value) == ["tag"])
    }

    @Test func standaloneValuesAndTypes() throws {
        let value = try Parser.parseValue(Source(name: "v", text: #"[1, {a: $x, b: "s"}, ENUM]"#)).get()
        #expect(StructuralDump.value(value) == #"[int:1,{a:$x,b:S"s"},enum:ENUM]"#)
        let constant = Parser.parseValue(Source(name: "v", text: "{a: $x}"), const: true)
        guard case .failure(let error) = constant else {
            Issue.record("constant")
            return
        }
        #expect(error.message == "Syntax Error: Unexpected variable '$x' in constant value.")
        #expect(try Parser.parseType(Source(name: "t", text: " [ID!]! ")).get().text == "[ID!]!")
        guard case .failure(let trailing) = Parser.parseType(Source(name: "t", text: "ID x")) else {
            Issue.record("trailing")
            return
        }
        #expect(trailing.message == "Syntax Error: Expected <EOF>, found Name 'x'.")
    }

    @Test func partialDocumentOnError() {
        let result = Parser.parse(Source(name: "p", text: "scalar A\ntype B { a: Int }\ntype C {"))
        #expect(result.document.definitions.count == 2)
        #expect(result.firstError == "3:9 Syntax Error: Expected Name, found <EOF>.")
    }
}
