import BatonCompiler
import Foundation
import Testing

/// What the shared file carries beside types and slots: the transient lists (folded into the
/// digest), argument sites, input objects; and a mutation's action and optimistic response.
@Suite struct SharedFileTests {
    static let screen = """
        import Baton
        struct Screen {
            @Query(\"\"\"
            query ScreenQuery($id: ID!) { character(id: $id) { ...Friends_character @arguments(status: ALIVE) } }
            \"\"\") var query: ScreenQuery
            @Fragment(\"\"\"
            fragment Friends_character on Character @argumentDefinitions(status: {type: "Status"}) {
              friends { status } name
            }
            \"\"\") var friends: Friends_character
        }
        """

    func shared(config: String, files: [String: String] = [:]) throws -> String {
        var all = files
        all["Sources/App/Screen.swift"] = all["Sources/App/Screen.swift"] ?? Self.screen
        let target = try TemporaryTarget(config: config, files: all)
        defer { target.remove() }
        let result = GenerateCommand.compute(target.options(["Sources/App/Screen.swift"]))
        let errors = result.diagnostics.filter { $0.severity == .error }.map { $0.rendered() }
        #expect(errors.isEmpty, "\(errors)")
        return result.outputs.first { $0.key.hasSuffix("Baton.baton.swift") }?.value ?? ""
    }

    func digest(_ shared: String) -> String? {
        guard let line = shared.split(separator: "\n").first(where: { $0.contains("static let schemaDigest") }) else { return nil }
        return line.split(separator: "\"").dropFirst().first.map(String.init)
    }

    @Test func transientListsJoinTheDigestAndTheSharedFile() throws {
        let plain = try shared(config: #"{"schema": "schema.graphql"}"#)
        let again = try shared(config: #"{"schema": "schema.graphql"}"#)
        let types = try shared(config: #"{"schema": "schema.graphql", "transient": {"types": ["Location"]}}"#)
        let node = try shared(config: #"{"schema": "schema.graphql", "transient": {"types": ["Node"]}}"#)
        let fields = try shared(config: #"{"schema": "schema.graphql", "transient": {"fields": ["Query.search"]}}"#)
        let identity = try shared(config: #"{"schema": "schema.graphql", "identity": {"types": {"Location": ["name"]}}}"#)
        let digests = [plain, types, node, fields, identity].compactMap(digest)
        #expect(digests.count == 5)
        #expect(Set(digests).count == 5)
        #expect(digest(plain) == digest(again))

        #expect(plain.contains("static let transient = Baton.Transient(types: [], fields: [])"))
        #expect(types.contains("static let transient = Baton.Transient(types: [Types.Location], fields: [])"))
        #expect(types.contains(#"static let Location = Baton.Registry.type("Location", transient: true)"#))
        // An interface stands for its implementers.
        #expect(node.contains("static let transient = Baton.Transient(types: [Types.Character, Types.Location, Types.Node], fields: [])"))
        #expect(node.contains(#"static let Character = Baton.Registry.type("Character", transient: true)"#))
        #expect(fields.contains(#"static let transient = Baton.Transient(types: [], fields: ["Query.search"])"#))
    }

    @Test func spreadsOfFragmentsWithArgumentsGetSites() throws {
        let text = try shared(config: #"{"schema": "schema.graphql"}"#)
        #expect(text.contains("enum Sites {"))
        #expect(text.contains(#"Baton.ArgumentSite(["status": .value(.string("ALIVE"))])"#))
    }

    @Test func mutationsGetAnActionAndAnOptimisticResponse() throws {
        let schema =
            TemporaryTarget.schema + """

                interface Lonely { id: ID! }
                extend type Mutation { lonely(note: String, count: Int = 3): Lonely }
                """
        let screen = """
            import Baton
            @Mutation(\"\"\"
            mutation LonelyMutation($note: String, $count: Int = 3) { lonely(note: $note, count: $count) { id } }
            \"\"\") var lonely: LonelyMutation
            """
        let target = try TemporaryTarget(files: ["schema.graphql": schema, "Sources/App/Screen.swift": screen])
        defer { target.remove() }
        let result = GenerateCommand.compute(target.options(["Sources/App/Screen.swift"]))
        let output = try #require(result.outputs.first { $0.key.hasSuffix("Sources_App_Screen.baton.swift") }?.value)
        #expect(output.contains("struct LonelyMutation: Baton.Mutation {"))
        #expect(
            output.contains(
                "func callAsFunction(note: String? = nil, count: Int? = 3, optimistic: OptimisticResponse? = nil) async throws -> Data {"))
        #expect(output.contains("try await self.runner.run(.init(note: note, count: count), optimistic: optimistic)"))
        #expect(output.contains("struct OptimisticResponse: Baton.OptimisticValue {"))
        // An interface nothing implements: the concrete type cannot be named, so no value is built.
        #expect(output.contains("enum Typename: String, Sendable {}"))
    }

    @Test func recursiveInputsAreBoxedAndAFieldNamedVariableGetsAnUnderscore() throws {
        let schema =
            TemporaryTarget.schema + """

                extend type Mutation { adopt(input: PetInput!): Character }
                input PetInput { name: String! parent: PetInput litter: [PetInput!] owner: OwnerInput variable: String }
                input OwnerInput { pet: PetInput name: String }
                """
        let screen = """
            import Baton
            @Mutation(\"\"\"
            mutation AdoptMutation($input: PetInput!) { adopt(input: $input) { id name } }
            \"\"\") var adopt: AdoptMutation
            """
        let text = try shared(
            config: #"{"schema": "schema.graphql"}"#,
            files: ["schema.graphql": schema, "Sources/App/Screen.swift": screen])
        #expect(text.contains("public struct PetInput: Baton.InputObject {"))
        #expect(text.contains("public var parent: Baton.Indirect<PetInput>?"))
        #expect(text.contains("public var litter: [PetInput]?"))  // a list is already indirect
        #expect(text.contains("public var owner: Baton.Indirect<OwnerInput>?"))  // leads back through OwnerInput
        #expect(text.contains("public var pet: Baton.Indirect<PetInput>?"))
        #expect(text.contains("public var variable_: String?"))
        #expect(text.contains("self.parent = parent.map { Baton.Indirect($0) }"))
        #expect(text.contains(#"if let value = self.variable_ { fields["variable"] = Baton.VariableValue.string(value) }"#))
    }
}
