import BatonDiagnostics
import BatonEmit
import BatonIR
import BatonJSON
import BatonSchema
import BatonSyntax
import BatonTransforms

/// The report (README.md, "Generating Swift"): pretty JSON, sorted by name, sources relative to the working
/// directory: each operation (kind, source, persisted id under `persistConfig`, variables, every
/// fragment it reaches, its wire text, its `Data` lens) and each fragment (type, source, the
/// operations reaching it, its text as written, its lens).
enum GenerateReport {
    static func json(
        target: CompiledTarget, transforms: OperationTextPipeline.Result, lenses: [String: LensModel],
        persistedIDs: [String: String]?, digest: String, workingDirectory: String
    ) -> String {
        let program = transforms.program
        let schema = program.schema
        let texts = transforms.texts
        func source(_ location: Location?) -> JSONValue {
            guard let path = SwiftEmitter.sourcePath(location) else { return .null }
            return .string(GenerateCommand.relative(path, to: workingDirectory))
        }
        // Fragments each operation reaches, transitively.
        var reached: [String: [String]] = [:]
        for operation in program.operations {
            var seen = Set<String>()
            var stack = spreads(operation.selections)
            while let name = stack.popLast() {
                guard seen.insert(name).inserted, let fragment = program.fragment(named: name) else { continue }
                stack += spreads(fragment.selections)
            }
            reached[operation.name] = seen.sorted()
        }
        var operations: [JSONValue] = []
        for operation in program.operations.sorted(by: { $0.name < $1.name }) {
            var members: [JSONMember] = [
                JSONMember(key: "name", value: .string(operation.name)),
                JSONMember(key: "kind", value: .string(kindName(operation.kind))),
            ]
            var location = operation.location
            if let from = operation.generatedFrom { location = program.fragment(named: from)?.location }
            members.append(JSONMember(key: "source", value: source(location)))
            if let id = persistedIDs?[operation.name] { members.append(JSONMember(key: "id", value: .string(id))) }
            members.append(
                JSONMember(
                    key: "variables",
                    value: .array(
                        operation.variableDefinitions.map { definition in
                            .object(
                                JSONObject(members: [
                                    JSONMember(key: "name", value: .string(definition.name)),
                                    JSONMember(key: "type", value: .string(typeText(definition.type, schema))),
                                ]))
                        })))
            members.append(JSONMember(key: "fragments", value: .array((reached[operation.name] ?? []).map { .string($0) })))
            members.append(JSONMember(key: "text", value: texts[operation.name].map { .string($0) } ?? .null))
            if let lens = lenses[operation.name] {
                let owner = LensLookup.owner(of: .operation(operation.name), program: program)
                members.append(JSONMember(key: "lens", value: lensJSON(lens, owner: owner)))
            }
            operations.append(.object(JSONObject(members: members)))
        }
        var fragments: [JSONValue] = []
        for fragment in program.sortedFragments {
            let users = reached.filter { $0.value.contains(fragment.name) }.keys.sorted()
            var members: [JSONMember] = [
                JSONMember(key: "name", value: .string(fragment.name)),
                JSONMember(key: "type", value: .string(schema[fragment.typeCondition].name)),
                JSONMember(key: "source", value: source(fragment.location)),
                JSONMember(key: "operations", value: .array(users.map { .string($0) })),
            ]
            let text = fragment.location.map { $0.source.slice($0.range) }
            members.append(JSONMember(key: "text", value: text.map { .string($0) } ?? .null))
            if let lens = lenses[fragment.name] {
                let owner = LensLookup.owner(of: .fragment(fragment.name), program: program)
                members.append(JSONMember(key: "lens", value: lensJSON(lens, owner: owner)))
            }
            fragments.append(.object(JSONObject(members: members)))
        }
        let root = JSONObject(members: [
            JSONMember(key: "schemaDigest", value: .string(digest)),
            JSONMember(key: "operations", value: .array(operations)),
            JSONMember(key: "fragments", value: .array(fragments)),
        ])
        return JSONSerializer.string(.object(root), options: [.prettyPrinted]) + "\n"
    }

    static func kindName(_ kind: OperationType) -> String {
        switch kind {
        case .query: "query"
        case .mutation: "mutation"
        case .subscription: "subscription"
        }
    }

    static func spreads(_ selections: [IRSelection]) -> [String] {
        var names: [String] = []
        for selection in selections {
            switch selection {
            case .fragmentSpread(let spread): names.append(spread.fragmentName)
            case .field(let field): names += spreads(field.selections ?? [])
            case .inlineFragment(let inline): names += spreads(inline.selections)
            case .condition(let condition): names += spreads(condition.selections)
            }
        }
        return names
    }

    static func typeText(_ type: SchemaType, _ schema: Schema) -> String {
        switch type {
        case .named(let id): schema[id].name
        case .list(let element): "[" + typeText(element, schema) + "]"
        case .nonNull(let inner): typeText(inner, schema) + "!"
        }
    }

    /// A lens: its GraphQL type and accessors in order, each with its name, the response key it
    /// reads, what it reads, and its shape; its Swift type as `owner` declares it (a nested lens
    /// spelled through its owner, as in the generated file and in hover).
    static func lensJSON(_ lens: LensModel, owner: LensLookup.Owner) -> JSONValue {
        let accessors: [JSONValue] = lens.accessors.map { accessor in
            var members = [JSONMember(key: "name", value: .string(accessor.name))]
            if let key = accessor.responseKey { members.append(JSONMember(key: "responseKey", value: .string(key))) }
            members.append(JSONMember(key: "reads", value: .string(accessor.reads.rawValue)))
            members.append(JSONMember(key: "swiftType", value: .string(owner.swiftType(of: accessor))))
            members.append(JSONMember(key: "optional", value: .bool(accessor.optional)))
            if accessor.list {
                members.append(
                    JSONMember(
                        key: "list",
                        value: .object(
                            JSONObject(members: [
                                JSONMember(key: "elementsOptional", value: .bool(accessor.elementsOptional))
                            ]))))
            }
            if let fragment = accessor.fragment { members.append(JSONMember(key: "fragment", value: .string(fragment))) }
            if let type = accessor.conditionType { members.append(JSONMember(key: "condition", value: .string(type))) }
            if let nested = accessor.nested, let nestedOwner = owner.nested(under: accessor) {
                members.append(JSONMember(key: "lens", value: lensJSON(nested, owner: nestedOwner)))
            }
            return .object(JSONObject(members: members))
        }
        return .object(
            JSONObject(members: [
                JSONMember(key: "type", value: .string(lens.graphQLType)),
                JSONMember(key: "accessors", value: .array(accessors)),
            ]))
    }
}
