import BatonIR

/// What a `@refetchable` fragment's lenses call: `refetch()` on the fragment's lens, and on its
/// `@connection`'s lens `loadNext`/`loadPrevious`, `isLoadingNext`/`isLoadingPrevious` and
/// `refetch()`, each running the generated refetch query through the query's `pagination` (the
/// variables it declares, the id variable, and each direction's count and cursor variables).
enum RefetchEmitter {
    /// The refetch query a fragment names (`@refetchable(queryName:)`).
    static func queryName(of fragment: IRFragment) -> String? {
        guard case .string(let name, _)? = fragment.directive("refetchable")?.argument("queryName")?.value else { return nil }
        return name
    }

    /// The count and cursor variables of the first `@connection` in the fragment, each direction
    /// the field pages by (`first`/`after`, `last`/`before`).
    static func directions(of fragment: IRFragment) -> (forward: (String, String)?, backward: (String, String)?) {
        guard let field = connectionField(in: fragment.selections) else { return (nil, nil) }
        func variables(_ count: String, _ cursor: String) -> (String, String)? {
            guard let count = field.argument(count)?.value.variableName, let cursor = field.argument(cursor)?.value.variableName else {
                return nil
            }
            return (count, cursor)
        }
        return (variables("first", "after"), variables("last", "before"))
    }

    static func connectionField(in selections: [IRSelection], depth: Int = 0) -> IRField? {
        guard depth < 100 else { return nil }
        for selection in selections {
            switch selection {
            case .field(let field):
                if field.directive("connection") != nil || field.directive("stream_connection") != nil { return field }
                if let found = connectionField(in: field.selections ?? [], depth: depth + 1) { return found }
            case .inlineFragment(let inline):
                if let found = connectionField(in: inline.selections, depth: depth + 1) { return found }
            case .condition(let condition):
                if let found = connectionField(in: condition.selections, depth: depth + 1) { return found }
            default: continue
            }
        }
        return nil
    }

    /// `static let pagination = Baton.Pagination<Query>(…)` for a generated refetch query.
    static func pagination(_ operation: IROperation, fragment: IRFragment, schema: IRProgram) -> String {
        let name = SwiftSpelling.identifier(operation.name)
        let variables = operation.variableDefinitions.map { SwiftSpelling.stringLiteral($0.name) }.joined(separator: ", ")
        // A fragment on the query root is refetched without an id.
        let onRoot = fragment.typeCondition == schema.schema.queryType
        let hasID = !onRoot && operation.variableDefinitions.contains { $0.name == "id" }
        var arguments = ["variables: [\(variables)]", "id: " + (hasID ? "\"id\"" : "nil")]
        let (forward, backward) = directions(of: fragment)
        if let (count, cursor) = forward {
            arguments.append("forward: (count: \(SwiftSpelling.stringLiteral(count)), cursor: \(SwiftSpelling.stringLiteral(cursor)))")
        }
        if let (count, cursor) = backward {
            arguments.append("backward: (count: \(SwiftSpelling.stringLiteral(count)), cursor: \(SwiftSpelling.stringLiteral(cursor)))")
        }
        return "    static let pagination = Baton.Pagination<\(name)>(\(arguments.joined(separator: ", ")))\n"
    }

    /// What the lenses call the query by: a file-scope alias, since a lens may have a member of the
    /// query's own name (an alias), which would hide the type inside the lens.
    static func alias(_ query: String) -> String { "Refetch_" + query }

    static func aliasDeclaration(_ query: String) -> String {
        "\nfileprivate typealias \(SwiftSpelling.identifier(alias(query))) = \(SwiftSpelling.identifier(query))\n"
    }

    /// The fragment lens's `refetch()`, and with arguments of its own `refetch(<arguments>)`, which
    /// fetches with new values and returns the lens that reads under them (the old one keeps its).
    static func fragmentMethods(query: String, fragment: IRFragment, spelling: VariableSpelling) -> [String] {
        let pagination = SwiftSpelling.identifier(alias(query)) + ".pagination"
        var methods = ["@MainActor func refetch() async throws { try await anchor.refetch(\(pagination)) }"]
        guard !fragment.argumentDefinitions.isEmpty else { return methods }
        var parameters: [String] = []
        var values: [String] = []
        for definition in fragment.argumentDefinitions {
            let name = SwiftSpelling.identifier(LensNaming.variablePropertyName(definition.name))
            parameters.append("\(name): \(spelling.swiftType(definition.type))")
            values.append(SwiftSpelling.stringLiteral(definition.name) + ": " + spelling.value(definition.type, name))
        }
        methods.append(
            "@MainActor func refetch(\(parameters.joined(separator: ", "))) async throws -> Self { "
                + "Self(anchor: try await anchor.refetch(\(pagination), with: [\(values.joined(separator: ", "))])) }")
        return methods
    }

    /// The connection lens's paging members.
    static func connectionMethods(query: String, fragment: IRFragment) -> [String] {
        let query = SwiftSpelling.identifier(alias(query))
        let (forward, backward) = directions(of: fragment)
        var methods: [String] = []
        if forward != nil {
            methods.append("@MainActor var isLoadingNext: Bool { anchor.isLoading(.next) }")
            methods.append("@MainActor func loadNext(_ count: Int) async throws { try await anchor.loadNext(count, \(query).pagination) }")
        }
        if backward != nil {
            methods.append("@MainActor var isLoadingPrevious: Bool { anchor.isLoading(.previous) }")
            methods.append(
                "@MainActor func loadPrevious(_ count: Int) async throws { try await anchor.loadPrevious(count, \(query).pagination) }")
        }
        methods.append("@MainActor func refetch() async throws { try await anchor.refetchConnection(\(query).pagination) }")
        return methods
    }
}
