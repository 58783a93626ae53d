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
    /// the specification's rule reports; following it would never end); `apart`, for each field
    /// above it, the object type that field was selected on (nil for an interface or union).
    struct Part {
        var selections: [IRSelection]
        var via: Location?
        var expanding: Set<String>
        var apart: [String?] = []
    }

    /// A field of one response key and the object types of it and of the fields above it.
    struct Entry {
        var field: IRField
        var via: Location?
        var expanding: Set<String>
        var apart: [String?]

        /// Fields selected on two different object types never meet in one response, nor does
        /// anything below them (the specification's "mutually exclusive" parents); a field on an
        /// interface or union meets every other.
        func meets(_ other: Entry) -> Bool {
            zip(apart, other.apart).allSatisfy { a, b in a == nil || b == nil || a == b }
        }
    }

    /// One response's selection set, made of several written ones (a field selected twice
    /// merges its children, checked together once, each child knowing which it meets).
    static func check(
        _ sets: [Part], _ program: IRProgram, _ written: [Location: [String: IRValue]],
        _ inArgumentFragment: Set<Location>, _ generatedQuery: String?, _ reported: inout Set<Location>,
        _ diagnostics: inout [Diagnostic]
    ) {
        var byKey: [String: [Entry]] = [:]
        var order: [String] = []
        var spread = Set<[String?]>()
        func collect(_ selections: [IRSelection], via: Location?, expanding: Set<String>, apart: [String?]) {
            for selection in selections {
                switch selection {
                case .field(let field):
                    let parent = program.schema[field.parentType]
                    let key = field.responseKey
                    if byKey[key] == nil { order.append(key) }
                    byKey[key, default: []].append(
                        Entry(field: field, via: via, expanding: expanding, apart: apart + [parent.kind == .object ? parent.name : nil]))
                case .inlineFragment(let inline): collect(inline.selections, via: via, expanding: expanding, apart: apart)
                case .condition(let condition): collect(condition.selections, via: via, expanding: expanding, apart: apart)
                case .fragmentSpread(let item):
                    // The same applied fragment twice under the same types selects the same fields
                    // with the same values.
                    guard !expanding.contains(item.fragmentName), spread.insert([item.fragmentName] + apart).inserted,
                        let fragment = program.fragment(named: item.fragmentName)
                    else { continue }
                    collect(
                        fragment.selections, via: via ?? item.location,
                        expanding: expanding.union([item.fragmentName]), apart: apart)
                }
            }
        }
        for part in sets { collect(part.selections, via: part.via, expanding: part.expanding, apart: part.apart) }

        for key in order {
            guard let group = byKey[key] else { continue }
            compare(group, key, written, inArgumentFragment, generatedQuery, &reported, &diagnostics)
            let children = group.compactMap { entry in
                entry.field.selections.map { Part(selections: $0, via: entry.via, expanding: entry.expanding, apart: entry.apart) }
            }
            if !children.isEmpty {
                check(children, program, written, inArgumentFragment, generatedQuery, &reported, &diagnostics)
            }
        }
    }

    /// Reports the first pair of one response key's fields (the same field, meeting in the
    /// response) whose applied arguments differ, where the check owns the finding.
    static func compare(
        _ group: [Entry], _ key: String, _ written: [Location: [String: IRValue]], _ inArgumentFragment: Set<Location>,
        _ generatedQuery: String?, _ reported: inout Set<Location>, _ diagnostics: inout [Diagnostic]
    ) {
        // Fields alike in all the pair test reads are one: a key selected thousands of times
        // the same way costs a pass, not thousands squared.
        struct Kind: Equatable {
            var name: String
            var applied: [String: IRValue]
            var written: [String: IRValue]?
            var inArgumentFragment: Bool
            var apart: [String?]
        }
        var kinds: [(kind: Kind, entry: Entry)] = []
        for entry in group {
            let at = entry.field.location
            let kind = Kind(
                name: entry.field.name, applied: arguments(entry.field), written: at.flatMap { written[$0] },
                inArgumentFragment: at.map(inArgumentFragment.contains) ?? false, apart: entry.apart)
            if !kinds.contains(where: { $0.kind == kind }) { kinds.append((kind, entry)) }
        }
        for (index, (one, first)) in kinds.enumerated() {
            for (two, other) in kinds.dropFirst(index + 1) where two.name == one.name && first.meets(other) {
                guard one.applied != two.applied, let a = one.written, let b = two.written,
                    a == b || one.inArgumentFragment || two.inArgumentFragment,
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
