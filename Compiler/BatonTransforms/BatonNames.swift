import BatonDiagnostics
import BatonIR
import BatonSchema

/// Names generated code needs for itself. Keyword-like names are escaped by
/// the emitter; these cannot be, because they would replace a member the generated type must
/// have, and are refused at the name:
/// - every lens has `anchor` and `recordID`, so no field, alias or spread alias may take them;
/// - a lens on an abstract type reads `AbstractSlots`;
/// - a `@refetchable` fragment's lens refers to `Self`, and its connection's lens has
///   `nodes`, `hasNext`, `hasPrevious`, `isLoadingNext`, `isLoadingPrevious`, `connectionID`;
/// - a mutation value nests `Action` and `OptimisticResponse` and its action takes
///   `optimistic:`, so its variables may not take those names, and its payload's optimistic
///   response has `variable`; a subscription value has `subscription`;
/// - operation and fragment types may not take the shared file's names (`Types`, `Slots`,
///   `Guards`, `Sites`, `AbstractSlots`) nor `Baton`, the runtime module, nor the name of a
///   schema enum, which the shared file generates as a type of that name.
package enum BatonNames {
    static let lensMembers: Set<String> = ["anchor", "recordID"]
    /// What a connection lens adds beside its declared fields (the emitter's `LensNaming` too).
    package static let connectionMembers: Set<String> = [
        "nodes", "hasNext", "hasPrevious", "isLoadingNext", "isLoadingPrevious", "connectionID",
    ]
    static let sharedNames: Set<String> = ["Types", "Slots", "Guards", "Sites", "AbstractSlots", "Baton"]

    package static func validate(_ program: IRProgram) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let schema = program.schema
        for operation in program.operations where operation.generatedFrom == nil {
            if let reason = clash(operation.name, schema) {
                diagnostics.append(refused(operation.name, "operation", because: reason, at: operation.nameLocation))
            }
            let reserved: Set<String> =
                switch operation.kind {
                case .mutation: ["Action", "OptimisticResponse", "optimistic"]
                case .subscription: ["subscription"]
                case .query: []
                }
            for variable in operation.variableDefinitions where reserved.contains(variable.name) {
                diagnostics.append(
                    refused(
                        "$" + variable.name, "variable",
                        because: "the \(operation.kind.rawValue) value has a member of that name",
                        at: variable.location))
            }
            let extra: Set<String> = operation.kind == .mutation ? ["variable"] : []
            checkSelections(operation.selections, parent: operation.type, extra: extra, schema, &diagnostics)
        }
        for fragment in program.sortedFragments {
            if let reason = clash(fragment.name, schema) {
                diagnostics.append(refused(fragment.name, "fragment", because: reason, at: fragment.nameLocation))
            }
            let refetchable = fragment.directive("refetchable") != nil
            checkSelections(
                fragment.selections, parent: fragment.typeCondition, extra: refetchable ? ["Self"] : [],
                connection: refetchable, schema, &diagnostics)
        }
        return diagnostics
    }

    static func clash(_ name: String, _ schema: Schema) -> String? {
        if sharedNames.contains(name) { return "generated code already names its own type so" }
        if schema.type(named: name)?.kind == .enum { return "the schema's enum '\(name)' is generated as a type of that name" }
        return nil
    }

    static func refused(_ name: String, _ kind: String, because reason: String, at location: Location?) -> Diagnostic {
        .error(
            "'\(name)' cannot name \(kind.first == "o" ? "an" : "a") \(kind): \(reason); choose another name",
            at: [location].compactMap { $0 }, code: .reservedName)
    }

    static func checkSelections(
        _ selections: [IRSelection], parent: TypeID, extra: Set<String>, connection: Bool = false,
        inConnection: Bool = false, _ schema: Schema, _ diagnostics: inout [Diagnostic]
    ) {
        var names = lensMembers.union(extra)
        if schema[parent].kind.isAbstract { names.insert("AbstractSlots") }
        if inConnection { names.formUnion(connectionMembers) }
        for selection in selections {
            switch selection {
            case .field(let field):
                if names.contains(field.responseKey) {
                    diagnostics.append(
                        .error(
                            "'\(field.responseKey)' cannot name a field here: the generated lens has a member of that name; alias the field",
                            at: [field.aliasLocation ?? field.location].compactMap { $0 }, code: .reservedName))
                }
                if let children = field.selections {
                    let pages = connection && (field.directive("connection") != nil || field.directive("stream_connection") != nil)
                    checkSelections(
                        children, parent: field.type, extra: extra, connection: connection, inConnection: pages,
                        schema, &diagnostics)
                }
            case .fragmentSpread(let spread):
                checkAlias(spread.directive("alias"), names, &diagnostics)
            case .inlineFragment(let inline):
                checkAlias(inline.directive("alias"), names, &diagnostics)
                checkSelections(
                    inline.selections, parent: inline.typeCondition ?? parent, extra: extra, connection: connection,
                    inConnection: inConnection, schema, &diagnostics)
            case .condition(let condition):
                checkSelections(
                    condition.selections, parent: parent, extra: extra, connection: connection,
                    inConnection: inConnection, schema, &diagnostics)
            }
        }
    }

    static func checkAlias(_ alias: IRDirective?, _ names: Set<String>, _ diagnostics: inout [Diagnostic]) {
        guard let argument = alias?.argument("as"), let name = argument.value.stringValue, names.contains(name) else { return }
        diagnostics.append(
            .error(
                "'\(name)' cannot name a spread accessor here: the generated lens has a member of that name; choose another alias",
                at: [argument.valueLocation].compactMap { $0 }, code: .reservedName))
    }
}
