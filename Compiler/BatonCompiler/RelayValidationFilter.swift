import BatonDiagnostics
import BatonIR
import BatonSyntax

/// The spec validator knows GraphQL, not Relay's fragment arguments: it reads a fragment's
/// `$count` as an operation variable, and `@arguments(count:)`/`@argumentDefinitions(count:)`
/// as unknown arguments of directives that declare none. Those findings are left out here;
/// Baton's own fragment-argument checks (`ValidateFragmentArguments`) judge them instead. The
/// unused-fragment finding is left to Baton's own warning, which counts the spreads of the
/// generated refetch queries too. Two selections of one field with differing arguments, one of
/// them in a fragment with arguments, are judged once the arguments are applied
/// (`ValidateSelectionConflict`), as Relay does: `avatar(size: $size)` in a fragment spread with
/// `@arguments(size: 10)` beside `avatar(size: 10)` is one field, and so are two `bestFriend`
/// selecting those below them.
enum RelayValidationFilter {
    static func keep(_ diagnostics: [Diagnostic], documents: [Document]) -> [Diagnostic] {
        // Each fragment's own argument names with its range, and the ranges of the argument directives.
        var scopes: [(source: Source, range: SourceRange, names: Set<String>)] = []
        var argumentDirectiveRanges: [(Source, SourceRange)] = []
        var argumentFragments: [(Source, SourceRange)] = []
        for document in documents {
            for fragment in document.fragments {
                for directive in fragment.directives where directive.name.value == "argumentDefinitions" {
                    scopes.append((document.source, fragment.range, Set(directive.arguments.map(\.name.value))))
                    if !directive.arguments.isEmpty { argumentFragments.append((document.source, fragment.range)) }
                    argumentDirectiveRanges.append((document.source, directive.range))
                }
            }
            collectArgumentsDirectives(document, into: &argumentDirectiveRanges)
        }
        return diagnostics.filter { diagnostic in
            if diagnostic.code == .noUnusedFragments { return false }
            if saidPlainlyElsewhere(diagnostic.message) { return false }
            if diagnostic.code == .overlappingFieldsCanBeMerged, onlyDifferingArguments(diagnostic.message),
                diagnostic.locations.contains(where: { location in
                    argumentFragments.contains {
                        $0.0 === location.source && $0.1.start <= location.range.start && location.range.end <= $0.1.end
                    }
                })
            {
                return false
            }
            guard let primary = diagnostic.primaryLocation else { return true }
            // Arguments of @arguments/@argumentDefinitions.
            if argumentDirectiveRanges.contains(where: {
                $0.0 === primary.source && $0.1.start <= primary.range.start && primary.range.end <= $0.1.end
            }) {
                return false
            }
            // A fragment's own argument, used inside that fragment, taken for an operation variable
            // (undefined, or typed by the operation's variable of the same name).
            if diagnostic.message.hasPrefix("Variable '$") {
                let name = String(diagnostic.message.dropFirst("Variable '$".count).prefix { $0 != "'" })
                let inOwnFragment = scopes.contains {
                    $0.source === primary.source && $0.range.start <= primary.range.start && primary.range.end <= $0.range.end
                        && $0.names.contains(name)
                }
                if inOwnFragment { return false }
            }
            return true
        }
    }

    /// Whether every reason of an overlapping-fields finding is differing arguments, at the
    /// fields themselves or at subfields below them (which the check after applying the
    /// arguments sees too), and no other: another type, another field.
    static func onlyDifferingArguments(_ message: String) -> Bool {
        let reasons = message.components(separatedBy: " conflict because ").dropFirst()
        return !reasons.isEmpty
            && reasons.allSatisfy { $0.hasPrefix("subfields ") || $0.hasPrefix("they have differing arguments") }
            && message.contains("they have differing arguments")
    }

    /// The specification's findings that `ValidateDirectivePlacement` reports in Baton's words
    /// at the same place: a Relay directive Baton does not have, `@catch` where Relay takes it
    /// and Baton does not, and Relay's arguments and enum values Baton cannot honour.
    static func saidPlainlyElsewhere(_ message: String) -> Bool {
        if message.hasPrefix("Directive '@catch' may not be used on ") { return true }
        if let name = quoted(message, after: "Unknown directive '@") { return BatonDirectives.relayOnly[name] != nil }
        if let argument = quoted(message, after: "Unknown argument '"),
            let directive = quoted(message, after: "' on directive '@")
        {
            return BatonDirectives.relayOnlyArguments[directive]?[argument] != nil
        }
        if let value = quoted(message, after: "Value '"), message.contains("' does not exist in '") {
            return BatonDirectives.relayOnlyEnumValues[value] != nil
        }
        return false
    }

    /// The text between `prefix` and the next `'`, when the message holds `prefix`.
    static func quoted(_ message: String, after prefix: String) -> String? {
        guard let start = message.range(of: prefix) else { return nil }
        let rest = message[start.upperBound...]
        guard let end = rest.firstIndex(of: "'") else { return nil }
        return String(rest[..<end])
    }

    static func collectArgumentsDirectives(_ document: Document, into ranges: inout [(Source, SourceRange)]) {
        func visit(_ set: SelectionSet) {
            for selection in set.selections {
                switch selection {
                case .field(let f): if let s = f.selectionSet { visit(s) }
                case .inlineFragment(let i): visit(i.selectionSet)
                case .fragmentSpread(let s):
                    for d in s.directives where d.name.value == "arguments" { ranges.append((document.source, d.range)) }
                }
            }
        }
        for definition in document.definitions {
            switch definition {
            case .operation(let o): visit(o.selectionSet)
            case .fragment(let f): visit(f.selectionSet)
            default: break
            }
        }
    }
}
