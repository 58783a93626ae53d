import BatonCompiler
import BatonConfig
import BatonDiagnostics
import BatonLanguageService
import BatonValidation
import Foundation
import Testing

/// The catalog against the producers: every code is reported by a real document (or, for the
/// few that need a file system or a 500-fragment chain, named by a producer's source), and
/// every diagnostic a document yields has the severity the catalog gives its code.
struct DiagnosticCatalogTests {
    static let schema = """
        interface Node { id: ID! }
        type Query {
          node(id: ID!): Node
          character(id: ID!): Character
          characters(first: Int, after: String): CharacterConnection
          list: [Character]
          search(filter: Filter): [Character]
        }
        type Mutation { rename(id: ID!, name: String!): Character }
        type Subscription { ticks: Int, other: Int, watched: Character }
        type Character implements Node {
          id: ID!
          name: String
          nonNull: String!
          status: Status
          friends(first: Int, after: String): CharacterConnection
        }
        type CharacterConnection { edges: [CharacterEdge], pageInfo: PageInfo }
        type CharacterEdge { cursor: String, node: Character }
        type PageInfo { endCursor: String, hasNextPage: Boolean, hasPreviousPage: Boolean, startCursor: String }
        enum Status { ALIVE DEAD }
        input Filter { name: String, status: Status }
        directive @defer(if: Boolean! = true, label: String) on FRAGMENT_SPREAD | INLINE_FRAGMENT
        directive @stream(if: Boolean! = true, label: String, initialCount: Int = 0) on FIELD
        directive @custom on FIELD

        """

    /// One compilation: a schema (the base one, with `sdl` appended), its extensions, and files.
    struct Case: Sendable, CustomStringConvertible {
        var code: DiagnosticCode
        var sdl = ""
        var baseSchema = true
        var extensions: [String] = []
        var files: [(name: String, text: String)] = []
        var description: String { code.rawValue }

        init(
            _ code: DiagnosticCode, sdl: String = "", baseSchema: Bool = true, extensions: [String] = [],
            _ document: String? = nil, file: String = "Document.graphql"
        ) {
            self.code = code
            self.sdl = sdl
            self.baseSchema = baseSchema
            self.extensions = extensions
            if let document { files = [(file, document)] }
        }

        func diagnostics() -> [Diagnostic] {
            let schema = Source(name: "schema.graphql", text: (baseSchema ? DiagnosticCatalogTests.schema : "") + sdl)
            let input = CompilationInput(
                schema: [schema],
                schemaExtensions: extensions.map { Source(name: "client.graphql", text: $0) },
                files: files.map { Source(name: $0.name, text: $0.text) })
            return Compilation.run(input).diagnostics
        }
    }

    static let q = "query Q { character(id: 1) { id } }\n"

    static let cases: [Case] = [
        // Reading inputs
        Case(.syntax, "query Q { character(id: 1) { id }"),
        Case(.marker, "struct V {\n    @Query(\"query Q { character(id: 1) { id } }\" + \"\") var q: Q\n}\n", file: "V.swift"),
        Case(.host, "plain text", file: "notes.txt"),
        // The schema
        Case(.loneSchemaDefinition, sdl: "schema { query: Query }\nschema { query: Query }\n"),
        Case(.uniqueOperationTypes, sdl: "schema { query: Query query: Query }\n"),
        Case(.uniqueTypeNames, sdl: "scalar Extra\nscalar Extra\n"),
        Case(.uniqueFieldDefinitionNames, sdl: "type Extra { a: Int a: String b: Int b: Int }\n"),
        Case(.uniqueEnumValueNames, sdl: "enum E { A A }\n"),
        Case(.uniqueArgumentDefinitionNames, sdl: "type Extra { f(a: Int, a: Int): Int }\n"),
        Case(.uniqueDirectiveNames, sdl: "directive @d on FIELD\ndirective @d on FIELD\n"),
        Case(.possibleTypeExtensions, sdl: "extend type Missing { x: Int }\n"),
        Case(.executableDefinitionsInSchema, sdl: q),
        Case(.knownArgumentNamesOnDirectives, sdl: "type Extra { f: Int @deprecated(reasn: \"x\") }\n"),
        Case(.providedRequiredArgumentsOnDirectives, sdl: "directive @d(a: Int!) on FIELD_DEFINITION\ntype Extra { f: Int @d }\n"),
        Case(.rootTypes, sdl: "type Foo { a: Int }\n", baseSchema: false),
        Case(.fieldDefinitions, sdl: "type Extra { f: Filter }\n"),
        Case(.inputObjectFields, sdl: "input In { c: Character }\n"),
        Case(.oneOfInputObjects, sdl: "input One @oneOf { a: Int! }\n"),
        Case(.enumValues, sdl: "enum Empty\n"),
        Case(.unionMembers, sdl: "union U = Filter\n"),
        Case(.interfaceImplementations, sdl: "type Extra implements Node { name: String }\n"),
        Case(.implementationFieldDeprecation, sdl: "type Extra implements Node { id: ID! @deprecated }\n"),
        Case(.inputObjectCycles, sdl: "input Loop { next: Loop! }\n"),
        Case(.directiveDefinitions, sdl: "directive @d(a: Character) on FIELD\n"),
        Case(.reservedNames, sdl: "type __Bad { a: Int }\n"),
        Case(.defaultValues, sdl: "type Extra { f(a: Int = \"x\"): Int }\n"),
        Case(.knownDirectives, sdl: "type Extra { f: Int @unknown }\n"),
        Case(.knownTypeNames, sdl: "type Extra { f: Missing }\n"),
        Case(.uniqueArgumentNames, sdl: "type Extra { f: Int @deprecated(reason: \"a\", reason: \"b\") }\n"),
        Case(
            .uniqueInputFieldNames,
            sdl: "directive @d(a: Filter) on FIELD_DEFINITION\ntype Extra { f: Int @d(a: {name: \"x\", name: \"y\"}) }\n"),
        Case(.uniqueDirectivesPerLocation, sdl: "type Extra { f: Int @deprecated @deprecated }\n"),
        Case(.valuesOfCorrectType, sdl: "type Extra { f: Int @deprecated(reason: 1) }\n"),
        // The documents, by the specification's rules
        Case(.knownDirectives, q + "query R @unknown { character(id: 1) { id } }"),
        Case(.knownTypeNames, "query R($a: Missing) { character(id: 1) { id } }"),
        Case(.uniqueArgumentNames, "query R { character(id: 1, id: 2) { id } }"),
        Case(.uniqueInputFieldNames, "query R { search(filter: {name: \"a\", name: \"b\"}) { id } }"),
        Case(.uniqueDirectivesPerLocation, "query R { character(id: 1) @include(if: true) @include(if: true) { id } }"),
        Case(.valuesOfCorrectType, "query R { character(id: 1) { friends(first: \"x\") { edges { cursor } } } }"),
        Case(.executableDefinitions, q + "type Extra { a: Int }"),
        Case(.uniqueOperationNames, q + q),
        Case(.loneAnonymousOperation, "{ character(id: 1) { id } }\n{ character(id: 2) { id } }"),
        Case(.knownOperationTypes, sdl: "type Query { a: Int }\n", baseSchema: false, "mutation M { a }"),
        Case(.singleFieldSubscriptions, "subscription S { ticks other }"),
        Case(.fragmentsOnCompositeTypes, "query R { character(id: 1) { ... on String { id } } }"),
        Case(.variablesAreInputTypes, "query R($c: Character) { character(id: 1) { id } }"),
        Case(.scalarLeafs, "query R { character(id: 1) { name { x } } }"),
        Case(.fieldsOnCorrectType, "query R { character(id: 1) { nope } }"),
        Case(
            .uniqueFragmentNames, "fragment F on Character { id }\nfragment F on Character { name }\nquery R { character(id: 1) { ...F } }"),
        Case(.knownFragmentNames, "query R { character(id: 1) { ...Missing } }"),
        Case(.possibleFragmentSpreads, "query R { character(id: 1) { ... on PageInfo { endCursor } } }"),
        Case(
            .noFragmentCycles, "fragment A on Character { ...B }\nfragment B on Character { ...A }\nquery R { character(id: 1) { ...A } }"),
        Case(.uniqueVariableNames, "query R($a: ID!, $a: ID!) { character(id: $a) { id } }"),
        Case(.noUndefinedVariables, "query R { character(id: $x) { id } }"),
        Case(.noUnusedVariables, "query R($x: ID) { character(id: 1) { id } }"),
        Case(.knownArgumentNames, "query R { character(id: 1, nope: 2) { id } }"),
        Case(.providedRequiredArguments, "query R { character { id } }"),
        Case(.variablesInAllowedPosition, "query R($x: ID) { character(id: $x) { id } }"),
        Case(.overlappingFieldsCanBeMerged, "query R { character(id: 1) { a: id a: name } }"),
        Case(.deferStreamDirectiveOnRootField, "mutation M { ... @defer { rename(id: 1, name: \"x\") { id } } }"),
        Case(.deferStreamDirectiveOnValidOperations, "subscription S { watched { ... @defer { name } } }"),
        Case(
            .deferStreamDirectiveLabel, "query R { character(id: 1) { ... @defer(label: \"a\") { id } ... @defer(label: \"a\") { name } } }"
        ),
        Case(.streamDirectiveOnListField, "query R { character(id: 1) { name @stream } }"),
        Case(.maxIntrospectionDepth, "query R { __schema { types { fields { type { fields { type { fields { name } } } } } } } }"),
        // Baton's own checks
        Case(.anonymousOperation, "{ character(id: 1) { id } }"),
        Case(
            .argumentDefinitions,
            "fragment F on Character @argumentDefinitions(n: {type: \"Nope\"}) { id }\nquery R { character(id: 1) { ...F } }"),
        Case(.fragmentArguments, "fragment F on Character { id }\nquery R { character(id: 1) { ...F @arguments(size: 1) } }"),
        Case(.connection, "query R { list @connection(key: \"R_list\") { id } }"),
        Case(.refetchable, "fragment F on Character @refetchable(queryName: \"R\") { id }\nquery R { character(id: 1) { ...F } }"),
        Case(.required, "query R { character(id: 1) { name name @required(action: LOG) } }"),
        Case(.alias, "query R { character(id: 1) { ... @alias(as: \"1x\") { id } } }"),
        Case(.catch, "query R { character(id: 1) { ... on Character @catch { id } } }"),
        Case(.inline, "fragment F on Character @inline @refetchable(queryName: \"Refetch\") { id }\nquery R { character(id: 1) { ...F } }"),
        Case(.directivePlacement, "query R { character(id: 1) { id @custom } }"),
        Case(.stream, "query R { character(id: 1) { name @stream } }"),
        Case(.deferLabel, "query R { character(id: 1) { ... @defer(label: \"a\") { id } ... @defer(label: \"a\") { name } } }"),
        Case(.edgeDirective, "query R { character(id: 1) { id @deleteRecord } }"),
        Case(.cacheExpiration, "query R($s: Int!) @cacheExpiration(seconds: $s) { character(id: 1) { id } }"),
        Case(.clientSchema, extensions: ["extend type Character { favorite: Boolean! }"], q),
        Case(.semanticNonNull, sdl: "type Extra { f: Int @semanticNonNull(levels: [2]) }\n"),
        Case(.clientOnlyOperation, extensions: ["extend type Query { local: Int }"], "query R { local }"),
        Case(.unusedFragment, "fragment Lonely on Character { id }"),
        Case(.reservedName, "query Status { character(id: 1) { id } }"),
        // Relay's checks beyond the specification
        Case(.reservedAlias, "query R { character(id: 1) { id: name } }"),
        Case(.doubleUnderscoreAlias, "query R { character(id: 1) { __n: name } }"),
        Case(.internalVariableName, "query R($__relay_internal_x: ID!) { character(id: $__relay_internal_x) { id } }"),
        Case(.typenameOnRoot, "query R { __typename character(id: 1) { id } }"),
        Case(.requiredInAbstractFragment, "query R { node(id: 1) { ... on Node { id @required(action: LOG) } } }"),
        Case(.requiredActionVariable, "query R($a: RequiredFieldAction!) { character(id: 1) @required(action: $a) { id } }"),
        Case(.requiredThrowInMutation, "mutation M { rename(id: 1, name: \"x\") { name @required(action: THROW) } }"),
        Case(.requiredOnNonNull, "query R @throwOnFieldError { character(id: 1) { nonNull @required(action: LOG) } }"),
        Case(.requiredWithCatch, "query R { character(id: 1) { name @required(action: LOG) @catch } }"),
        Case(.fragmentAliasConflict, "fragment F on Character { id }\nquery R { character(id: 1) { name ...F @alias(as: \"name\") } }"),
        Case(
            .serverOnlyDirective, extensions: ["extend type Character { buddy: Character }"],
            "query R { character(id: 1) { id buddy { ... @defer { name } } } }"),
        Case(
            .connectionFilters,
            "query R($f: [String]) { characters(first: 1) @connection(key: \"R_characters\", filters: $f) { edges { node { id } } } }"),
        Case(
            .streamConnectionAlias,
            "query R { characters(first: 1) @stream_connection(key: \"R_characters\", initial_count: 1) { e: edges { node { id } } } }"),
        Case(
            .refetchableConnection,
            "fragment F on Character @refetchable(queryName: \"FRefetch\") { friends(first: 1) @connection(key: \"F_friends\") { edges { node { id } } } }\nquery R { character(id: 1) { ...F } }"
        ),
        Case(
            .refetchableVariableConflict,
            "fragment F on Character @argumentDefinitions(n: {type: \"Int\"}) @refetchable(queryName: \"FRefetch\") { friends(first: $n) { edges { cursor } } ...G }\nfragment G on Character { other: friends(first: $n) { edges { cursor } } }\nquery R($n: Int) { character(id: 1) { ...F } }"
        ),
        Case(
            .argumentDefaultValue,
            "fragment F on Character @argumentDefinitions(s: {type: \"Status\", defaultValue: \"ALIVE\"}) { id }\nquery R { character(id: 1) { ...F } }"
        ),
        Case(
            .fragmentArgumentConflict,
            "fragment F on Character @argumentDefinitions(n: {type: \"Int\"}) { friends(first: $n) { edges { cursor } } }\nquery R { character(id: 1) { ...F @arguments(n: 1) ...F @arguments(n: 2) } }"
        ),
        Case(.deferStreamCondition, "query R { character(id: 1) { id ... @defer(if: null) { name } } }"),
        Case(.relayOnlyDirective, "fragment F on Character @relay(plural: true) { id }\nquery R { list { ...F } }"),
        Case(
            .relayOnlyArgument, "query R { character(id: 1) { name @required(action: DANGEROUSLY_THROW_ON_SEMANTICALLY_NULLABLE_FIELD) } }"),
    ]

    @Test(arguments: cases)
    func documentReportsItsCode(_ test: Case) {
        let diagnostics = test.diagnostics()
        #expect(diagnostics.contains { $0.code == test.code }, "\(diagnostics.map { "\($0.code): \($0.message)" })")
        for diagnostic in diagnostics {
            #expect(
                diagnostic.severity == diagnostic.code.severity || diagnostic.code.severityVaries,
                "\(diagnostic.code) reported as \(diagnostic.severity.rawValue): \(diagnostic.message)")
        }
    }

    /// What `Compilation.run` does not reach: configuration, files, the validator's own
    /// options, the language service.
    @Test func producersOutsideTheDocumentPipeline() {
        var diagnostics = BatonConfig.read(Source(name: "/p/baton.json", text: #"{"schema": }"#)).diagnostics
        diagnostics += BatonConfig.read(Source(name: "/p/baton.json", text: #"{"schemaa": "s.graphql"}"#)).diagnostics
        if case .failed(let diagnostic) = SourceLoader.load("/nonexistent/baton-catalog/Missing.graphql") {
            diagnostics.append(diagnostic)
        }
        var built: [Diagnostic] = []
        let schema = Compilation.buildSchema([Source(name: "schema.graphql", text: Self.schema)], extensions: [], into: &built)
        let unused = Compilation.parse(Source(name: "A.graphql", text: "fragment Lonely on Character { id }\n" + Self.q))
        let broken = Compilation.parse(Source(name: "B.graphql", text: "query R { a b c }"))
        if let schema {
            // Unused fragments both ways: graphql-core's error and the warning Baton asks for.
            let documents = unused.parses.map(\.document)
            diagnostics += Validator.validate(documents, schema: schema)
            diagnostics += Validator.validate(documents, schema: schema, options: ValidationOptions(unusedFragmentsAreWarnings: false))
            diagnostics += Validator.validate(broken.parses.map(\.document), schema: schema, options: ValidationOptions(maxErrors: 1))
        }
        diagnostics.append(DocumentCheck.outsideEveryProject(Source(name: "/elsewhere/V.swift", text: "")))

        let codes = Set(diagnostics.map(\.code))
        for code: DiagnosticCode in [.jsonSyntax, .config, .io, .noUnusedFragments, .validationAborted, .project] {
            #expect(codes.contains(code), "\(code): \(diagnostics.map { "\($0.code): \($0.message)" })")
        }
        #expect(Set(diagnostics.filter { $0.code == .noUnusedFragments }.map(\.severity)) == [.error, .warning])
        for diagnostic in diagnostics {
            #expect(
                diagnostic.severity == diagnostic.code.severity || diagnostic.code.severityVaries,
                "\(diagnostic.code) reported as \(diagnostic.severity.rawValue)")
        }
    }

    /// Codes whose producers need a file system or depth no small document reaches: checked
    /// by name in the producers' sources instead.
    static let producedOnlyBySource: [DiagnosticCode] = [.print, .generate, .schema, .fragmentDepth]

    @Test func everyCodeIsCovered() throws {
        let byDocument = Set(Self.cases.map(\.code))
            .union([.jsonSyntax, .config, .io, .noUnusedFragments, .validationAborted, .project])
        let uncovered = DiagnosticCode.allCases.filter { !byDocument.contains($0) && !Self.producedOnlyBySource.contains($0) }
        #expect(uncovered.isEmpty, "add a document for \(uncovered)")

        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var sources = ""
        for folder in ["Compiler", "Common", "LanguageServer"] {
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                guard url.pathExtension == "swift", url.lastPathComponent != "DiagnosticCode.swift" else { continue }
                sources += try String(contentsOf: url, encoding: .utf8)
            }
        }
        for code in Self.producedOnlyBySource {
            #expect(sources.contains("code: .\(code.caseName))"), "no producer reports \(code)")
        }
    }

    @Test func rawStringsAreUniqueAndSeveritiesAreDecided() {
        let raw = DiagnosticCode.allCases.map(\.rawValue)
        #expect(Set(raw).count == raw.count)
        #expect(DiagnosticCode.allCases.filter(\.severityVaries) == [.uniqueFieldDefinitionNames, .noUnusedFragments, .project])
        #expect(
            DiagnosticCode.allCases.filter { $0.severity == .warning } == [
                .implementationFieldDeprecation, .unusedFragment, .requiredOnNonNull,
            ])
        // The wire string is the case's raw value, unchanged since it shipped.
        #expect(DiagnosticCode.connection.rawValue == "Connection" && DiagnosticCode.io.rawValue == "IO")
    }
}

extension DiagnosticCode {
    /// The Swift name of the case (`JSONSyntax` is `jsonSyntax`), to find it in sources.
    var caseName: String {
        switch self {
        case .io: return "io"
        case .jsonSyntax: return "jsonSyntax"
        default: return rawValue.prefix(1).lowercased() + rawValue.dropFirst()
        }
    }
}
