import BatonDiagnostics
import BatonIR
import BatonSchema

/// `@defer`, `@stream` and `@stream_connection` are instructions to the server; on client-only
/// data the server never sees them (client fields are left out of what it receives), so they
/// are refused there, as Relay's `validate_server_only_directives` does: on a client linked
/// field and anything below it, inside a fragment on a client type, and on a spread of a fragment
/// that selects only client fields.
package enum ValidateServerOnlyDirectives {
    static let serverOnly: Set<String> = ["defer", "stream", "stream_connection"]

    package static func validate(_ program: IRProgram) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var clientOnly: [String: Bool] = [:]
        for root in program.definitionRoots {
            let fragment = root.isOperation ? nil : program.fragment(named: root.name)
            let clientType = fragment.map { program.schema[$0.typeCondition].origin == .client } ?? false
            visit(
                root.selections, under: clientType ? "a fragment on the client type '\(program.schema[root.type].name)'" : nil,
                program: program, &clientOnly, &diagnostics)
        }
        return diagnostics
    }

    /// `client`, when set, says in words why the selections are client-only.
    static func visit(
        _ selections: [IRSelection], under client: String?, program: IRProgram, _ clientOnly: inout [String: Bool],
        _ diagnostics: inout [Diagnostic]
    ) {
        for selection in selections {
            switch selection {
            case .field(let field):
                var inner = client
                if inner == nil, field.isLinked, field.isClientExtension {
                    inner = "'\(field.name)' is a client field"
                }
                check(field.directives, under: inner, &diagnostics)
                if let children = field.selections { visit(children, under: inner, program: program, &clientOnly, &diagnostics) }
            case .inlineFragment(let inline):
                check(inline.directives, under: client, &diagnostics)
                visit(inline.selections, under: client, program: program, &clientOnly, &diagnostics)
            case .condition(let condition):
                visit(condition.selections, under: client, program: program, &clientOnly, &diagnostics)
            case .fragmentSpread(let spread):
                var reason = client
                if reason == nil, isClientOnly(spread.fragmentName, program: program, &clientOnly) {
                    reason = "fragment '\(spread.fragmentName)' selects only client fields"
                }
                check(spread.directives, under: reason, &diagnostics)
            }
        }
    }

    static func check(_ directives: [IRDirective], under client: String?, _ diagnostics: inout [Diagnostic]) {
        guard let client else { return }
        for directive in directives where serverOnly.contains(directive.name) {
            diagnostics.append(
                .error(
                    "`@\(directive.name)` cannot be used on client-only data: \(client), which the server never sends; remove the directive",
                    at: [directive.location].compactMap { $0 }, code: .serverOnlyDirective))
        }
    }

    /// Whether a fragment selects no server field, through the fragments it spreads (memoized;
    /// a cycle counts as client-only until shown otherwise, and is the spec validator's to report).
    static func isClientOnly(_ name: String, program: IRProgram, _ memo: inout [String: Bool]) -> Bool {
        if let known = memo[name] { return known }
        guard let fragment = program.fragment(named: name) else { return false }
        memo[name] = true
        func clientOnly(_ selections: [IRSelection]) -> Bool {
            selections.allSatisfy { selection in
                switch selection {
                case .field(let field): field.isClientExtension
                case .inlineFragment(let inline): clientOnly(inline.selections)
                case .condition(let condition): clientOnly(condition.selections)
                case .fragmentSpread(let spread): isClientOnly(spread.fragmentName, program: program, &memo)
                }
            }
        }
        let result = !fragment.selections.isEmpty && clientOnly(fragment.selections)
        memo[name] = result
        return result
    }
}
