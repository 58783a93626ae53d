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

        var visited = Set<Int>()
        var fieldPath: [(String, Location?)] = []
        var pathIndexByType: [Int: Int] = [:]
        func reportCycles(_ index: Int) {
            guard visited.insert(index).inserted else { return }
            pathIndexByType[index] = fieldPath.count
            let type = schema.types[index]
            for (fieldIndex, target) in states[index]!.targets {
                guard let targetState = states[target], !targetState.finite else { continue }
                let field = type.inputFields[fieldIndex]
                fieldPath.append(("\(type.name).\(field.name)", field.location))
                if let cycleIndex = pathIndexByType[target] {
                    let cycle = fieldPath[cycleIndex...]
                    report("Input Object \(schema.types[target].name) cannot be provided a finite value because it "
                           + "references itself through fields: \(cycle.map(\.0).joined(separator: ", ")).",
                           cycle.map(\.1), code: "InputObjectCycles")
                } else {
                    reportCycles(target)
                }
                fieldPath.removeLast()
            }
            pathIndexByType[index] = nil
        }
        for index in inputObjects where !states[index]!.finite { reportCycles(index) }
    }

    // MARK: Default values

    /// Walks the defaults reachable from an input object (starting from an empty value, so
    /// every field's default applies) and reports a default that reaches itself.
    mutating func checkDefaultValueCycles(_ index: Int) {
        detectInObject(index, provided: [])
    }

    private mutating func detectInObject(_ index: Int, provided: [ObjectField]) {
        let type = schema.types[index]
        for field in type.inputFields {
            let named = field.type.namedType
            guard schema[named].kind == .inputObject else { continue }
            if let given = provided.first(where: { $0.name.value == field.name }) {
                detectInLiteral(named.index.asInt, given.value)
            } else {
                detectInFieldDefault(field, named.index.asInt, "\(type.name).\(field.name)")
            }
        }
    }

    private mutating func detectInLiteral(_ index: Int, _ value: Value) {
        switch value.kind {
        case .list(let items):
            for item in items { detectInLiteral(index, item) }
        case .object(let fields):
            detectInObject(index, provided: fields)
        default:
            break
        }
    }

    private mutating func detectInFieldDefault(_ field: InputValue, _ fieldType: Int, _ description: String) {
        guard let defaultValue = field.defaultValue, let source = field.defaultValueSource else { return }
        if let cycleIndex = defaultValueCycles.fieldPathIndex[description] {
            let path = defaultValueCycles.fieldPath
            let via = cycleIndex < path.count
                ? " via the default values of: " + path[cycleIndex...].map(\.0).joined(separator: ", ") : ""
            report("Invalid circular reference. The default value of Input Object field \(description) references itself\(via).",
                   path[(cycleIndex - 1)...].map(\.1), code: "InputObjectCycles")
            return
        }
        guard defaultValueCycles.visitedFields.insert(description).inserted else { return }
        defaultValueCycles.fieldPath.append((description, Location(source: source, range: defaultValue.range)))
        defaultValueCycles.fieldPathIndex[description] = defaultValueCycles.fieldPath.count
        detectInLiteral(fieldType, defaultValue)
        defaultValueCycles.fieldPath.removeLast()
        defaultValueCycles.fieldPathIndex[description] = nil
    }
}
