import BatonDiagnostics
import BatonSchema
import BatonSyntax

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fragment definition of any of the validated documents, with the source it was parsed from.
/// A class: rules and the walker read entries out of `fragments` many times a fragment, and
/// copying the whole definition each time cost more than the rule's work.
final class FragmentEntry {
    /// Index in `ValidationContext.fragments`, in document order.
    let id: Int
    let definition: FragmentDefinition
    let source: Source
    let document: Int
    /// The fragment's name as `ValidationContext.fragmentNameID` numbers it.
    let nameID: Int

    init(id: Int, definition: FragmentDefinition, source: Source, document: Int, nameID: Int) {
        self.id = id
        self.nameID = nameID
        self.definition = definition
        self.source = source
        self.document = document
    }

    var name: String { definition.name.value }
    func location(_ range: SourceRange) -> Location { Location(source: source, range: range) }
}

/// An operation of any of the validated documents.
struct OperationEntry {
    let id: Int
    let definition: OperationDefinition
    let source: Source
    let document: Int
}

/// A variable used somewhere in an operation or fragment, with the input type of its position.
struct VariableUsage {
    let name: String
    let location: Location
    /// The type expected where the variable is used, when known.
    let type: SchemaType?
    /// The type of the enclosing input position (the input object holding the field, the list
    /// holding the item).
    let parentType: SchemaType?
    /// Whether the position has a default value of its own.
    let hasDefaultValue: Bool
}

/// State shared by the rules of one validation: the schema, the documents' fragments and
/// operations, the type information of the current point of the traversal, and the findings.
final class ValidationContext {
    let schema: Schema
    let options: ValidationOptions
    let documents: [Document]
    /// Read by most rules at every node and written by the walker; never accessed overlapping,
    /// so the run-time exclusivity check (a thread-local lookup per access) is left out.
    @exclusivity(unchecked) var typeInfo: TypeInfo
    /// The source of the definition being traversed.
    var source: Source
    /// Index of the document being traversed.
    var documentIndex = 0

    /// Every fragment definition, in document order.
    let fragments: [FragmentEntry]
    /// Every operation, in document order.
    let operations: [OperationEntry]
    /// The fragment a spread of a name refers to: the last definition of that name, as in
    /// graphql-core, where a later duplicate replaces an earlier one. By interned name.
    private let fragmentNames: NameTable
    private let fragmentByName: [Int]
    /// Each fragment's type condition, when the schema has that type.
    let fragmentTypes: [TypeID?]

    /// Whether the @defer and @stream rules look at each directive (see `ValidationOptions`).
    let checksDefer: Bool
    let checksStream: Bool

    private(set) var diagnostics: [Diagnostic] = []
    /// Set when validation stops early (error limit, work budget, nesting too deep).
    private(set) var aborted = false

    init(schema: Schema, documents: [Document], options: ValidationOptions) {
        self.schema = schema
        self.options = options
        self.documents = documents
        // A selected field takes some 20 bytes of text, and about half are distinct (type, name)
        // pairs in large documents: an estimate on the high side.
        self.typeInfo = TypeInfo(schema: schema, expectedFields: documents.reduce(0) { $0 + $1.source.utf8.count } / 40)
        self.source = documents.first?.source ?? Source(name: "", text: "")
        var fragments: [FragmentEntry] = []
        var operations: [OperationEntry] = []
        var names = NameTable()
        var byName: [Int] = []
        for (d, document) in documents.enumerated() {
            for definition in document.definitions {
                switch definition {
                case .fragment(let fragment):
                    let nameID = Int(names.intern(fragment.name.value))
                    if nameID == byName.count { byName.append(fragments.count) } else { byName[nameID] = fragments.count }
                    fragments.append(
                        FragmentEntry(
                            id: fragments.count, definition: fragment, source: document.source,
                            document: d, nameID: nameID))
                case .operation(let operation):
                    operations.append(OperationEntry(id: operations.count, definition: operation, source: document.source, document: d))
                default:
                    break
                }
            }
        }
        self.fragments = fragments
        self.operations = operations
        self.fragmentNames = names
        self.fragmentByName = byName
        self.fragmentTypes = fragments.map { schema.typeID(named: $0.definition.typeCondition.value) }
        spreadsByFragment = Array(repeating: nil, count: fragments.count)
        spreadsByOperation = Array(repeating: nil, count: operations.count)
        spreadTargetsByFragment = Array(repeating: nil, count: fragments.count)
        usagesByFragment = Array(repeating: nil, count: fragments.count)
        usagesByOperation = Array(repeating: nil, count: operations.count)
        recursiveUsagesByOperation = Array(repeating: nil, count: operations.count)
        let always = !options.deferStreamRulesRequireSchemaDirectives
        self.checksDefer = always || schema.directive(named: "defer") != nil
        self.checksStream = always || schema.directive(named: "stream") != nil
    }

    // MARK: Reporting

    func location(_ range: SourceRange) -> Location { Location(source: source, range: range) }

    /// With the code's severity unless `severity` overrides it (only where the catalog allows).
    func report(_ code: DiagnosticCode, _ message: String, _ locations: [Location], severity: Severity? = nil) {
        guard !aborted else { return }
        if let limit = options.maxErrors, diagnostics.count >= limit {
            abort("Too many validation errors, error limit reached. Validation aborted.")
            return
        }
        diagnostics.append(Diagnostic(severity ?? code.severity, message, at: locations, code: code))
    }

    /// `prefix`, `name`, `suffix` as one string, made in one allocation: interpolating grew the
    /// string twice, which was most of the cost of a finding reported hundreds of times (an
    /// unused fragment in a target that defines many).
    static func message(_ prefix: StaticString, _ name: String, _ suffix: StaticString) -> String {
        var name = name
        return name.withUTF8 { name in
            let count = prefix.utf8CodeUnitCount + name.count + suffix.utf8CodeUnitCount
            return String(unsafeUninitializedCapacity: count) { buffer in
                // No local function appending to a captured position: that one was checked for
                // exclusive access at run time on each call.
                var position = prefix.withUTF8Buffer { copy($0, into: buffer, at: 0) }
                position = copy(name, into: buffer, at: position)
                return suffix.withUTF8Buffer { copy($0, into: buffer, at: position) }
            }
        }
    }

    /// Copies `part` into `buffer` from `position`; the position after it.
    private static func copy(
        _ part: UnsafeBufferPointer<UInt8>, into buffer: UnsafeMutableBufferPointer<UInt8>,
        at position: Int
    ) -> Int {
        _ = UnsafeMutableBufferPointer(rebasing: buffer[position...]).initialize(fromContentsOf: part)
        return position + part.count
    }

    /// Stops validation with one final diagnostic, as graphql-core's `ValidationAbortedError`.
    func abort(_ message: String = "Validation aborted.") {
        guard !aborted else { return }
        aborted = true
        diagnostics.append(Diagnostic(.validationAborted, message, at: []))
    }

    /// How deep rules have recursed through fragments and nested selections. Past the limit
    /// validation aborts, as graphql-core does when Python's recursion limit is reached, so odd
    /// input never overflows the stack.
    private var recursionDepth = 0
    static let maxRecursionDepth = 400

    /// Enters one level of recursion; false (and validation aborted) when too deep.
    func descend() -> Bool {
        if aborted { return false }
        if recursionDepth >= Self.maxRecursionDepth {
            abort()
            return false
        }
        recursionDepth += 1
        return true
    }

    func ascend() { recursionDepth -= 1 }

    // MARK: Fragments

    /// The id of the fragment a spread of `name` refers to.
    func fragmentID(_ name: String) -> Int? {
        fragmentNames.id(of: name).map { fragmentByName[Int($0)] }
    }

    /// A small number for each distinct fragment name (`0..<fragmentNameCount`), nil for a name
    /// no fragment has: rules keep per-name state in arrays rather than hashing names again.
    func fragmentNameID(_ name: String) -> Int? {
        fragmentNames.id(of: name).map { Int($0) }
    }

    var fragmentNameCount: Int { fragmentNames.count }

    func fragment(named name: String) -> FragmentEntry? {
        fragmentID(name).map { fragments[$0] }
    }

    // Caches by fragment or operation id (filled in `init`; arrays, not lazy properties, so
    // that writes stay in place).
    // Each read and written once per definition by rules, never overlapping: the run-time
    // exclusivity check cost more than the lookup.
    @exclusivity(unchecked) private var spreadsByFragment: [[FragmentSpread]?]
    @exclusivity(unchecked) private var spreadsByOperation: [[FragmentSpread]?]
    @exclusivity(unchecked) private var spreadTargetsByFragment: [[Int]?]

    /// The spreads in a selection set and its nested fields and inline fragments (not inside the
    /// spread fragments), in graphql-core's order: a selection set's own spreads first, then its
    /// nested selection sets last to first.
    static func spreads(in selectionSet: SelectionSet) -> [FragmentSpread] {
        var spreads: [FragmentSpread] = []
        var stack: [SelectionSet] = [selectionSet]
        while let set = stack.popLast() {
            for selection in set.selections {
                switch selection {
                case .fragmentSpread(let spread): spreads.append(spread)
                case .field(let field): if let nested = field.selectionSet { stack.append(nested) }
                case .inlineFragment(let inline): stack.append(inline.selectionSet)
                }
            }
        }
        return spreads
    }

    func spreads(of fragment: FragmentEntry) -> [FragmentSpread] {
        if let cached = spreadsByFragment[fragment.id] { return cached }
        let spreads =
            Self.mentionsSpread(fragment.source, fragment.definition.range)
            ? Self.spreads(in: fragment.definition.selectionSet) : []
        spreadsByFragment[fragment.id] = spreads
        return spreads
    }

    func spreads(of operation: OperationEntry) -> [FragmentSpread] {
        if let cached = spreadsByOperation[operation.id] { return cached }
        let spreads =
            Self.mentionsSpread(operation.source, operation.definition.range)
            ? Self.spreads(in: operation.definition.selectionSet) : []
        spreadsByOperation[operation.id] = spreads
        return spreads
    }

    /// The fragments a fragment spreads (not through others), as ids, each once, in order.
    private func spreadTargets(of fragment: Int) -> [Int] {
        if let cached = spreadTargetsByFragment[fragment] { return cached }
        var targets: [Int] = []
        for spread in spreads(of: fragments[fragment]) {
            if let id = fragmentID(spread.name.value), !targets.contains(id) { targets.append(id) }
        }
        spreadTargetsByFragment[fragment] = targets
        return targets
    }

    /// Results of `recursivelyReferencedFragments` by the set of names spread directly.
    private var referencedBySpreadNames: [Set<String>: [Int]] = [:]

    /// The fragments the operations reach through spreads, directly or not, each once, in the
    /// order graphql-core finds them (as ids). Like graphql-core, results are remembered by the
    /// set of names the operations spread directly, so two operations spreading the same
    /// fragments in different orders get the first one's order.
    func recursivelyReferencedFragments(_ operations: [OperationEntry]) -> [Int] {
        var names: [String] = []
        var nameSet = Set<String>()
        for operation in operations {
            for spread in spreads(of: operation) where nameSet.insert(spread.name.value).inserted {
                names.append(spread.name.value)
            }
        }
        if let cached = referencedBySpreadNames[nameSet] { return cached }
        var result: [Int] = []
        var seen = [Bool](repeating: false, count: fragments.count)
        for name in names {
            if let id = fragmentID(name), !seen[id] {
                seen[id] = true
                result.append(id)
            }
        }
        var i = 0
        while i < result.count {
            for id in spreadTargets(of: result[i]) where !seen[id] {
                seen[id] = true
                result.append(id)
            }
            i += 1
        }
        referencedBySpreadNames[nameSet] = result
        return result
    }

    // MARK: Variable usages

    @exclusivity(unchecked) private var usagesByFragment: [[VariableUsage]?]
    @exclusivity(unchecked) private var usagesByOperation: [[VariableUsage]?]
    @exclusivity(unchecked) private var recursiveUsagesByOperation: [[VariableUsage]?]

    func variableUsages(of fragment: FragmentEntry) -> [VariableUsage] {
        if let cached = usagesByFragment[fragment.id] { return cached }
        let definition = fragment.definition
        guard Self.mentionsDollar(fragment.source, definition.range) else {
            usagesByFragment[fragment.id] = []
            return []
        }
        var collector = VariableUsageCollector(schema: schema, source: fragment.source)
        collector.collect(fragment.definition)
        usagesByFragment[fragment.id] = collector.usages
        return collector.usages
    }

    func variableUsages(of operation: OperationEntry) -> [VariableUsage] {
        if let cached = usagesByOperation[operation.id] { return cached }
        let definition = operation.definition
        guard Self.mentionsDollar(operation.source, definition.range) else {
            usagesByOperation[operation.id] = []
            return []
        }
        var collector = VariableUsageCollector(schema: schema, source: operation.source)
        collector.collect(operation.definition)
        usagesByOperation[operation.id] = collector.usages
        return collector.usages
    }

    /// Whether a definition's text holds a `$` at all: without one it uses no variable, and the
    /// typed walk that finds usages is skipped (most fragments).
    static func mentionsDollar(_ source: Source, _ range: SourceRange) -> Bool {
        count(of: 0x24, in: source, range, upTo: 1) > 0
    }

    /// Whether a definition's text holds a `.` at all: without one it spreads nothing (a spread
    /// starts with `...`), and the walks that find spreads are skipped (most fragments).
    static func mentionsSpread(_ source: Source, _ range: SourceRange) -> Bool {
        count(of: 0x2E, in: source, range, upTo: 1) > 0
    }

    /// How many times a byte occurs in a definition's text, counting no further than `limit`
    /// (memchr, which scans many bytes at a time).
    static func count(of byte: UInt8, in source: Source, _ range: SourceRange, upTo limit: Int) -> Int {
        source.utf8.withUnsafeBufferPointer { bytes in
            let end = min(range.end, bytes.count)
            guard range.start >= 0, range.start < end, let base = bytes.baseAddress else { return 0 }
            var found = 0
            var position = base + range.start
            let stop = base + end
            while found < limit, position < stop,
                let hit = memchr(position, Int32(byte), stop - position)
            {
                found += 1
                position = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) + 1
            }
            return found
        }
    }

    /// The usages in an operation and in every fragment it reaches.
    func recursiveVariableUsages(of operation: OperationEntry) -> [VariableUsage] {
        if let cached = recursiveUsagesByOperation[operation.id] { return cached }
        var usages = variableUsages(of: operation)
        for id in recursivelyReferencedFragments([operation]) {
            usages.append(contentsOf: variableUsages(of: fragments[id]))
        }
        recursiveUsagesByOperation[operation.id] = usages
        return usages
    }
}
