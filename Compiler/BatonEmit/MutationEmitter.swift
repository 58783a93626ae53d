import BatonIR
import BatonPlans
import BatonSchema

/// A mutation's `Action` and `OptimisticResponse` (GENERATED-CODE.md, "Lenses"). The action is called with one
/// labelled argument per variable and an optional `optimistic:` response, is `async throws`,
/// returns the payload's lens and exposes `isInFlight`. The optimistic response mirrors the
/// payload as the plan reads it (spread fragments' fields included): one property per response key,
/// nil when left out (a nullable field takes `.some(nil)` for an explicit null), a nested value per
/// link, and for an abstract selection a required concrete type. Its builder renders it into the
/// `data` of a response, which the runtime lays as an optimistic layer.
struct MutationEmitter {
    let schema: Schema
    let customScalars: [String: String]
    let references: SharedReferences
    let variables: VariableSpelling

    /// The builder (`Baton.VariableRepresentable`'s member). The compiler refuses a payload field
    /// of that name in the mutation's own selections; one reached through a spread gets a `_`.
    static let builderName = "variable"

    func action(_ operation: IROperation, indent: String) -> String {
        // The body spells the operation as `.init(…)`: a variable may take the operation's name.
        let operationName = SwiftSpelling.identifier(operation.name)
        var labels: [String] = []
        var parameters: [String] = []
        for definition in operation.variableDefinitions {
            let property = LensNaming.variablePropertyName(definition.name)
            let name = SwiftSpelling.identifier(property)
            var parameter = "\(name): \(variables.swiftType(definition.type))"
            if let value = definition.defaultValue, let literal = variables.literal(value, type: definition.type) {
                parameter += " = " + literal
            } else if !definition.type.isNonNull {
                parameter += " = nil"
            }
            // A keyword needs no backticks as an argument label (Swift warns), except `inout`.
            let label = property == "inout" ? name : property
            labels.append(label + ": " + name)
            parameters.append(parameter)
        }
        // No variable takes the label: the compiler refuses a mutation variable named `optimistic`.
        parameters.append("optimistic: OptimisticResponse? = nil")
        let arguments = labels.joined(separator: ", ")
        var out = indent + "/// Sends the mutation through an environment; returns the payload's lens.\n"
        out += indent + "@MainActor struct Action {\n"
        out += indent + "    let runner: Baton.MutationRunner<\(operationName)>\n"
        out += indent + "    init(_ environment: Baton.Environment) { runner = Baton.MutationRunner(environment) }\n"
        out += indent + "    var isInFlight: Bool { runner.isInFlight }\n"
        out += indent + "    func callAsFunction(\(parameters.joined(separator: ", "))) async throws -> Data {\n"
        out += indent + "        try await self.runner.run(.init(\(arguments)), optimistic: optimistic)\n"
        out += indent + "    }\n"
        out += indent + "}\n"
        return out
    }

    func optimisticResponse(_ plan: OperationPlan, indent: String) -> String {
        value(name: "OptimisticResponse", selection: plan.root, plan: plan, indent: indent, depth: 0)
    }

    /// One property of a value: its Swift name, response key, the type it holds (absence aside) and
    /// how a held value becomes JSON.
    struct Property {
        var name: String
        var responseKey: String
        var type: String
        var render: (String) -> String
    }

    func value(name: String, selection: PlanSelection, plan: OperationPlan, indent: String, depth: Int) -> String {
        var properties: [Property] = []
        var nested: [String] = []
        var takenNames = Set<String>()
        var nestedNames: Set<String> = []
        var typenameEnum: String?
        if selection.abstract {
            var enumName = "Typename"
            while !nestedNames.insert(enumName).inserted { enumName += "_" }
            typenameEnum = enumName
        }
        // Each field with the types it may be declared on: a variant's types, then the selection's.
        var fields: [(PlanField, [String])] = selection.fields.map { ($0, [selection.type]) }
        for variant in selection.variants {
            fields += variant.fields.map { ($0, variant.types + [selection.type]) }
        }
        var seenKeys = Set<String>()
        for (field, ownerTypes) in fields where seenKeys.insert(field.responseKey).inserted {
            guard let definition = schemaField(field, on: ownerTypes) else { continue }
            var propertyName = LensNaming.fieldAccessorName(responseKey: field.responseKey)
            if propertyName == Self.builderName || propertyName == "typename" { propertyName += "_" }
            while !takenNames.insert(propertyName).inserted { propertyName += "_" }
            switch field.kind {
            case .scalar:
                let named = schema[definition.type.namedType]
                if named.kind == .enum { references.enums.insert(named.name) }
                let leaf = LensNaming.leafType(named, customScalars: customScalars)
                properties.append(
                    Property(
                        name: propertyName, responseKey: field.responseKey,
                        type: VariableSpelling.swiftType(definition.type) { _ in leaf },
                        render: { VariableSpelling.value(definition.type, $0, depth: 0) { scalar(named, $1) } }))
            case .link(let index, _):
                guard depth < 64 else { continue }
                var nestedName = LensNaming.nestedLensName(responseKey: field.responseKey)
                while !nestedNames.insert(nestedName).inserted { nestedName += "_" }
                nested.append(
                    value(
                        name: nestedName, selection: plan.selections[index], plan: plan,
                        indent: indent + "    ", depth: depth + 1))
                properties.append(
                    Property(
                        name: propertyName, responseKey: field.responseKey,
                        type: VariableSpelling.swiftType(definition.type) { _ in nestedName },
                        render: { VariableSpelling.value(definition.type, $0, depth: 0) { "\($1).\(Self.builderName)" } }))
            }
        }

        var out = indent + "struct \(SwiftSpelling.identifier(name)): Baton.OptimisticValue {\n"
        if let typenameEnum {
            let types = possibleTypes(selection)
            // An interface nothing implements leaves the enum empty: no value can be built.
            let cases = types.isEmpty ? "" : " case " + types.map(SwiftSpelling.identifier).joined(separator: ", ") + " "
            out += indent + "    enum \(typenameEnum): String, Sendable {\(cases)}\n"
            out += indent + "    var typename: \(typenameEnum)\n"
        }
        for property in properties {
            out += indent + "    var \(SwiftSpelling.identifier(property.name)): \(property.type)?\n"
        }
        var parameters: [String] = []
        if let typenameEnum { parameters.append("typename: \(typenameEnum)") }
        parameters += properties.map { "\(SwiftSpelling.identifier($0.name)): \($0.type)? = nil" }
        out += "\n" + indent + "    init(\(parameters.joined(separator: ", "))) {\n"
        if typenameEnum != nil { out += indent + "        self.typename = typename\n" }
        for property in properties {
            let swiftName = SwiftSpelling.identifier(property.name)
            out += indent + "        self.\(swiftName) = \(swiftName)\n"
        }
        out += indent + "    }\n\n"
        out += indent + "    var \(Self.builderName): Baton.VariableValue {\n"
        out += indent + "        var fields: [String: Baton.VariableValue] = [:]\n"
        if typenameEnum != nil { out += indent + "        fields[\"__typename\"] = .string(self.typename.rawValue)\n" }
        for property in properties {
            let key = SwiftSpelling.stringLiteral(property.responseKey)
            out +=
                indent
                + "        if let value = self.\(SwiftSpelling.identifier(property.name)) { fields[\(key)] = \(property.render("value")) }\n"
        }
        out += indent + "        return .object(fields)\n"
        out += indent + "    }\n"
        for text in nested { out += "\n" + text }
        return out + indent + "}\n"
    }

    /// The schema field a plan field reads, on the first of `types` that declares it.
    func schemaField(_ field: PlanField, on types: [String]) -> SchemaField? {
        let fieldName: String
        switch field.storageKey {
        case .slot(let reference): fieldName = reference.key.fieldName
        case .abstract(let key): fieldName = key.fieldName
        }
        for typeName in types {
            if let found = schema.type(named: typeName)?.field(fieldName) { return found }
        }
        return nil
    }

    /// The concrete types an abstract selection's value may name.
    func possibleTypes(_ selection: PlanSelection) -> [String] {
        var names = Set(selection.variants.flatMap(\.types))
        if let named = schema.type(named: selection.type) {
            for id in schema.possibleTypes(of: named.id) { names.insert(schema[id].name) }
        }
        return names.sorted()
    }

    /// A scalar leaf as JSON: mapped scalars as they are sent, the rest as variables are.
    func scalar(_ named: NamedType, _ expression: String) -> String {
        customScalars[named.name] != nil && named.kind == .scalar
            ? "\(expression).variable" : VariableSpelling.scalarValue(named, expression)
    }
}
