import BatonDiagnostics
import BatonSyntax

// Input object cycles, as graphql-core finds them: an input object that cannot be given a
// finite value (every way through it leads back through non-null fields, or for `@oneOf`
// every field does), and default values that refer back to themselves.

struct DefaultValueCycleState {
    var visitedFields = Set<String>()
    var fieldPath: [(String, Location?)] = []
    var fieldPathIndex: [String: Int] = [:]
}

extension SchemaChecks {
    // MARK: Finite values

    /// The input object a field needs a finite value of, if any.
    private func finiteValueTarget(_ type: NamedType, _ fieldType: SchemaType) -> Int? {
        if type.isOneOf {
            if case .named(let id) = fieldType, schema[id].kind == .inputObject { return id.index.asInt }
            return nil
        }
        if case .nonNull(.named(let id)) = fieldType, schema[id].kind == .inputObject { return id.index.asInt }
        return nil
    }

    mutating func checkInputObjectCycles() {
        struct State {
            var targets: [(field: Int, target: Int)] = []
            var dependents: [Int] = []
            var unresolved = 0
            var finite = false
        }
        let inputObjects = schema.types.indices.filter { schema.types[$0].kind == .inputObject && schema.types[$0].origin != .builtIn }
        guard !inputObjects.isEmpty else { return }
        var states: [Int: State] = [:]
        for index in inputObjects { states[index] = State() }
        var finiteQueue: [Int] = []
        for index in inputObjects {
            let type = schema.types[index]
            for (fieldIndex, field) in type.inputFields.enumerated() {
                guard let target = finiteValueTarget(type, field.type) else { continue }
                states[index]!.targets.append((fieldIndex, target))
                states[target]?.dependents.append(index)
            }
            if type.isOneOf {
                if type.inputFields.isEmpty || states[index]!.targets.count < type.inputFields.count {
                    states[index]!.finite = true
                    finiteQueue.append(index)
                }
            } else {
                states[index]!.unresolved = states[index]!.targets.count
                if states[index]!.targets.isEmpty {
                    states[index]!.finite = true
                    finiteQueue.append(index)
                }
            }
        }
        while let next = finiteQueue.popLast() {
            for dependent in states[next]!.dependents where !states[dependent]!.finite {
                if schema.types[dependent].isOneOf {
                    states[dependent]!.finite = true
                    finiteQueue.append(dependent)
                    continue
                }
                states[dependent]!.unresolved -= 1
                if states[dependent]!.unresolved == 0 {
                    states[dependent]!.finite = true
                    finiteQueue.append(dependent)
                }
            }
        }

        // Depth-first from each input object without a finite value, with an explicit stack
        // (a chain of thousands of input objects must not exhaust the thread's stack).
        var visited = Set<Int>()
        var fieldPath: [(String, Location?)] = []
        var pathIndexByType: [Int: Int] = [:]
        for root in inputObjects where !states[root]!.finite && !visited.contains(root) {
            var stack: [(index: Int, position: Int)] = []
            visited.insert(root)
            pathIndexByType[root] = 0
            stack.append((root, 0))
            while let (index, position) = stack.last {
                let targets = states[index]!.targets
                if position == targets.count {
                    pathIndexByType[index] = nil
                    stack.removeLast()
                    if !stack.isEmpty { fieldPath.removeLast() }
                    continue
                }
                stack[stack.count - 1].position += 1
                let (fieldIndex, target) = targets[position]
                guard let targetState = states[target], !targetState.finite else { continue }
                let type = schema.types[index]
                let field = type.inputFields[fieldIndex]
                fieldPath.append(("\(type.name).\(field.name)", field.location))
                if let cycleIndex = pathIndexByType[target] {
                    let cycle = fieldPath[cycleIndex...]
                    report(
                        "Input Object \(schema.types[target].name) cannot be provided a finite value because it "
                            + "references itself through fields: \(cycle.map(\.0).joined(separator: ", ")).",
                        cycle.map(\.1), code: .inputObjectCycles)
                    fieldPath.removeLast()
                } else if visited.insert(target).inserted {
                    pathIndexByType[target] = fieldPath.count
                    stack.append((target, 0))
                } else {
                    fieldPath.removeLast()
                }
            }
        }
    }

    // MARK: Default values

    private enum DefaultValueTask {
        case object(Int, [ObjectField])
        case literal(Int, Value)
        case fieldDefault(InputValue, Int, String)
        case leave(String)
    }

    /// Walks the defaults reachable from an input object (starting from an empty value, so
    /// every field's default applies) and reports a default that reaches itself. The walk
    /// keeps its own stack, in the order graphql-core's recursion takes.
    mutating func checkDefaultValueCycles(_ index: Int) {
        var tasks: [DefaultValueTask] = [.object(index, [])]
        while let task = tasks.popLast() {
            switch task {
            case .object(let index, let provided):
                var expanded: [DefaultValueTask] = []
                let (typeName, fields) = read(index) { ($0.name, $0.inputFields) }
                for field in fields {
                    let named = field.type.namedType
                    guard kind(named) == .inputObject else { continue }
                    if let given = provided.first(where: { $0.name.value == field.name }) {
                        expanded.append(.literal(named.index.asInt, given.value))
                    } else {
                        expanded.append(.fieldDefault(field, named.index.asInt, "\(typeName).\(field.name)"))
                    }
                }
                tasks.append(contentsOf: expanded.reversed())
            case .literal(let index, let value):
                switch value.kind {
                case .list(let items): tasks.append(contentsOf: items.reversed().map { .literal(index, $0) })
                case .object(let fields): tasks.append(.object(index, fields))
                default: break
                }
            case .fieldDefault(let field, let fieldType, let description):
                guard let defaultValue = field.defaultValue, let source = field.defaultValueSource else { continue }
                if let cycleIndex = defaultValueCycles.fieldPathIndex[description] {
                    let path = defaultValueCycles.fieldPath
                    let via =
                        cycleIndex < path.count
                        ? " via the default values of: " + path[cycleIndex...].map(\.0).joined(separator: ", ") : ""
                    report(
                        "Invalid circular reference. The default value of Input Object field \(description) references itself\(via).",
                        path[(cycleIndex - 1)...].map(\.1), code: .inputObjectCycles)
                    continue
                }
                guard defaultValueCycles.visitedFields.insert(description).inserted else { continue }
                defaultValueCycles.fieldPath.append((description, Location(source: source, range: defaultValue.range)))
                defaultValueCycles.fieldPathIndex[description] = defaultValueCycles.fieldPath.count
                tasks.append(.leave(description))
                tasks.append(.literal(fieldType, defaultValue))
            case .leave(let description):
                defaultValueCycles.fieldPath.removeLast()
                defaultValueCycles.fieldPathIndex[description] = nil
            }
        }
    }
}
