import BatonDiagnostics
import BatonSchema
import BatonSyntax

/// Every variable is used where its type fits: a nullable variable reaches a non-null position
/// only when it or the position has a default, and never a field of a OneOf input object.
final class VariablesInAllowedPositionRule: ValidationRule {
    static let code: DiagnosticCode = .variablesInAllowedPosition
    override var events: RuleEvents { [.leaveOperation] }

    override func leaveOperation(_ operation: OperationEntry, _ context: ValidationContext) {
        var definitions: [String: VariableDefinition] = [:]
        for definition in operation.definition.variableDefinitions { definitions[definition.variable.value] = definition }
        let schema = context.schema
        for usage in context.recursiveVariableUsages(of: operation) {
            guard let definition = definitions[usage.name], let locationType = usage.type else { continue }
            guard let variableType = schema.resolve(definition.type) else { continue }
            let definitionLocation = Location(source: operation.source, range: definition.range)
            if !allowed(schema, variableType, definition.defaultValue, locationType, usage.hasDefaultValue) {
                context.report(
                    Self.code,
                    "Variable '$\(usage.name)' of type '\(schema.text(of: variableType))' used in position expecting type '\(schema.text(of: locationType))'."
                        + Self.relayDifference(schema, variableType, locationType),
                    [definitionLocation, usage.location])
            }
            if case .named(let parent)? = usage.parentType, schema.kind(of: parent) == .inputObject,
                schema.types[Int(parent.index)].isOneOf, !variableType.isNonNull
            {
                context.report(
                    Self.code,
                    "Variable '$\(usage.name)' is of type '\(schema.text(of: variableType))' but must be non-nullable to be used for OneOf Input Object '\(schema.name(of: parent))'.",
                    [definitionLocation, usage.location])
            }
        }
    }

    /// A `String` variable where an `ID` is expected passes Relay's compiler (its fixtures pass
    /// `[String!]!` to `@deleteEdge(connections:)`); the specification's rule refuses it, and
    /// Baton keeps the rule, so the message says so. Empty otherwise (graphql-core's message).
    static func relayDifference(_ schema: Schema, _ variableType: SchemaType, _ locationType: SchemaType) -> String {
        guard schema.name(of: variableType.namedType) == "String", schema.name(of: locationType.namedType) == "ID" else { return "" }
        return
            " Baton checks this as the GraphQL specification asks, where Relay takes a String variable for an ID: declare the variable with 'ID'."
    }

    private func allowed(
        _ schema: Schema, _ variableType: SchemaType, _ variableDefault: Value?,
        _ locationType: SchemaType, _ locationHasDefault: Bool
    ) -> Bool {
        if case .nonNull(let nullableLocation) = locationType, !variableType.isNonNull {
            let variableHasNonNullDefault = variableDefault.map { !$0.isNull } ?? false
            guard variableHasNonNullDefault || locationHasDefault else { return false }
            return schema.isTypeSubType(variableType, of: nullableLocation)
        }
        return schema.isTypeSubType(variableType, of: locationType)
    }
}
