import BatonCompiler
import BatonDiagnostics
import BatonEmit
import BatonSyntax
import Testing

/// Hover's lens member comes from the model the emitter prints: for every field, spread and type
/// condition written in a set of documents, the declaration `LensLookup` gives is a line of the
/// generated file, directly inside the struct it names as owner.
@Suite struct LensLookupTests {
    static let schema = """
        type Query {
          character(id: ID!): Character search(name: String): [SearchResult] characters(filter: Filter): [Character!]!
        }
        interface Node { id: ID! }
        type Character implements Node {
          id: ID! name: String species: String! tags: [String] codes: [String!]! status: Status
          price: Decimal prices: [Decimal] origin: Location friends: [Character!] episode: [Episode!]!
        }
        type Location implements Node { id: ID! name: String dimension: String residents: [Character] }
        type Episode implements Node { id: ID! name: String! airDate: String }
        union SearchResult = Character | Location
        enum Status { ALIVE DEAD unknown }
        input Filter { name: String status: Status }
        scalar Decimal
        """

    static let header = #"""
        import Baton
        struct CharacterHeader {
            @Fragment("""
            fragment CharacterHeader_character on Character {
              name status price prices tags codes __typename
              nick: name
              origin { name dimension residents { name origin { dimension } } }
              episode { name aired: airDate }
              friends { ...CharacterName_character }
              ...CharacterName_character
              ...CharacterName_character @alias(as: "again")
              ... on Node { id }
            }
            """) var character: CharacterHeader_character
        }
        """#

    static let documents = """
        fragment CharacterName_character on Character { name }
        fragment Required_character on Character {
          name @required(action: THROW)
          species @catch
          status @catch(to: NULL)
          tags @required(action: LOG)
        }
        fragment RequiredLink_character on Character { origin @required(action: NONE) { name } }
        fragment Holder_character on Character { ...Required_character ...RequiredLink_character }
        fragment Searchable_result on SearchResult {
          __typename
          ... on Character { name origin { name } }
          ... on Location { name }
          ... on Node @alias(as: "node") { id }
        }
        fragment Entity_node on Node { id ... on Character { name episode { name } } }
        fragment Value_character on Character @inline {
          name status origin { name } episode { name }
        }
        fragment UsesValue_character on Character { ...Value_character }
        fragment Summary_character on Character { ... @alias(as: "summary") { name status } }
        fragment Conditional_character on Character @argumentDefinitions(withTags: {type: "Boolean", defaultValue: false}) {
          tags @include(if: $withTags)
          origin @skip(if: $withTags) { name }
        }
        query CharactersQuery($filter: Filter) {
          characters(filter: $filter) { name ...CharacterHeader_character origin { dimension } episode { name } }
          search(name: "x") { __typename ... on Character { name } ... on Location { dimension } ...Searchable_result }
          character(id: "1") {
            ...Holder_character ...UsesValue_character ...Conditional_character @arguments(withTags: true)
            ...Summary_character ...Entity_node
          }
        }
        query Origin { character(id: "1") { origin { name } } }
        """

    /// The target compiled and generated, with the lookup over its documents.
    struct Generated {
        var compiled: CompiledTarget
        var outputs: [String: String]
        /// Lines directly inside each generated struct, by qualified name.
        var members: [String: [String]] = [:]

        init() throws {
            let target = try TemporaryTarget(files: [
                "schema.graphql": LensLookupTests.schema,
                "Sources/App/CharacterHeader.swift": LensLookupTests.header,
                "Sources/App/Lenses.graphql": LensLookupTests.documents,
            ])
            defer { target.remove() }
            let files = ["Sources/App/CharacterHeader.swift", "Sources/App/Lenses.graphql"]
            compiled = TargetCompilation.compile(target.request(files))
            let result = GenerateCommand.compute(target.options(files))
            outputs = result.outputs
            for text in outputs.values { Self.collectMembers(of: text, into: &members) }
        }

        /// Reads the struct nesting of a generated file from its indentation (4 spaces a level).
        static func collectMembers(of text: String, into members: inout [String: [String]]) {
            var stack: [(indent: Int, path: String)] = []
            for line in text.split(separator: "\n") {
                let indent = line.prefix { $0 == " " }.count
                let body = line.dropFirst(indent)
                while let last = stack.last, indent <= last.indent { stack.removeLast() }
                if body.hasPrefix("struct ") || body.hasPrefix("extension ") {
                    let isStruct = body.hasPrefix("struct ")
                    let name = String(body.dropFirst(isStruct ? 7 : 10).prefix { $0 != ":" && $0 != " " && $0 != "{" })
                    let path = isStruct ? (stack.last.map { $0.path + "." + name } ?? name) : "extension " + name
                    stack.append((indent, path))
                } else if let last = stack.last, indent == last.indent + 4 {
                    members[last.path, default: []].append(String(body))
                }
            }
        }

        var errors: [String] { compiled.diagnostics.filter { $0.severity == .error }.map { $0.rendered() } }

        func member(at offset: Int, in document: Document) -> LensLookup.Member? {
            guard let schema = compiled.schema, let root = LensLookup.root(at: offset, in: document) else { return nil }
            return LensLookup.member(
                at: offset, in: root, documents: compiled.documents, schema: schema,
                customScalars: ["Decimal": "Foundation.Decimal"])
        }

        /// The declaration hover gives for the `occurrence`th `needle` of the document declaring `definition`.
        func declaration(_ needle: String, occurrence: Int = 1, in definition: String) -> String? {
            for document in compiled.documents {
                let ranges =
                    document.fragments.filter { $0.name.value == definition }.map(\.range)
                    + document.operations.filter { $0.name?.value == definition }.map(\.range)
                if let range = ranges.first { return declaration(needle, occurrence: occurrence, in: document, range: range) }
            }
            return nil
        }

        func declaration(_ needle: String, occurrence: Int, in document: Document, range: SourceRange) -> String? {
            let text = Array(document.source.text.utf8)
            let pattern = Array(needle.utf8)
            var found = 0
            for start in range.start...(range.end - pattern.count) where Array(text[start..<start + pattern.count]) == pattern {
                found += 1
                if found == occurrence { return member(at: start + 1, in: document)?.declaration }
            }
            return nil
        }

        /// Whether the struct `owner` declares `declaration` (a lens accessor or a value property).
        func declares(_ owner: String, _ declaration: String) -> Bool {
            (members[owner] ?? []).contains { $0 == declaration || $0.hasPrefix("@MainActor " + declaration + " {") }
        }
    }

    /// A name written in a document that may compile to a lens member.
    struct Written {
        enum Kind { case field, spread, condition }
        var kind: Kind
        var name: String
        var range: SourceRange
    }

    static func written(_ selections: [Selection], into names: inout [Written]) {
        for selection in selections {
            switch selection {
            case .field(let field):
                names.append(Written(kind: .field, name: field.name.value, range: field.name.range))
                written(field.selectionSet?.selections ?? [], into: &names)
            case .fragmentSpread(let spread):
                names.append(Written(kind: .spread, name: spread.name.value, range: spread.name.range))
            case .inlineFragment(let inline):
                if let condition = inline.typeCondition {
                    names.append(Written(kind: .condition, name: condition.value, range: condition.range))
                }
                written(inline.selectionSet.selections, into: &names)
            }
        }
    }

    @Test func everyDeclarationHoverGivesIsInTheGeneratedStructItNames() throws {
        let generated = try Generated()
        let errors = generated.errors
        #expect(errors.isEmpty, "\(errors)")
        let structs = generated.members.count
        #expect(structs > 20)
        var checked = 0
        var conditions = 0
        for document in generated.compiled.documents {
            var names: [Written] = []
            for definition in document.definitions {
                switch definition {
                case .fragment(let fragment): Self.written(fragment.selectionSet.selections, into: &names)
                case .operation(let operation): Self.written(operation.selectionSet.selections, into: &names)
                default: continue
                }
            }
            for name in names {
                // The start, the middle and the end of the name: all the same member.
                let offsets = [name.range.start, (name.range.start + name.range.end) / 2, name.range.end]
                let members = offsets.map { generated.member(at: $0, in: document) }
                #expect(members.map { $0?.declaration } == Array(repeating: members[0]?.declaration, count: 3), "\(name.name)")
                guard let member = members[0] else {
                    // Only a type condition the lens reads in place has no member of its own.
                    #expect(name.kind == .condition, "no member for \(name.name) at \(name.range)")
                    continue
                }
                switch name.kind {
                case .field: #expect([.scalar, .linked, .typename].contains(member.accessor.reads), "\(name.name)")
                case .spread: #expect(member.accessor.reads == .spread && member.accessor.fragment == name.name)
                case .condition:
                    #expect(member.accessor.reads == .condition)
                    conditions += 1
                }
                let declared = generated.declares(member.owner, member.declaration)
                #expect(declared, "\(member.declaration) is not declared in \(member.owner): \(generated.members[member.owner] ?? [])")
                checked += 1
            }
        }
        #expect(checked > 60)
        #expect(conditions == 6)
    }

    @Test func theIssuesExamplesAndTheQualifiedForms() throws {
        let g = try Generated()
        let errors = g.errors
        #expect(errors.isEmpty, "\(errors)")
        let header = "CharacterHeader_character"
        #expect(g.declaration("name", in: header) == "var name: String?")
        #expect(g.declaration("origin", in: header) == "var origin: CharacterHeader_character.Origin?")
        #expect(
            g.declaration("CharacterName_character", occurrence: 2, in: header)
                == "var characterName: CharacterName_character")
        #expect(g.declaration("dimension", in: header) == "var dimension: String?")
        #expect(
            g.declaration("residents", in: header)
                == "var residents: Baton.List<CharacterHeader_character.Origin.Residents>?")
        #expect(g.declaration("dimension", occurrence: 2, in: header) == "var dimension: String?")
        #expect(
            g.declaration("origin", occurrence: 2, in: header)
                == "var origin: CharacterHeader_character.Origin.Residents.Origin?")
        #expect(g.declaration("episode", in: header) == "var episode: Baton.List<CharacterHeader_character.Episode>")
        #expect(g.declaration("airDate", in: header) == "var aired: String?")
        #expect(g.declaration("name\n  origin", in: header) == "var nick: String?")
        #expect(g.declaration("status", in: header) == "var status: Status?")
        #expect(g.declaration("price", in: header) == "var price: Foundation.Decimal?")
        #expect(g.declaration("prices", in: header) == "var prices: [Foundation.Decimal?]?")
        #expect(g.declaration("codes", in: header) == "var codes: [String]")
        #expect(g.declaration("__typename", in: header) == "var __typename: String")
        #expect(g.declaration("CharacterName_character", occurrence: 3, in: header) == "var again: CharacterName_character")
        // A type condition the record always meets reads in place: its fields are the lens's own.
        #expect(g.declaration("Node", in: header) == nil)
        #expect(g.declaration("id }", in: header) == "var id: Baton.ID")

        #expect(g.declaration("characters", in: "CharactersQuery") == "var characters: Baton.List<CharactersQuery.Data.Characters>")
        #expect(g.declaration("dimension", in: "CharactersQuery") == "var dimension: String?")
        #expect(g.declaration("origin {", in: "CharactersQuery") == "var origin: CharactersQuery.Data.Characters.Origin?")
        #expect(
            g.declaration("CharacterHeader_character", in: "CharactersQuery")
                == "var characterHeader: CharacterHeader_character")
        #expect(
            g.declaration("Character {", in: "CharactersQuery")
                == "var asCharacter: CharactersQuery.Data.Search.AsCharacter?")
        #expect(g.declaration("Holder_character", in: "CharactersQuery") == "var holder: Holder_character")

        #expect(g.declaration("Character", in: "Searchable_result") == "var asCharacter: Searchable_result.AsCharacter?")
        #expect(g.declaration("origin", in: "Searchable_result") == "var origin: Searchable_result.AsCharacter.Origin?")
        #expect(g.declaration("Node @alias", in: "Searchable_result") == "var node: Searchable_result.Node?")
        #expect(g.declaration("Character", in: "Entity_node") == "var asCharacter: Entity_node.AsCharacter?")

        #expect(g.declaration("name", in: "Required_character") == "var name: String")
        #expect(g.declaration("species", in: "Required_character") == "var species: Result<String?, Baton.FieldErrors>")
        #expect(g.declaration("status", in: "Required_character") == "var status: Status?")
        // `@required(action: LOG)`: non-optional, the null bubbles (the elements keep the schema's nullability).
        #expect(g.declaration("tags", in: "Required_character") == "var tags: [String?]")
        #expect(g.declaration("origin", in: "RequiredLink_character") == "var origin: RequiredLink_character.Origin")
        // A child with required fields makes its spread optional.
        #expect(g.declaration("Required_character", in: "Holder_character") == "var required: Required_character?")

        #expect(g.declaration("tags", in: "Conditional_character") == "var tags: [String?]?")
        #expect(g.declaration("origin", in: "Conditional_character") == "var origin: Conditional_character.Origin?")
        #expect(g.declaration("name", in: "Summary_character") == "var name: String?")

        // An @inline fragment: the value's properties, spelled through the value's structs.
        #expect(g.declaration("origin", in: "Value_character") == "var origin: Value_character.Origin?")
        #expect(g.declaration("episode", in: "Value_character") == "var episode: [Value_character.Episode]")
        #expect(g.declaration("Value_character", occurrence: 2, in: "UsesValue_character") == "var value: Value_character")

        // A nested lens does not take the name of the struct it is nested in, so the qualified
        // name resolves inside it.
        #expect(g.declaration("origin", in: "Origin") == "var origin: Origin.Data.Character_.Origin_?")
    }
}
