import BatonDiagnostics
import BatonIR
import BatonSchema

/// Relay checks selection conflicts again once fragment arguments are applied
/// (`validate_selection_conflict` after `apply_fragment_arguments`): the specification's
/// validator sees `avatar(size: $size)` in a fragment as one field however the fragment is
/// spread, but `...Avatar @arguments(size: 10)` beside `...Avatar @arguments(size: 20)` asks the
/// server for one response key with two argument values, which it cannot answer. Reported where
/// the arguments as written agree, or where one of the fields is in a fragment with arguments
/// (the compiler leaves the specification's finding on those to this check, so that
/// `avatar(size: 10)` beside a spread binding `avatar(size: $size)` to 10 is one field, as in
/// Relay); elsewhere the specification's rule has reported it already.
package enum ValidateSelectionConflict {
    /// `original`: the program before the arguments were applied; `applied`: after.
    package static func validate(original: IRProgram, applied: IRProgram) -> [Diagnostic] {
        // Without fragment arguments, applying them changes no value: nothing to find, and
        // an operation reaching no fragment with arguments has nothing either.
        let withArguments = Set(original.fragments.values.filter { !$0.argumentDefinitions.isEmpty }.map(\.name))
        guard !withArguments.isEmpty else { return [] }
        var written: [Location: [String: IRValue]] = [:]
        var inArgumentFragment = Set<Location>()
        for root in original.definitionRoots {
            let local = !root.isOperation && !(original.fragment(named: root.name)?.argumentDefinitions.isEmpty ?? true)
            SelectionWalk.visit(root.selections, parent: root.type) { selection, _ in
                guard case .field(let field) = selection, let at = field.location else { return }
                written[at] = arguments(field)
                if local { inArgumentFragment.insert(at) }
            }
        }
        var diagnostics: [Diagnostic] = []
        var reported = Set<Location>()
        let sources = Dictionary(original.operations.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        // Generated refetch queries too: they spread their fragment with its own arguments as
        // variables, and their text goes to the server like any other.
        for operation in applied.operations {
            guard let source = sources[operation.name],
                !FragmentReach.reachedFragments(from: source.selections, in: original).isDisjoint(with: withArguments)
            else { continue }
            check(
                [Part(selections: operation.selections, via: nil, expanding: [])], applied, written, inArgumentFragment,
                operation.generatedFrom == nil ? nil : operation.name, &reported, &diagnostics)
        }
        return diagnostics
    }

    static func arguments(_ field: IRField) -> [String: IRValue] {
        Dictionary(field.arguments.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
    }

    /// One written selection set of a response and how it was reached: `via`, the spread written
    /// in the response's set its fields came through; `expanding`, the fragments expanded on the
    /// way to it, not expanded again below it (a fragment that reaches itself is a cycle, which
    /// the specification's rule reports; following it would never end).
    struct Part {
        var selections: [IRSelection]
        var via: Location?
        var expanding: Set<String>
    }

    /// One response's selection set, made of several written ones (a field selected twice
    /// merges its children).
    static func check(
        _ sets: [Part], _ program: IRProgram, _ written: [Location: [String: IRValue]],
        _ inArgumentFragment: Set<Location>, _ generatedQuery: String?, _ reported: inout Set<Location>,
        _ diagnostics: inout [Diagnostic]
    ) {
        var fields: [(field: IRField, via: Location?, expanding: Set<String>)] = []
        var spread = Set<String>()
        func collect(_ selections: [IRSelection], via: Location?, expanding: Set<String>) {
            for selection in selections {
                switch selection {
                case .field(let field): fields.append((field, via, expanding))
                case .inlineFragment(let inline): collect(inline.selections, via: via, expanding: expanding)
                case .condition(let condition): collect(condition.selections, via: via, expanding: expanding)
                case .fragmentSpread(let item):
                    // The same applied fragment twice selects the same fields with the same values.
                    guard !expanding.contains(item.fragmentName), spread.insert(item.fragmentName).inserted,
                        let fragment = program.fragment(named: item.fragmentName)
                    else { continue }
                    collect(
                        fragment.selections, via: via ?? item.location,
                        expanding: expanding.union([item.fragmentName]))
                }
            }
        }
        for part in sets { collect(part.selections, via: part.via, expanding: part.expanding) }

        // Fields selected on two different object types never meet in one response (the
        // specification's "mutually exclusive" parents); a field on an interface or union meets
        // every other. So each response key is checked once per object type it is selected on,
        // with the fields on abstract types beside that type's (or alone when it has none).
        typealias Entry = (field: IRField, via: Location?, expanding: Set<String>)
        var abstract: [String: [Int]] = [:]
        var byObject: [String: [(type: String, entries: [Int])]] = [:]
        var order: [String] = []
        for (index, entry) in fields.enumerated() {
            let key = entry.field.responseKey
            if abstract[key] == nil, byObject[key] == nil { order.append(key) }
            let parent = program.schema[entry.field.parentType]
            guard parent.kind == .object else {
                abstract[key, default: []].append(index)
                continue
            }
            if let at = byObject[key]?.firstIndex(where: { $0.type == parent.name }) {
                byObject[key]![at].entries.append(index)
            } else {
                byObject[key, default: []].append((parent.name, [index]))
            }
        }
        for key in order {
            let shared = abstract[key] ?? []
            let objects = byObject[key] ?? []
            let groups = objects.isEmpty ? [shared] : objects.map { (shared + $0.entries).sorted() }
            for group in groups {
                let group: [Entry] = group.map { fields[$0] }
                compare(group, key, written, inArgumentFragment, generatedQuery, &reported, &diagnostics)
                let children = group.compactMap { entry in
                    entry.field.selections.map { Part(selections: $0, via: entry.via, expanding: entry.expanding) }
                }
                if !children.isEmpty {
                    check(children, program, written, inArgumentFragment, generatedQuery, &reported, &diagnostics)
                }
            }
        }
    }

    /// Reports the first pair of one response key's fields (same field, parents that meet)
    /// whose applied arguments differ, where the check owns the finding.
    static func compare(
        _ group: [(field: IRField, via: Location?, expanding: Set<String>)], _ key: String,
        _ written: [Location: [String: IRValue]], _ inArgumentFragment: Set<Location>, _ generatedQuery: String?,
        _ reported: inout Set<Location>, _ diagnostics: inout [Diagnostic]
    ) {
        for (index, first) in group.enumerated() {
            for other in group.dropFirst(index + 1) where other.field.name == first.field.name {
                guard arguments(first.field) != arguments(other.field),
                    let firstAt = first.field.location, let otherAt = other.field.location,
                    let a = written[firstAt], let b = written[otherAt],
                    a == b || inArgumentFragment.contains(firstAt) || inArgumentFragment.contains(otherAt),
                    let at = other.via ?? other.field.location, reported.insert(at).inserted
                else { continue }
                let message =
                    if let generatedQuery {
                        "Field '\(key)' is selected with differing arguments in the refetch query '\(generatedQuery)': `\(signature(first.field))` and `\(signature(other.field))`; the server would answer only one, so alias one of them or pass the same arguments"
                    } else {
                        "Field '\(key)' is selected with arguments that differ once fragment arguments are applied: `\(signature(first.field))` and `\(signature(other.field))`; the server would answer only one, so alias one of them or pass the same arguments"
                    }
                diagnostics.append(.error(message, at: [at], code: .fragmentArgumentConflict))
                return
            }
        }
    }

    static func signature(_ field: IRField) -> String {
        guard !field.arguments.isEmpty else { return field.name }
        return field.name + "(" + field.arguments.map { "\($0.name): \(OperationPrinter.print($0.value))" }.joined(separator: ", ") + ")"
    }
}
