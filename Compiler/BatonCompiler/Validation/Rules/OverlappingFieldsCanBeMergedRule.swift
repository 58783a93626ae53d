import BatonDiagnostics
import BatonSchema
import BatonSyntax

/// Fields that share a response key can be merged: same field, same arguments, compatible
/// types and mergeable sub-selections, unless their parents are distinct object types. Follows
/// graphql-js 17's algorithm: fields are collected once per selection set and parent type,
/// each pair of (fields, fragment) and (fragment, fragment) is compared once, so spreading the
/// same fragments in many places does not blow up.
final class OverlappingFieldsCanBeMergedRule: ValidationRule {
    static let code = "OverlappingFieldsCanBeMerged"
    let events: RuleEvents = [.selectionSet]
    private var state: OverlapState?

    func enterSelectionSet(_ selectionSet: SelectionSet, inInlineFragment: Bool, _ context: ValidationContext) {
        if inInlineFragment { return }
        let selections = selectionSet.selections
        if selections.count <= 1 {
            guard let first = selections.first, case .inlineFragment = first else { return }
        }
        if state == nil { state = OverlapState(context: context) }
        var conflicts: [Conflict] = []
        state!.findConflictsWithin(context.typeInfo.parentType, selectionSet, context.source, &conflicts)
        for conflict in conflicts {
            context.report(Self.code,
                           "Fields '\(abbreviate(conflict.responseName))' conflict because \(conflict.reason). Use different aliases on the fields to fetch both if this was intentional.",
                           conflict.fields1 + conflict.fields2)
        }
    }
}

private let maxConflictDetailLength = 1000
private let maxConflictNodes = 20
private let complexityBudget = 500_000

private func abbreviate(_ text: String) -> String {
    text.unicodeScalars.count > maxConflictDetailLength
        ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(maxConflictDetailLength))) + "..." : text
}

private struct Conflict {
    var responseName: String
    var reason: String
    var fields1: [Location]
    var fields2: [Location]
}

/// A field as collected from a selection set, with the type it was selected on.
private struct FieldDetails {
    let parentType: TypeID?
    let node: Field
    let source: Source
    let definition: FieldDefRef?
    let isSimpleLeaf: Bool
    let stream: Directive?

    var location: Location { Location(source: source, range: node.range) }
}

/// The fields of a selection set grouped by response key (inline fragments flattened), and
/// the fragment spreads found there.
private final class CollectedFields {
    var keys: [String] = []
    var groups: [[FieldDetails]] = []
    var indexByKey: [String: Int] = [:]
    var spreads: [(spread: FragmentSpread, source: Source)] = []
    /// The spreads resolved to fragments, each fragment once (computed on demand).
    var fragmentSpreads: [SpreadTarget]?
    /// Response keys shared with another collection, by that collection.
    var overlaps: [ObjectIdentifier: [(key: String, first: Int, second: Int)]] = [:]

    var isEmpty: Bool { keys.isEmpty }

    func append(_ key: String, _ details: FieldDetails) {
        if let index = indexByKey[key] {
            groups[index].append(details)
        } else {
            indexByKey[key] = keys.count
            keys.append(key)
            groups.append([details])
        }
    }
}

/// A spread fragment; nil when the spread names no known fragment.
private struct SpreadTarget {
    let fragment: FragmentEntry?
    var id: Int { fragment?.id ?? -1 }
}

private struct SelectionSetKey: Hashable {
    let source: ObjectIdentifier
    let start: Int
    let parentType: Int32
}

/// Caches shared by every selection set of one validation.
private struct OverlapState {
    let context: ValidationContext
    private var collected: [SelectionSetKey: CollectedFields] = [:]
    /// (fields, fragment) pairs compared, with whether they were compared as mutually exclusive.
    private var comparedFieldsAndFragment: [ObjectIdentifier: [Int: Bool]] = [:]
    /// (fragment, fragment) pairs compared, in the order first compared.
    private var comparedFragments: [Int: [Int: Bool]] = [:]
    private var remainingBudget = complexityBudget

    init(context: ValidationContext) {
        self.context = context
    }

    private mutating func spend(_ cost: Int) {
        remainingBudget -= cost
        if remainingBudget < 0 { context.abort() }
    }

    mutating func findConflictsWithin(_ parentType: TypeID?, _ selectionSet: SelectionSet, _ source: Source,
                                      _ conflicts: inout [Conflict]) {
        let fields = collectFields(parentType, selectionSet, source)
        collectConflictsWithin(fields, &conflicts)
        if !fields.spreads.isEmpty && (!fields.isEmpty || fields.spreads.count > 1) {
            let spreads = fragmentSpreads(fields)
            for (i, spread) in spreads.enumerated() {
                collectConflictsBetweenFieldsAndFragment(false, fields, spread, &conflicts)
                for other in spreads[(i + 1)...] {
                    collectConflictsBetweenFragments(false, spread, other, &conflicts)
                }
                if context.aborted { return }
            }
        }
    }

    private mutating func collectConflictsBetweenFieldsAndFragment(_ mutuallyExclusive: Bool, _ fields: CollectedFields,
                                                                   _ spread: SpreadTarget, _ conflicts: inout [Conflict]) {
        spend(1)
        if fields.isEmpty || context.aborted { return }
        let key = ObjectIdentifier(fields)
        if let stored = comparedFieldsAndFragment[key]?[spread.id], mutuallyExclusive || stored == mutuallyExclusive { return }
        comparedFieldsAndFragment[key, default: [:]][spread.id] = mutuallyExclusive
        guard let fragment = spread.fragment else { return }
        let fragmentFields = collectFragmentFields(fragment)
        let referenced = fragmentSpreads(fragmentFields)
        if fields === fragmentFields { return }
        guard context.descend() else { return }
        defer { context.ascend() }
        collectConflictsBetween(mutuallyExclusive, fields, fragmentFields, &conflicts)
        for next in referenced {
            collectConflictsBetweenFieldsAndFragment(mutuallyExclusive, fields, next, &conflicts)
            if context.aborted { return }
        }
    }

    private mutating func collectConflictsBetweenFragments(_ mutuallyExclusive: Bool, _ spread1: SpreadTarget,
                                                           _ spread2: SpreadTarget, _ conflicts: inout [Conflict]) {
        spend(2)
        if spread1.id == spread2.id || context.aborted { return }
        let a = spread1.id, b = spread2.id
        for (x, y) in [(a, b), (b, a)] {
            if let stored = comparedFragments[x]?[y], mutuallyExclusive || stored == mutuallyExclusive { return }
        }
        comparedFragments[a, default: [:]][b] = mutuallyExclusive
        guard let fragment1 = spread1.fragment, let fragment2 = spread2.fragment else { return }
        let fields1 = collectFragmentFields(fragment1)
        let referenced1 = fragmentSpreads(fields1)
        let fields2 = collectFragmentFields(fragment2)
        let referenced2 = fragmentSpreads(fields2)
        guard context.descend() else { return }
        defer { context.ascend() }
        collectConflictsBetween(mutuallyExclusive, fields1, fields2, &conflicts)
        for next in referenced2 {
            collectConflictsBetweenFragments(mutuallyExclusive, spread1, next, &conflicts)
            if context.aborted { return }
        }
        for next in referenced1 {
            collectConflictsBetweenFragments(mutuallyExclusive, next, spread2, &conflicts)
            if context.aborted { return }
        }
    }

    private mutating func findConflictsBetweenSubSelectionSets(
        _ mutuallyExclusive: Bool,
        _ parentType1: TypeID?, _ selectionSet1: SelectionSet, _ source1: Source,
        _ parentType2: TypeID?, _ selectionSet2: SelectionSet, _ source2: Source
    ) -> [Conflict] {
        var conflicts: [Conflict] = []
        guard context.descend() else { return conflicts }
        defer { context.ascend() }
        let fields1 = collectFields(parentType1, selectionSet1, source1)
        let spreads1 = fragmentSpreads(fields1)
        let fields2 = collectFields(parentType2, selectionSet2, source2)
        let spreads2 = fragmentSpreads(fields2)
        collectConflictsBetween(mutuallyExclusive, fields1, fields2, &conflicts)
        for spread in spreads2 { collectConflictsBetweenFieldsAndFragment(mutuallyExclusive, fields1, spread, &conflicts) }
        for spread in spreads1 { collectConflictsBetweenFieldsAndFragment(mutuallyExclusive, fields2, spread, &conflicts) }
        for spread1 in spreads1 {
            for spread2 in spreads2 {
                collectConflictsBetweenFragments(mutuallyExclusive, spread1, spread2, &conflicts)
                if context.aborted { return conflicts }
            }
        }
        return conflicts
    }

    private mutating func collectConflictsWithin(_ fields: CollectedFields, _ conflicts: inout [Conflict]) {
        for (index, key) in fields.keys.enumerated() {
            let group = fields.groups[index]
            guard group.count > 1 else { continue }
            for i in 0..<group.count {
                for j in (i + 1)..<group.count {
                    if let conflict = findConflict(false, key, group[i], group[j]) { conflicts.append(conflict) }
                    if context.aborted { return }
                }
            }
        }
    }

    private mutating func collectConflictsBetween(_ mutuallyExclusive: Bool, _ fields1: CollectedFields,
                                                  _ fields2: CollectedFields, _ conflicts: inout [Conflict]) {
        if fields1.isEmpty || fields2.isEmpty { return }
        for overlap in overlapping(fields1, fields2) {
            for details1 in fields1.groups[overlap.first] {
                for details2 in fields2.groups[overlap.second] {
                    if let conflict = findConflict(mutuallyExclusive, overlap.key, details1, details2) {
                        conflicts.append(conflict)
                    }
                    if context.aborted { return }
                }
            }
        }
    }

    private mutating func overlapping(_ fields1: CollectedFields,
                                      _ fields2: CollectedFields) -> [(key: String, first: Int, second: Int)] {
        if let cached = fields1.overlaps[ObjectIdentifier(fields2)] { return cached }
        var result: [(key: String, first: Int, second: Int)] = []
        for (index, key) in fields1.keys.enumerated() {
            spend(1)
            if let other = fields2.indexByKey[key] { result.append((key, index, other)) }
        }
        fields1.overlaps[ObjectIdentifier(fields2)] = result
        return result
    }

    private mutating func findConflict(_ parentsMutuallyExclusive: Bool, _ responseName: String,
                                       _ details1: FieldDetails, _ details2: FieldDetails) -> Conflict? {
        let schema = context.schema
        var mutuallyExclusive = parentsMutuallyExclusive
        if !mutuallyExclusive, let parent1 = details1.parentType, let parent2 = details2.parentType, parent1 != parent2,
           schema.kind(of: parent1) == .object, schema.kind(of: parent2) == .object {
            mutuallyExclusive = true
        }
        let node1 = details1.node, node2 = details2.node
        let type1 = details1.definition.map { schema.fieldType($0) }
        let type2 = details2.definition.map { schema.fieldType($0) }
        spend(2)
        if details1.isSimpleLeaf && details2.isSimpleLeaf && type1 == type2 && node1.name.value == node2.name.value {
            return nil
        }
        let conflict = { (reason: String) in
            Conflict(responseName: responseName, reason: reason, fields1: [details1.location], fields2: [details2.location])
        }
        if !mutuallyExclusive {
            let name1 = node1.name.value, name2 = node2.name.value
            if name1 != name2 {
                return conflict("'\(abbreviate(name1))' and '\(abbreviate(name2))' are different fields")
            }
            if !sameArguments(node1.arguments, node2.arguments) {
                return conflict("they have differing arguments")
            }
        }
        if details1.stream != nil || details2.stream != nil {
            var reason = "they have overlapping stream directives"
            if let stream1 = details1.stream, let stream2 = details2.stream, sameArguments(stream1.arguments, stream2.arguments) {
                reason += ". See https://github.com/graphql/defer-stream-wg/discussions/100"
            }
            return conflict(reason)
        }
        if let type1, let type2, typesConflict(type1, type2) {
            return conflict("they return conflicting types '\(schema.text(of: type1))' and '\(schema.text(of: type2))'")
        }
        if let selectionSet1 = node1.selectionSet, let selectionSet2 = node2.selectionSet {
            let conflicts = findConflictsBetweenSubSelectionSets(
                mutuallyExclusive,
                type1?.namedType, selectionSet1, details1.source,
                type2?.namedType, selectionSet2, details2.source)
            return subfieldConflicts(conflicts, responseName, details1, details2)
        }
        return nil
    }

    private mutating func sameArguments(_ arguments1: [Argument], _ arguments2: [Argument]) -> Bool {
        if arguments1.isEmpty { return arguments2.isEmpty }
        if arguments1.count != arguments2.count { return false }
        var values2: [String: Value] = [:]
        for argument in arguments2 { values2[argument.name.value] = argument.value }
        for argument in arguments1 {
            spend(1)
            guard let value2 = values2[argument.name.value] else { return false }
            if ValueKey(argument.value) != ValueKey(value2) { return false }
        }
        return true
    }

    private mutating func typesConflict(_ type1: SchemaType, _ type2: SchemaType) -> Bool {
        if type1 == type2 { return false }
        spend(1)
        switch (type1, type2) {
        case (.list(let a), .list(let b)): return typesConflict(a, b)
        case (.list, _), (_, .list): return true
        case (.nonNull(let a), .nonNull(let b)): return typesConflict(a, b)
        case (.nonNull, _), (_, .nonNull): return true
        case (.named(let a), .named(let b)):
            let schema = context.schema
            if schema.kind(of: a).isLeaf || schema.kind(of: b).isLeaf { return a != b }
            return false
        }
    }

    private func subfieldConflicts(_ conflicts: [Conflict], _ responseName: String,
                                   _ details1: FieldDetails, _ details2: FieldDetails) -> Conflict? {
        guard !conflicts.isEmpty else { return nil }
        var message = ""
        for conflict in conflicts {
            message += (message.isEmpty ? "" : " and ")
                + "subfields '\(abbreviate(conflict.responseName))' conflict because \(conflict.reason)"
            if message.unicodeScalars.count > maxConflictDetailLength { break }
        }
        return Conflict(responseName: responseName, reason: abbreviate(message),
                        fields1: conflictNodes(details1.location, conflicts.map(\.fields1)),
                        fields2: conflictNodes(details2.location, conflicts.map(\.fields2)))
    }

    /// The field, then the nodes of its sub-conflicts, the last ones of each, at most 20 in all.
    private func conflictNodes(_ node: Location, _ fields: [[Location]]) -> [Location] {
        var nodes = [node]
        for list in fields {
            let remaining = maxConflictNodes - nodes.count
            nodes += list.suffix(remaining)
            if nodes.count == maxConflictNodes { break }
        }
        return nodes
    }

    // MARK: Collecting

    private mutating func collectFields(_ parentType: TypeID?, _ selectionSet: SelectionSet, _ source: Source) -> CollectedFields {
        let key = SelectionSetKey(source: ObjectIdentifier(source), start: selectionSet.range.start,
                                  parentType: parentType?.index ?? -1)
        if let cached = collected[key] { return cached }
        let fields = CollectedFields()
        collect(parentType, selectionSet, source, into: fields)
        collected[key] = fields
        return fields
    }

    private func collect(_ parentType: TypeID?, _ selectionSet: SelectionSet, _ source: Source, into fields: CollectedFields) {
        let schema = context.schema
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                let definition = parentType.flatMap { schema.ownFieldRef(field.name.value, on: $0) }
                let stream = field.directives.first { $0.name.value == "stream" }
                let isSimpleLeaf = field.arguments.isEmpty && field.selectionSet == nil && stream == nil
                fields.append(field.responseKey, FieldDetails(parentType: parentType, node: field, source: source,
                                                              definition: definition, isSimpleLeaf: isSimpleLeaf, stream: stream))
            case .fragmentSpread(let spread):
                fields.spreads.append((spread, source))
            case .inlineFragment(let inline):
                let type = inline.typeCondition.map { schema.namedType($0) } ?? parentType
                collect(type, inline.selectionSet, source, into: fields)
            }
        }
    }

    private mutating func collectFragmentFields(_ fragment: FragmentEntry) -> CollectedFields {
        collectFields(context.schema.namedType(fragment.definition.typeCondition), fragment.definition.selectionSet,
                      fragment.source)
    }

    private mutating func fragmentSpreads(_ fields: CollectedFields) -> [SpreadTarget] {
        if let cached = fields.fragmentSpreads { return cached }
        var result: [SpreadTarget] = []
        var seen = Set<Int>()
        for (spread, _) in fields.spreads {
            spend(1)
            let target = SpreadTarget(fragment: context.fragment(named: spread.name.value))
            if seen.insert(target.id).inserted { result.append(target) }
        }
        fields.fragmentSpreads = result
        return result
    }
}

/// A value's structure for comparing arguments: equal keys for equal values, object fields
/// in name order, a string's block form significant (graphql-js's comparison key).
private struct ValueKey: Equatable {
    let text: String

    init(_ value: Value) {
        var out = ""
        Self.write(value, &out)
        text = out
    }

    private static func write(_ value: Value, _ out: inout String) {
        switch value.kind {
        case .variable(let name): out += "$"; string(name, &out)
        case .int(let text): out += "i"; string(text, &out)
        case .float(let text): out += "f"; string(text, &out)
        case .string(let s, let block): out += block ? "B" : "s"; string(s, &out)
        case .boolean(let b): out += b ? "T" : "F"
        case .null: out += "N"
        case .enumValue(let name): out += "e"; string(name, &out)
        case .list(let items):
            out += "["
            for item in items { write(item, &out) }
            out += "]"
        case .object(let fields):
            out += "{"
            let sorted = fields.enumerated().sorted { a, b in
                let x = a.element.name.value, y = b.element.name.value
                return x != y ? x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars) : a.offset < b.offset
            }
            for (_, field) in sorted {
                string(field.name.value, &out)
                write(field.value, &out)
            }
            out += "}"
        }
    }

    private static func string(_ s: String, _ out: inout String) {
        out += "\(s.utf8.count):"
        out += s
    }
}
