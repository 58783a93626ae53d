import BatonDiagnostics
import BatonIR
import BatonSchema

/// Relay's defer/stream transform: `@defer` and `@stream` get the label the response's
/// incremental parts carry, `"<Document>$defer$<label or fragment>"` and
/// `"<Document>$stream$<label or field>"`, where the document is the operation or fragment the
/// directive is written in. `if: false` removes the directive, `if: true` is dropped. Checks:
/// `@stream` only on a list field, and labels unique within a document.
package enum DeferStream {
    package static func transform(_ program: IRProgram) -> (program: IRProgram, diagnostics: [Diagnostic]) {
        var result = program
        var diagnostics: [Diagnostic] = []
        for index in result.operations.indices {
            var labels: [String: Location?] = [:]
            let name = result.operations[index].name
            result.operations[index].selections = rewrite(
                result.operations[index].selections, document: name,
                schema: program.schema, labels: &labels, &diagnostics)
        }
        for var fragment in program.sortedFragments {
            var labels: [String: Location?] = [:]
            fragment.selections = rewrite(
                fragment.selections, document: fragment.name, schema: program.schema, labels: &labels, &diagnostics)
            result.setFragment(fragment)
        }
        return (result, diagnostics)
    }

    static func rewrite(
        _ selections: [IRSelection], document: String, schema: Schema, labels: inout [String: Location?],
        _ diagnostics: inout [Diagnostic]
    ) -> [IRSelection] {
        selections.map { selection in
            switch selection {
            case .field(var field):
                if let children = field.selections {
                    field.selections = rewrite(children, document: document, schema: schema, labels: &labels, &diagnostics)
                }
                if let index = field.directives.firstIndex(where: { $0.name == "stream" }) {
                    let directive = field.directives[index]
                    if !field.definition.type.isList {
                        diagnostics.append(
                            .error(
                                "Invalid use of @stream on non-plural field '\(field.name)': only list fields stream",
                                at: directive.location.map { [$0] } ?? [], code: .stream))
                    }
                    field.directives[index] = labelled(
                        directive, kind: "stream", document: document,
                        fallback: field.responseKey, labels: &labels, &diagnostics)
                    if field.directives[index].arguments.isEmpty { field.directives.remove(at: index) }
                }
                return .field(field)
            case .fragmentSpread(var spread):
                if let index = spread.directives.firstIndex(where: { $0.name == "defer" }) {
                    spread.directives[index] = labelled(
                        spread.directives[index], kind: "defer", document: document,
                        fallback: spread.fragmentName, labels: &labels, &diagnostics)
                    if spread.directives[index].arguments.isEmpty { spread.directives.remove(at: index) }
                }
                return .fragmentSpread(spread)
            case .inlineFragment(var inline):
                inline.selections = rewrite(inline.selections, document: document, schema: schema, labels: &labels, &diagnostics)
                if let index = inline.directives.firstIndex(where: { $0.name == "defer" }) {
                    // Without a label, an inline fragment's part is named after its type condition.
                    let fallback = inline.typeCondition.map { schema[$0].name } ?? "inline"
                    inline.directives[index] = labelled(
                        inline.directives[index], kind: "defer", document: document,
                        fallback: fallback, labels: &labels, &diagnostics)
                    if inline.directives[index].arguments.isEmpty { inline.directives.remove(at: index) }
                }
                return .inlineFragment(inline)
            case .condition(var condition):
                condition.selections = rewrite(condition.selections, document: document, schema: schema, labels: &labels, &diagnostics)
                return .condition(condition)
            }
        }
    }

    /// The directive with its generated label first and its other arguments after; no
    /// arguments at all when `if: false` turns it off.
    static func labelled(
        _ directive: IRDirective, kind: String, document: String, fallback: String,
        labels: inout [String: Location?], _ diagnostics: inout [Diagnostic]
    ) -> IRDirective {
        if let condition = directive.argument("if"), case .boolean(false) = condition.value {
            return IRDirective(name: directive.name, arguments: [], location: directive.location)
        }
        // A written null leaves the choice undecided (Relay refuses it, as the incremental
        // delivery proposal's `Boolean!` does); a variable's null is the server's to judge.
        if let condition = directive.argument("if"), case .null = condition.value {
            diagnostics.append(
                .error(
                    "Expected `if` of @\(kind) to be true, false or a variable, found null; leave `if` out to always \(kind)",
                    at: [condition.valueLocation ?? directive.location].compactMap { $0 }, code: .deferStreamCondition))
        }
        let written = directive.argument("label")
        if let written, written.value.stringValue == nil {
            diagnostics.append(
                .error(
                    "The label of @\(kind) must be a string literal",
                    at: written.valueLocation.map { [$0] } ?? [], code: .deferLabel))
        }
        let name = written?.value.stringValue ?? fallback
        let label = "\(document)$\(kind)$\(name)"
        let at = written?.valueLocation ?? directive.location
        if let previous = labels[label] {
            diagnostics.append(
                .error(
                    "Invalid use of @\(kind): the label '\(name)' is not unique in '\(document)'; give each a unique 'label'",
                    at: [at, previous].compactMap { $0 }, code: .deferLabel))
        } else {
            labels[label] = at
        }
        var arguments = [IRArgument(name: "label", value: .string(label, block: false))]
        for argument in directive.arguments where argument.name != "label" {
            if argument.name == "if", case .boolean(true) = argument.value { continue }
            arguments.append(argument)
        }
        return IRDirective(name: directive.name, arguments: arguments, location: directive.location, nameLocation: directive.nameLocation)
    }
}
