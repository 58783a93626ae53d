import BatonDiagnostics
import BatonIR
import BatonSchema

/// Relay's declarative-connection checks. `@appendEdge`/`@prependEdge` go on an edge (a linked
/// field with `cursor` and `node`); `@appendNode`/`@prependNode` on a node, with `edgeTypeName`
/// naming an object type; `@deleteEdge` and `@deleteRecord` on a field of
/// IDs. They act on a mutation's or subscription's payload, so a query cannot use them.
package enum ValidateEdgeDirectives {
    package static func validate(_ program: IRProgram) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let schema = program.schema
        for root in program.definitionRoots {
            let inQuery = root.isOperation && program.operation(named: root.name)?.kind == .query
            SelectionWalk.visit(root.selections, parent: root.type) { selection, _ in
                guard case .field(let field) = selection else { return }
                for directive in field.directives
                where BatonDirectives.edgeDirectives.contains(directive.name) || directive.name == "deleteRecord" {
                    let at = [directive.location].compactMap { $0 }
                    if inQuery {
                        diagnostics.append(
                            .error(
                                "`@\(directive.name)` edits the store when a mutation or subscription payload arrives; query '\(root.name)' cannot use it",
                                at: at, code: .edgeDirective))
                    }
                    switch directive.name {
                    case "appendEdge", "prependEdge":
                        let type = schema[field.type]
                        if !field.isLinked || type.field("node") == nil || type.field("cursor") == nil {
                            diagnostics.append(
                                .error(
                                    "`@\(directive.name)` goes on an edge field (one with 'cursor' and 'node'); '\(field.name)' of type '\(schema.text(of: field.definition.type))' is not one",
                                    at: at, code: .edgeDirective))
                        }
                    case "appendNode", "prependNode":
                        guard field.isLinked else {
                            diagnostics.append(
                                .error(
                                    "`@\(directive.name)` goes on a field selecting a node; '\(field.name)' is a scalar",
                                    at: at, code: .edgeDirective))
                            continue
                        }
                        guard let argument = directive.argument("edgeTypeName"), let edgeName = argument.value.stringValue else {
                            // Relay reads a variable when the mutation runs; Baton compiles the
                            // edge's type into the operation's plan, so it must be written.
                            let found = directive.argument("edgeTypeName").map { ", found \(OperationPrinter.print($0.value))" } ?? ""
                            diagnostics.append(
                                .error(
                                    "`@\(directive.name)` needs `edgeTypeName` written as a string naming the edge type to create: Baton compiles the edge into the operation, so a variable cannot name it\(found)",
                                    at: at, code: .edgeDirective))
                            continue
                        }
                        let valueAt = [argument.valueLocation ?? directive.location].compactMap { $0 }
                        // An edge type whose node cannot hold the field's record is allowed: the
                        // runtime leaves such an edit alone.
                        guard let edge = schema.type(named: edgeName), edge.kind == .object else {
                            // Relay only passes the name to its runtime; Baton builds the edge
                            // from the type, so the type must exist.
                            diagnostics.append(
                                .error(
                                    "Expected `edgeTypeName` of `@\(directive.name)` to name an object type of the schema: Baton compiles the edge into the operation (Relay only passes the name on); '\(edgeName)' is not one",
                                    at: valueAt, code: .edgeDirective))
                            continue
                        }
                    default:
                        // An id field, as in Relay: the design's "field holding an id"; a String
                        // may hold anything, so it is not taken for one.
                        if field.isLinked || schema[field.type].name != "ID" {
                            diagnostics.append(
                                .error(
                                    "Invalid use of `@\(directive.name)` on field '\(field.name)' of type '\(schema.text(of: field.definition.type))': expected a field of type 'ID' or '[ID]'",
                                    at: at, code: .edgeDirective))
                        }
                    }
                }
            }
        }
        return diagnostics
    }
}
