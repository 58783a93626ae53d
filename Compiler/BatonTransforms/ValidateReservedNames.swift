import BatonDiagnostics
import BatonIR
import BatonSchema

/// Names Relay keeps for itself, checked as Relay's compiler checks them. `id`, `__id` and
/// `__typename` alias only the field of that name: the store keys records by `id` (and `__id`)
/// and types them by `__typename`, so another field under one of those keys would be read as
/// the record's identity or type. Any other alias beginning with `__` is refused too: that prefix
/// is GraphQL's and the store's. An operation variable may not begin with `__relay_internal`, the
/// prefix of the variables the compiler generates. `__typename` directly on an operation's root,
/// or directly in a fragment on a root type, is refused: the root's type is known, and Relay does
/// not read it there.
package enum ValidateReservedNames {
    static let reservedAliases: Set<String> = ["id", "__id", "__typename"]
    static let internalPrefix = "__relay_internal"

    package static func validate(_ program: IRProgram) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let schema = program.schema
        for root in program.definitionRoots {
            SelectionWalk.visit(root.selections, parent: root.type) { selection, _ in
                guard case .field(let field) = selection, let alias = field.alias else { return }
                let at = [field.aliasLocation ?? field.location].compactMap { $0 }
                if reservedAliases.contains(alias), alias != field.name {
                    diagnostics.append(
                        .error(
                            "Alias '\(alias)' on field '\(field.name)' is reserved: 'id', '__id' and '__typename' name only the fields of those names, which the store keys and types records by; choose another alias",
                            at: at, code: .reservedAlias))
                } else if alias.hasPrefix("__") {
                    diagnostics.append(
                        .error(
                            "Alias '\(alias)' begins with '__', which is reserved for names GraphQL and the store define; choose an alias without the leading underscores",
                            at: at, code: .doubleUnderscoreAlias))
                }
            }
        }
        for operation in program.operations where operation.generatedFrom == nil {
            for variable in operation.variableDefinitions where variable.name.hasPrefix(internalPrefix) {
                diagnostics.append(
                    .error(
                        "Variable '$\(variable.name)' begins with '\(internalPrefix)', the prefix reserved for variables the compiler generates; rename it",
                        at: [variable.location].compactMap { $0 }, code: .internalVariableName))
            }
            // Only the root's own selections: inside an inline fragment or a fragment the type
            // is the one the fragment names, as anywhere else.
            for case .field(let field) in operation.selections where field.name == "__typename" {
                let kind: String =
                    switch operation.kind {
                    case .query: "query"
                    case .mutation: "mutation"
                    case .subscription: "subscription"
                    }
                diagnostics.append(
                    .error(
                        "`__typename` cannot be selected directly on the root of \(kind) '\(operation.name)': the root is always '\(schema[operation.type].name)', so the store never reads it; remove it",
                        at: [field.nameLocation ?? field.location].compactMap { $0 }, code: .typenameOnRoot))
            }
        }
        // A fragment on a root type is read at the root wherever it is spread, so the same holds
        // for its own selections (Relay refuses both).
        let roots = [schema.queryType, schema.mutationType, schema.subscriptionType].compactMap { $0 }
        for fragment in program.fragments.values.sorted(by: { $0.name < $1.name }) where roots.contains(fragment.typeCondition) {
            for case .field(let field) in fragment.selections where field.name == "__typename" {
                diagnostics.append(
                    .error(
                        "`__typename` cannot be selected directly in fragment '\(fragment.name)' on the root type '\(schema[fragment.typeCondition].name)': the root's type is always known, so the store never reads it; remove it",
                        at: [field.nameLocation ?? field.location].compactMap { $0 }, code: .typenameOnRoot))
            }
        }
        return diagnostics
    }
}
