import BatonDiagnostics
import BatonSchema
import BatonSyntax

/// Fields that share a response key can be merged: same field, same arguments, compatible
/// types and mergeable sub-selections, unless their parents are distinct object types. Follows
/// graphql-js 17's algorithm: fields are collected once per selection set and parent type,
/// and each (fields, fragment) and (fragment, fragment) pair is compared once, so spreading the
/// same fragments in many places does not blow up. Findings and their order are graphql-core's.
final class OverlappingFieldsCanBeMergedRule: ValidationRule {
    static let code: DiagnosticCode = .overlappingFieldsCanBeMerged
    override var events: RuleEvents { [.selectionSet] }
    private var state: OverlapState?

    override func enterSelectionSet(_ selectionSet: SelectionSet, inInlineFragment: Bool, _ context: ValidationContext) {
        if inInlineFragment { return }
        let selections = selectionSet.selections
        if selections.count <= 1 {
            guard let first = selections.first, case .inlineFragment = first else { return }
        }
        if hasNothingToCompare(selectionSet) { return }
        if state == nil { state = OverlapState(context: context) }
        var conflicts: [Conflict] = []
        state!.findConflictsWithin(context.typeInfo.parentType, selectionSet, context.source, &conflicts)
        for conflict in conflicts {
            context.report(
                Self.code,
                "Fields '\(abbreviate(conflict.responseName))' conflict because \(conflict.reason). Use different aliases on the fields to fetch both if this was intentional.",
                conflict.fields1 + conflict.fields2)
        }
    }

    /// Whether a selection set is only fields (inline fragments' included) under distinct
    /// response keys and spreads nothing: then no two fields of it are compared, and each
    /// field's sub-selection is checked when the walk reaches it. Most selection sets are such,
    /// and this spares collecting their fields. Keys are compared by hash, so a collision only
    /// sends the set down the full path.
    private func hasNothingToCompare(_ selectionSet: SelectionSet) -> Bool {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: maxQuickKeys) { hashes in
            var count = 0
            guard Self.gatherKeyHashes(selectionSet, depth: 0, into: hashes, &count) else { return false }
            for i in 0..<count {
                for j in (i + 1)..<count where hashes[i] == hashes[j] { return false }
            }
            return true
        }
    }

    private let maxQuickKeys = 16

    /// Stores the hashes of a selection set's response keys; false at a spread, or when the set
    /// is too large or nested for the pairwise check to be the cheap way.
    /// Keys are read through `Selection.responseKey`, which does not copy the field.
    private static func gatherKeyHashes(
        _ selectionSet: SelectionSet, depth: Int,
        into hashes: UnsafeMutableBufferPointer<UInt64>, _ count: inout Int
    ) -> Bool {
        let selections = selectionSet.selections
        for i in selections.indices {
            if let key = selections[i].responseKey {
                if count == hashes.count { return false }
                hashes[count] = NameIndex.hash(key)
                count += 1
            } else if case .inlineFragment(let inline) = selections[i] {
                if depth == 4 || !gatherKeyHashes(inline.selectionSet, depth: depth + 1, into: hashes, &count) {
                    return false
                }
            } else {
                return false
            }
        }
        return true
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

/// A field type reduced to what merging compares: its wrappers (list, non-null, outermost
/// first) and its named type. Small and trivially copyable.
private struct TypeShape: Equatable {
    var wrappers: UInt64 = 0
    var depth: UInt8 = 0
    var named: Int32

    init(_ type: SchemaType) {
        var current = type
        named = 0
        while true {
            switch current {
            case .named(let id):
                named = id.index
                return
            case .list(let inner):
                append(1)
                current = inner
            case .nonNull(let inner):
                append(2)
                current = inner
            }
        }
    }

    private mutating func append(_ wrapper: UInt64) {
        // Deeper than 32 wrappers, levels fold together; no real schema comes close.
        if depth < 32 { wrappers |= wrapper << (2 * UInt64(depth)) }
        depth &+= 1
    }
}

/// A collected field, trivially copyable; its syntax node is kept apart in `OverlapState.nodes`.
private struct FieldRecord {
    /// The type the field was selected on, or -1 when unknown.
    let parentType: Int32
    let parentIsObject: Bool
    /// The field's name, interned.
    let name: Int32
    /// The field's definition on its parent type, when the type defines it (meta-fields are
    /// not looked up, as in graphql-js).
    let owner: Int32
    let fieldIndex: Int32
    let shape: TypeShape?
    /// No arguments, no selection set, no @stream: two such fields of the same name and type
    /// always merge.
    let isSimpleLeaf: Bool
    let hasStream: Bool
}

/// The fields of a selection set grouped by response key (inline fragments flattened), and
/// the fragments spread there; ranges into `OverlapState`'s flat arrays.
private struct Collection {
    /// Response keys in first-seen order: `keys[keyStart..<keyEnd]`, each with its fields
    /// (record indices) `groupRecords[groupStart[k]..<groupEnd[k]]`.
    let keyStart: Int32
    let keyEnd: Int32
    /// The spread fragments, each once (-1: unknown fragment): `spreads[spreadStart..<spreadEnd]`.
    let spreadStart: Int32
    let spreadEnd: Int32
    /// How many spreads the selection set has, repeats included.
    let spreadCount: Int32

    var isEmpty: Bool { keyStart == keyEnd }
}

/// What comparing needs of a field's syntax; empty for the common simple leaf.
private struct FieldNode {
    let range: SourceRange
    let source: Int32
    let arguments: [Argument]
    let selectionSet: SelectionSet?
}

private struct Overlap {
    let key: Int32
    let first: Int32
    let second: Int32
}

/// Caches shared by every selection set of one validation.
private struct OverlapState {
    let context: ValidationContext
    let schema: Schema

    private var records: [FieldRecord] = []
    private var nodes: [FieldNode] = []
    private var sources: [Source] = []
    private var sourceIndex: [ObjectIdentifier: Int32] = [:]
    /// Field lookups by (type, interned name), and type shapes by (type, field index).
    private var fieldIndexes = IntegerTable(capacity: 1024)
    private var shapes: [TypeShape] = []
    /// Each schema type's kind, read once.
    private let kinds: [NamedTypeKind]
    /// The collection of each fragment's own selection set, once made (-1: not yet).
    private var fragmentCollections: [Int]
    private var interned = NameTable()
    /// Scratch space indexed by interned name, for finding shared response keys (and for
    /// grouping while collecting) without hashing.
    private var slots: [Int32] = []
    private var groupSlots: [Int32] = []
    /// Overlaps being compared, a stack shared by nested comparisons.
    private var overlapStack: [Overlap] = []

    private var collections: [Collection] = []
    private var keys: [Int32] = []
    private var groupStart: [Int32] = []
    private var groupEnd: [Int32] = []
    private var groupRecords: [Int32] = []
    private var spreads: [Int] = []
    /// Collections by selection set (source, offset) and parent type.
    private var collected = IntegerTable(capacity: 1024)
    /// (fields, fragment) pairs compared: 1 when compared as not mutually exclusive, 2 when as
    /// mutually exclusive.
    private var comparedFieldsAndFragment = IntegerTable(capacity: 1024)
    /// (fragment, fragment) pairs compared, as ordered pairs, with the same marks; a flat
    /// matrix when the document's fragments are few enough, else a dictionary.
    private var comparedFragmentMatrix: [UInt8]
    private var comparedFragmentTable: [Int: UInt8] = [:]
    private let fragmentStride: Int
    private var remainingBudget = complexityBudget

    init(context: ValidationContext) {
        self.context = context
        self.schema = context.schema
        let stride = context.fragments.count + 1
        self.fragmentStride = stride
        self.comparedFragmentMatrix = stride * stride <= 4_000_000 ? [UInt8](repeating: 0, count: stride * stride) : []
        self.kinds = context.schema.types.map(\.kind)
        self.fragmentCollections = [Int](repeating: -1, count: context.fragments.count)
    }

    private mutating func spend(_ cost: Int) {
        remainingBudget -= cost
        if remainingBudget < 0 { context.abort() }
    }

    private mutating func intern(_ name: String) -> Int32 {
        let id = interned.intern(name)
        if Int(id) >= slots.count {
            slots.append(-1)
            groupSlots.append(-1)
        }
        return id
    }

    // MARK: Pair memory

    private func fragmentPairMark(_ a: Int, _ b: Int) -> UInt8 {
        let index = (a + 1) * fragmentStride + (b + 1)
        return comparedFragmentMatrix.isEmpty ? comparedFragmentTable[index] ?? 0 : comparedFragmentMatrix[index]
    }

    private mutating func setFragmentPairMark(_ a: Int, _ b: Int, _ mark: UInt8) {
        let index = (a + 1) * fragmentStride + (b + 1)
        if comparedFragmentMatrix.isEmpty { comparedFragmentTable[index] = mark } else { comparedFragmentMatrix[index] = mark }
    }

    /// graphql-js's pair sets: a pair compared as mutually exclusive covers only a later
    /// comparison as mutually exclusive; one compared as not covers both.
    private static func covers(_ mark: UInt8, _ mutuallyExclusive: Bool) -> Bool {
        mark != 0 && (mutuallyExclusive || mark == 1)
    }

    // MARK: Comparing

    mutating func findConflictsWithin(
        _ parentType: TypeID?, _ selectionSet: SelectionSet, _ source: Source,
        _ conflicts: inout [Conflict]
    ) {
        let fields = collectFields(parentType.map { $0.index } ?? -1, selectionSet, source)
        collectConflictsWithin(fields, &conflicts)
        let collection = collections[fields]
        if collection.spreadCount > 0 && (!collection.isEmpty || collection.spreadCount > 1) {
            let start = Int(collection.spreadStart)
            let end = Int(collection.spreadEnd)
            spend(Int(collection.spreadCount))
            for i in start..<end {
                collectConflictsBetweenFieldsAndFragment(false, fields, spreads[i], &conflicts)
                for j in (i + 1)..<end {
                    collectConflictsBetweenFragments(false, spreads[i], spreads[j], &conflicts)
                }
                if context.aborted { return }
            }
        }
    }

    private mutating func collectConflictsBetweenFieldsAndFragment(
        _ mutuallyExclusive: Bool, _ fields: Int,
        _ fragmentID: Int, _ conflicts: inout [Conflict]
    ) {
        spend(1)
        if collections[fields].isEmpty || context.aborted { return }
        let a = UInt64(fields)
        let b = UInt64(fragmentID + 1)
        if let mark = comparedFieldsAndFragment.value(a, b), Self.covers(UInt8(mark), mutuallyExclusive) { return }
        comparedFieldsAndFragment.set(a, b, to: mutuallyExclusive ? 2 : 1)
        guard fragmentID >= 0 else { return }
        let fragmentFields = collectFragmentFields(fragmentID)
        if fields == fragmentFields { return }
        guard context.descend() else { return }
        defer { context.ascend() }
        collectConflictsBetween(mutuallyExclusive, fields, fragmentFields, &conflicts)
        let referenced = collections[fragmentFields]
        for i in Int(referenced.spreadStart)..<Int(referenced.spreadEnd) {
            collectConflictsBetweenFieldsAndFragment(mutuallyExclusive, fields, spreads[i], &conflicts)
            if context.aborted { return }
        }
    }

    private mutating func collectConflictsBetweenFragments(
        _ mutuallyExclusive: Bool, _ fragment1: Int, _ fragment2: Int,
        _ conflicts: inout [Conflict]
    ) {
        spend(2)
        if fragment1 == fragment2 || context.aborted { return }
        if Self.covers(fragmentPairMark(fragment1, fragment2), mutuallyExclusive)
            || Self.covers(fragmentPairMark(fragment2, fragment1), mutuallyExclusive)
        {
            return
        }
        setFragmentPairMark(fragment1, fragment2, mutuallyExclusive ? 2 : 1)
        guard fragment1 >= 0, fragment2 >= 0 else { return }
        let fields1 = collectFragmentFields(fragment1)
        let fields2 = collectFragmentFields(fragment2)
        guard context.descend() else { return }
        defer { context.ascend() }
        collectConflictsBetween(mutuallyExclusive, fields1, fields2, &conflicts)
        let referenced2 = collections[fields2]
        for i in Int(referenced2.spreadStart)..<Int(referenced2.spreadEnd) {
            collectConflictsBetweenFragments(mutuallyExclusive, fragment1, spreads[i], &conflicts)
            if context.aborted { return }
        }
        let referenced1 = collections[fields1]
        for i in Int(referenced1.spreadStart)..<Int(referenced1.spreadEnd) {
            collectConflictsBetweenFragments(mutuallyExclusive, spreads[i], fragment2, &conflicts)
            if context.aborted { return }
        }
    }

    private mutating func findConflictsBetweenSubSelectionSets(
        _ mutuallyExclusive: Bool,
        _ parentType1: Int32, _ selectionSet1: SelectionSet, _ source1: Source,
        _ parentType2: Int32, _ selectionSet2: SelectionSet, _ source2: Source
    ) -> [Conflict] {
        var conflicts: [Conflict] = []
        guard context.descend() else { return conflicts }
        defer { context.ascend() }
        let fields1 = collectFields(parentType1, selectionSet1, source1)
        let fields2 = collectFields(parentType2, selectionSet2, source2)
        collectConflictsBetween(mutuallyExclusive, fields1, fields2, &conflicts)
        let collection1 = collections[fields1]
        let collection2 = collections[fields2]
        let spreads1 = Int(collection1.spreadStart)..<Int(collection1.spreadEnd)
        let spreads2 = Int(collection2.spreadStart)..<Int(collection2.spreadEnd)
        for i in spreads2 { collectConflictsBetweenFieldsAndFragment(mutuallyExclusive, fields1, spreads[i], &conflicts) }
        for i in spreads1 { collectConflictsBetweenFieldsAndFragment(mutuallyExclusive, fields2, spreads[i], &conflicts) }
        for i in spreads1 {
            for j in spreads2 {
                collectConflictsBetweenFragments(mutuallyExclusive, spreads[i], spreads[j], &conflicts)
                if context.aborted { return conflicts }
            }
        }
        return conflicts
    }

    private mutating func collectConflictsWithin(_ fields: Int, _ conflicts: inout [Conflict]) {
        let collection = collections[fields]
        for k in Int(collection.keyStart)..<Int(collection.keyEnd) {
            let start = Int(groupStart[k])
            let end = Int(groupEnd[k])
            guard end - start > 1 else { continue }
            for i in start..<end {
                for j in (i + 1)..<end {
                    if let conflict = findConflict(false, keys[k], groupRecords[i], groupRecords[j]) {
                        conflicts.append(conflict)
                    }
                    if context.aborted { return }
                }
            }
        }
    }

    private mutating func collectConflictsBetween(
        _ mutuallyExclusive: Bool, _ fields1: Int, _ fields2: Int,
        _ conflicts: inout [Conflict]
    ) {
        let collection1 = collections[fields1]
        let collection2 = collections[fields2]
        if collection1.isEmpty || collection2.isEmpty { return }
        // The shared response keys, in the first collection's order, pushed on the stack so
        // that nested comparisons can use the scratch slots again.
        let base = overlapStack.count
        let keys1 = Int(collection1.keyStart)..<Int(collection1.keyEnd)
        let keys2 = Int(collection2.keyStart)..<Int(collection2.keyEnd)
        for k in keys2 { slots[Int(keys[k])] = Int32(k) }
        for k in keys1 {
            let other = slots[Int(keys[k])]
            if other >= 0 { overlapStack.append(Overlap(key: keys[k], first: Int32(k), second: other)) }
        }
        for k in keys2 { slots[Int(keys[k])] = -1 }
        spend(keys1.count)
        let end = overlapStack.count
        defer { overlapStack.removeSubrange(base...) }
        for next in base..<end {
            let overlap = overlapStack[next]
            let first = Int(overlap.first)
            let second = Int(overlap.second)
            for i in Int(groupStart[first])..<Int(groupEnd[first]) {
                for j in Int(groupStart[second])..<Int(groupEnd[second]) {
                    if let conflict = findConflict(mutuallyExclusive, overlap.key, groupRecords[i], groupRecords[j]) {
                        conflicts.append(conflict)
                    }
                    if context.aborted { return }
                }
            }
        }
    }

    private mutating func findConflict(
        _ parentsMutuallyExclusive: Bool, _ responseKey: Int32,
        _ index1: Int32, _ index2: Int32
    ) -> Conflict? {
        let record1 = records[Int(index1)]
        let record2 = records[Int(index2)]
        let mutuallyExclusive =
            parentsMutuallyExclusive
            || (record1.parentType != record2.parentType && record1.parentIsObject && record2.parentIsObject)
        spend(2)
        if record1.isSimpleLeaf && record2.isSimpleLeaf && record1.shape == record2.shape && record1.name == record2.name {
            return nil
        }
        func conflict(_ reason: String) -> Conflict {
            Conflict(
                responseName: interned[responseKey], reason: reason,
                fields1: [location(index1)], fields2: [location(index2)])
        }
        if !mutuallyExclusive {
            if record1.name != record2.name {
                let name1 = interned[record1.name]
                let name2 = interned[record2.name]
                return conflict("'\(abbreviate(name1))' and '\(abbreviate(name2))' are different fields")
            }
            let arguments1 = nodes[Int(index1)].arguments
            let arguments2 = nodes[Int(index2)].arguments
            if !(arguments1.isEmpty && arguments2.isEmpty) && !sameArguments(arguments1, arguments2) {
                return conflict("they have differing arguments")
            }
        }
        if record1.hasStream || record2.hasStream {
            var reason = "they have overlapping stream directives"
            if record1.hasStream && record2.hasStream,
                sameArguments(streamArguments(index1), streamArguments(index2))
            {
                reason += ". See https://github.com/graphql/defer-stream-wg/discussions/100"
            }
            return conflict(reason)
        }
        if let shape1 = record1.shape, let shape2 = record2.shape, typesConflict(shape1, shape2) {
            return conflict("they return conflicting types '\(typeText(record1))' and '\(typeText(record2))'")
        }
        guard let selectionSet1 = nodes[Int(index1)].selectionSet,
            let selectionSet2 = nodes[Int(index2)].selectionSet
        else { return nil }
        let conflicts = findConflictsBetweenSubSelectionSets(
            mutuallyExclusive,
            record1.shape?.named ?? -1, selectionSet1, sources[Int(nodes[Int(index1)].source)],
            record2.shape?.named ?? -1, selectionSet2, sources[Int(nodes[Int(index2)].source)])
        return subfieldConflicts(conflicts, responseKey, index1, index2)
    }

    private func location(_ index: Int32) -> Location {
        Location(source: sources[Int(nodes[Int(index)].source)], range: nodes[Int(index)].range)
    }

    private func typeText(_ record: FieldRecord) -> String {
        schema.text(of: schema.types[Int(record.owner)].fields[Int(record.fieldIndex)].type)
    }

    private var streamArgumentsByRecord: [Int32: [Argument]] = [:]

    private func streamArguments(_ index: Int32) -> [Argument] {
        streamArgumentsByRecord[index] ?? []
    }

    /// graphql-js's `doTypesConflict`: any difference in list/non-null wrapping conflicts; at the
    /// bottom only leaf types must be the same.
    private mutating func typesConflict(_ shape1: TypeShape, _ shape2: TypeShape) -> Bool {
        if shape1 == shape2 { return false }
        spend(1)
        if shape1.wrappers != shape2.wrappers || shape1.depth != shape2.depth { return true }
        let kind1 = kinds[Int(shape1.named)]
        let kind2 = kinds[Int(shape2.named)]
        return kind1.isLeaf || kind2.isLeaf
    }

    /// Same arguments: as many, each given the same value (by structure) in both.
    private mutating func sameArguments(_ arguments1: [Argument], _ arguments2: [Argument]) -> Bool {
        if arguments1.isEmpty { return arguments2.isEmpty }
        if arguments1.count != arguments2.count { return false }
        for argument in arguments1 {
            spend(1)
            // The last argument of a repeated name counts, as in graphql-js's map.
            guard let other = arguments2.last(where: { $0.name.value == argument.name.value }) else { return false }
            if !Self.sameValue(argument.value, other.value) { return false }
        }
        return true
    }

    /// Structural equality of two values: object fields compared in name order, a string's
    /// block form significant (graphql-js compares printed structures).
    private static func sameValue(_ a: Value, _ b: Value) -> Bool {
        switch (a.kind, b.kind) {
        case (.variable(let x), .variable(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.float(let x), .float(let y)): return x == y
        case (.string(let x, let bx), .string(let y, let by)): return x == y && bx == by
        case (.boolean(let x), .boolean(let y)): return x == y
        case (.null, .null): return true
        case (.enumValue(let x), .enumValue(let y)): return x == y
        case (.list(let xs), .list(let ys)):
            guard xs.count == ys.count else { return false }
            for (x, y) in zip(xs, ys) where !sameValue(x, y) { return false }
            return true
        case (.object(let xs), .object(let ys)):
            guard xs.count == ys.count else { return false }
            let sortedX = sortedFields(xs)
            let sortedY = sortedFields(ys)
            for (x, y) in zip(sortedX, sortedY) {
                if x.name.value != y.name.value || !sameValue(x.value, y.value) { return false }
            }
            return true
        default:
            return false
        }
    }

    private static func sortedFields(_ fields: [ObjectField]) -> [ObjectField] {
        fields.enumerated().sorted { a, b in
            let x = a.element.name.value
            let y = b.element.name.value
            return x != y ? x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars) : a.offset < b.offset
        }.map(\.element)
    }

    private func subfieldConflicts(
        _ conflicts: [Conflict], _ responseKey: Int32,
        _ index1: Int32, _ index2: Int32
    ) -> Conflict? {
        guard !conflicts.isEmpty else { return nil }
        var message = ""
        for conflict in conflicts {
            message +=
                (message.isEmpty ? "" : " and ")
                + "subfields '\(abbreviate(conflict.responseName))' conflict because \(conflict.reason)"
            if message.unicodeScalars.count > maxConflictDetailLength { break }
        }
        return Conflict(
            responseName: interned[responseKey], reason: abbreviate(message),
            fields1: conflictNodes(location(index1), conflicts.map(\.fields1)),
            fields2: conflictNodes(location(index2), conflicts.map(\.fields2)))
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

    /// The collection of a selection set's fields for a parent type, made once.
    private mutating func collectFields(_ parentType: Int32, _ selectionSet: SelectionSet, _ source: Source) -> Int {
        let sourceID = self.sourceID(source)
        let a = UInt64(selectionSet.range.start)
        let b = UInt64(sourceID) << 32 | UInt64(UInt32(bitPattern: parentType))
        if let index = collected.value(a, b) { return Int(index) }
        let fields = makeCollection(parentType, selectionSet, sourceID)
        collected.set(a, b, to: Int32(fields))
        return fields
    }

    private mutating func sourceID(_ source: Source) -> Int32 {
        // Nearly always the source of the previous call.
        if let last = sources.last, last === source { return Int32(sources.count - 1) }
        if let known = sourceIndex[ObjectIdentifier(source)] { return known }
        let id = Int32(sources.count)
        sources.append(source)
        sourceIndex[ObjectIdentifier(source)] = id
        return id
    }

    private mutating func makeCollection(_ parentType: Int32, _ selectionSet: SelectionSet, _ sourceID: Int32) -> Int {
        var builder = CollectionBuilder()
        collect(parentType, selectionSet, sourceID, into: &builder)
        let keyStart = Int32(keys.count)
        for (k, key) in builder.keys.enumerated() {
            groupSlots[Int(key)] = -1
            keys.append(key)
            groupStart.append(Int32(groupRecords.count))
            groupRecords.append(contentsOf: builder.groups[k])
            groupEnd.append(Int32(groupRecords.count))
        }
        let spreadStart = Int32(spreads.count)
        for name in builder.spreadNames {
            let id = context.fragmentID(name) ?? -1
            if !spreads[Int(spreadStart)...].contains(id) { spreads.append(id) }
        }
        collections.append(
            Collection(
                keyStart: keyStart, keyEnd: Int32(keys.count), spreadStart: spreadStart,
                spreadEnd: Int32(spreads.count), spreadCount: Int32(builder.spreadNames.count)))
        return collections.count - 1
    }

    private struct CollectionBuilder {
        var keys: [Int32] = []
        var groups: [[Int32]] = []
        var spreadNames: [String] = []
    }

    private mutating func collect(
        _ parentType: Int32, _ selectionSet: SelectionSet, _ source: Int32,
        into builder: inout CollectionBuilder
    ) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                let name = intern(field.name.value)
                var owner: Int32 = -1
                var fieldIndex: Int32 = -1
                var shape: TypeShape?
                var parentIsObject = false
                if parentType >= 0 {
                    let kind = kinds[Int(parentType)]
                    parentIsObject = kind == .object
                    if kind == .object || kind == .interface {
                        let index = self.fieldIndex(parentType, name)
                        if index >= 0 {
                            owner = parentType
                            fieldIndex = index
                            shape = shapes[Int(fieldShapeIndex(parentType, index))]
                        }
                    }
                }
                let stream = field.directives.isEmpty ? nil : field.directives.first { $0.name.value == "stream" }
                let recordIndex = Int32(records.count)
                records.append(
                    FieldRecord(
                        parentType: parentType, parentIsObject: parentIsObject, name: name,
                        owner: owner, fieldIndex: fieldIndex, shape: shape,
                        isSimpleLeaf: field.arguments.isEmpty && field.selectionSet == nil && stream == nil,
                        hasStream: stream != nil))
                nodes.append(
                    FieldNode(
                        range: field.range, source: source, arguments: field.arguments,
                        selectionSet: field.selectionSet))
                if let stream { streamArgumentsByRecord[recordIndex] = stream.arguments }
                let responseKey = field.alias.map { intern($0.value) } ?? records[Int(recordIndex)].name
                let group = groupSlots[Int(responseKey)]
                if group >= 0 {
                    builder.groups[Int(group)].append(recordIndex)
                } else {
                    groupSlots[Int(responseKey)] = Int32(builder.keys.count)
                    builder.keys.append(responseKey)
                    builder.groups.append([recordIndex])
                }
            case .fragmentSpread(let spread):
                builder.spreadNames.append(spread.name.value)
            case .inlineFragment(let inline):
                let type = inline.typeCondition.map { schema.typeID(named: $0.value)?.index ?? -1 } ?? parentType
                collect(type, inline.selectionSet, source, into: &builder)
            }
        }
    }

    /// A field's index in its type by interned name, -1 when the type has no such field; cached,
    /// as the same fields are looked up again and again.
    private mutating func fieldIndex(_ type: Int32, _ name: Int32) -> Int32 {
        let a = UInt64(UInt32(bitPattern: type))
        let b = UInt64(UInt32(bitPattern: name))
        if let known = fieldIndexes.value(a, b) { return known - 1 }
        let index = Int32(schema.fieldPosition(interned[name], onTypeAt: Int(type)) ?? -1)
        fieldIndexes.set(a, b, to: index + 1)
        return index
    }

    /// The shape of a field's type, by its position in `shapes`.
    private mutating func fieldShapeIndex(_ type: Int32, _ index: Int32) -> Int32 {
        let a = UInt64(UInt32(bitPattern: type)) | 1 << 40
        let b = UInt64(UInt32(bitPattern: index))
        if let known = fieldIndexes.value(a, b) { return known }
        let shape = TypeShape(schema.types[Int(type)].fields[Int(index)].type)
        shapes.append(shape)
        fieldIndexes.set(a, b, to: Int32(shapes.count - 1))
        return Int32(shapes.count - 1)
    }

    private mutating func collectFragmentFields(_ fragmentID: Int) -> Int {
        let known = fragmentCollections[fragmentID]
        if known >= 0 { return known }
        let fragment = context.fragments[fragmentID]
        let parentType = schema.typeID(named: fragment.definition.typeCondition.value)?.index ?? -1
        let fields = collectFields(parentType, fragment.definition.selectionSet, fragment.source)
        fragmentCollections[fragmentID] = fields
        return fields
    }
}
