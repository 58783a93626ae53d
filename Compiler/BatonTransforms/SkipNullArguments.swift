import BatonIR

/// Relay's null-argument skipping: an argument whose value is the constant `null` — written so,
/// or a fragment argument bound to nothing — is left out of the text, so `notes(first: 2,
/// after: null)` is sent (and keyed) as `notes(first:2)`. Nulls inside lists and objects stay.
package enum SkipNullArguments {
    package static func transform(_ program: IRProgram) -> IRProgram {
        program.rewritingSelections { selections, _ in rewrite(selections) }
    }

    static func rewrite(_ selections: [IRSelection]) -> [IRSelection] {
        selections.map { selection in
            var updated = selection
            if case .field(var field) = selection {
                field.arguments.removeAll { $0.value.isNull }
                for index in field.directives.indices { field.directives[index].arguments.removeAll { $0.value.isNull } }
                updated = .field(field)
            }
            return updated.children.map { updated.withChildren(rewrite($0)) } ?? updated
        }
    }
}
