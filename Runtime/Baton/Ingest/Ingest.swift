/// Reads a response's bytes into a change set by an operation's plan, in one pass, off the main
/// actor: the envelope's `data` and `errors`, every other member skipped; each object matched to its
/// selection's fields by response key; keys settled from key fields or the object's path.
public struct Ingest {
    /// Selections may nest this deep; deeper is malformed.
    public static let maximumDepth = 24

    /// The change set of `bytes` for `plan` under `variables`. `complete` is true for a server's
    /// response (an omitted field is malformed) and false for a payload committed by hand.
    public static func changeSet(
        _ bytes: [UInt8], plan: Plan, variables: Variables = [:], complete: Bool
    ) throws(IngestError) -> ChangeSet {
        var ingest = Ingest(bytes: bytes, complete: complete)
        do {
            return try ingest.run(
                plan.resolved(variables), rootKey: plan.kind.rootKey,
                rootType: plan.kind.rootType)
        } catch let error as IngestError {
            guard error.offset > bytes.count else { throw error }
            throw IngestError(error.kind, error.message, at: bytes.count, errors: error.errors)
        } catch {
            throw IngestError.malformed("\(error)", at: ingest.reader.position)
        }
    }

    var reader: ResponseReader
    let complete: Bool
    var changes: ChangeSet
    /// For a plan with deferred parts: every object read, by response path, so later parts find
    /// their place; and the parts the response announced (`pending`).
    var tracked: [String: TrackedObject]?
    var pending: [String: PendingPart] = [:]
    /// For a plan with deferred parts: each list of records read, by response path, with its length,
    /// so a streamed item (`@stream`) lands at its index among the elements already there.
    var lists: [String: Int] = [:]
    /// For a plan with deferred parts: each `@stream` list of scalars read, by response path, with
    /// its values decoded (a later part's bytes are not this part's), so streamed items extend it.
    var scalarLists: [String: [IngestValue]] = [:]
    /// The parts a later part's `completed` names, forgotten after the part.
    var finishedParts: [String] = []
    /// An incremental response's `hasNext`, when the part said.
    var hasNext: Bool?
    /// For a plan with deferred parts: each connection page read, by response path, with the
    /// connection record it merges into, so a later part that adds to the page merges it again.
    var merges: [String: ConnectionMerge] = [:]
    /// Errors carried by a later part's items, placed when the part is read.
    var itemErrors: [ResponseError] = []
    /// Type names by type number, filled as keys are composed, with their bytes and a `:` after them.
    private var typeNames: [(name: String, prefix: [UInt8])?] = []

    init(bytes: [UInt8], complete: Bool) {
        self.reader = ResponseReader(bytes)
        self.complete = complete
        self.changes = ChangeSet(bytes: bytes)
    }

    // MARK: Envelope

    mutating func run(_ root: ResolvedSelection, rootKey: String, rootType: TypeID) throws -> ChangeSet {
        try reader.expect(0x7B, "a response object")
        var sawData = false
        var dataNull = false
        var errors: [ResponseError] = []
        var sawErrors = false
        var first = true
        while try reader.nextMember(first: first) {
            first = false
            let name = try reader.memberName()
            if reader.matches(name, Self.dataKey) {
                sawData = true
                if try reader.readNull() {
                    dataNull = true
                } else {
                    changes.add(rootKey, rootType, [])
                    _ = try readObject(root, type: rootType, path: PathID(rootKey), depth: 0, responsePath: "")
                }
            } else if reader.matches(name, Self.errorsKey) {
                sawErrors = true
                if try !reader.readNull() { errors = try readErrors() }
            } else if tracked != nil, reader.matches(name, Self.pendingKey) {
                try readPending()
            } else if tracked != nil, reader.matches(name, Self.hasNextKey) {
                try readHasNext()
            } else {
                try reader.skipValue()
            }
        }
        reader.skipWhitespace()
        guard reader.position == reader.bytes.count else {
            throw IngestError.malformed("content after the response", at: reader.position)
        }
        if !sawData || dataNull {
            if sawErrors && !errors.isEmpty {
                throw IngestError(
                    .request, "the server answered with errors and no data",
                    at: reader.position, errors: errors)
            }
            throw IngestError.malformed(
                sawData ? "data is null without errors" : "no data and no errors",
                at: reader.position)
        }
        if !errors.isEmpty {
            ErrorPlacement(root: root, rootKey: rootKey).place(errors, in: &changes)
        }
        return changes
    }

    static let dataKey = Array("data".utf8)
    static let errorsKey = Array("errors".utf8)
    static let typenameKey = Array("__typename".utf8)
    static let messageKey = Array("message".utf8)
    static let pathKey = Array("path".utf8)
    static let hasNextKey = Array("hasNext".utf8)
    static let extensionsKey = Array("extensions".utf8)
    static let pendingKey = Array("pending".utf8)

    // MARK: Objects

    /// Reads the object at the cursor against `selection` and returns its record's key.
    /// `path` is its path id, composed only if it keys the object; `responsePath` is the object's
    /// path of response keys and indices, kept only when tracking; `known` is the record a later
    /// part's object is already known to be.
    mutating func readObject(
        _ selection: ResolvedSelection, type declared: TypeID, path pathID: PathID,
        depth: Int, responsePath: String, known: TrackedObject? = nil
    ) throws -> Int {
        guard depth <= Self.maximumDepth else {
            throw IngestError.malformed("selections nest deeper than \(Self.maximumDepth) levels", at: reader.position)
        }
        let objectStart = reader.position
        try reader.expect(0x7B, "an object")
        var type = declared
        var path = pathID
        if let known {
            type = known.type
        } else if selection.abstract {
            guard let name = try lookAheadTypename() else {
                throw IngestError.malformed("an object of an abstract type without __typename", at: objectStart)
            }
            type = Registry.type(name)
            path.concreteType = name
        }
        var variant = selection.variant(for: type)
        if !selection.isListed(type) && !selection.conditions.isEmpty {
            let answers = try lookAheadAnswers(selection)
            variant = selection.variant(for: type, answers: answers)
            for (condition, satisfied) in zip(selection.conditions, answers) where satisfied {
                changes.learn(type, condition.answer)
            }
        }
        var keyValues = KeyValues(count: variant.key.count)
        var ownKey: String? = known?.key ?? (variant.key.isEmpty ? path.text : nil)
        var entries: [(slot: EntrySlot, value: IngestValue)] = []
        entries.reserveCapacity(variant.fields.count)
        var seen = FieldsSeen(count: complete ? variant.fields.count : 0)
        var expected = 0
        var first = true
        while try reader.nextMember(first: first) {
            first = false
            // Members mostly come in the selection's order: the expected name is compared in place.
            let index: Int
            if expected < variant.fields.count, reader.takeMemberName(variant.fields[expected].responseKey) {
                try reader.expect(0x3A, "':'")
                index = expected
            } else {
                let name = try reader.memberName()
                guard let found = match(name, variant.fields, from: expected) else {
                    try reader.skipValue()
                    continue
                }
                index = found
            }
            expected = index + 1
            if complete { seen.insert(index) }
            let field = variant.fields[index]
            let slot = field.entry(on: type)
            switch field.kind {
            case .scalar(let kind, let levels):
                let keyPosition = variant.keyPosition[index]
                if kind == .custom {
                    let value = try levels > 0 ? readCustomList(levels: levels) : readCustom()
                    entries.append((slot, value))
                    if field.streamed, tracked != nil, case .list(let values) = value {
                        scalarLists[childPath(responsePath, field.name)] = values.map(changes.decoded)
                    }
                } else if keyPosition >= 0 {
                    let (value, text) = try readKeyScalar(kind)
                    keyValues[keyPosition] = text
                    entries.append((slot, value))
                } else {
                    let value = try readScalar(kind, depth: depth)
                    entries.append((slot, value))
                    if field.streamed, tracked != nil, case .list(let values) = value {
                        scalarLists[childPath(responsePath, field.name)] = values.map(changes.decoded)
                    }
                    if let edit = field.edit {
                        let id: String?
                        switch value {
                        case .string(let text): id = text
                        case .text(let range): id = changes.string(range)
                        case .int(let number): id = String(number)
                        default: id = nil
                        }
                        if let id {
                            if case .deleteEdge = edit {
                                changes.edits.append(.deleteEdge(id: id, connections: field.connectionIDs))
                            } else if edit == .deleteRecord {
                                changes.edits.append(.deleteRecord(id: id))
                            }
                        }
                    }
                }
            case .link(let child, let plural):
                if ownKey == nil {
                    ownKey = try lookAheadKey(variant, type: type, known: keyValues, path: path)
                }
                let base = PathID(ownKey!, field.keyText)
                if try reader.readNull() {
                    entries.append((slot, .null))
                } else if plural {
                    entries.append(
                        (
                            slot,
                            try readPlural(
                                child, base: base, depth: depth,
                                responsePath: childPath(responsePath, field.name))
                        ))
                } else {
                    guard try reader.peek() == 0x7B else {
                        throw IngestError.malformed("expected an object for '\(field.name)'", at: reader.position)
                    }
                    let page = try readObject(
                        child, type: child.type, path: base, depth: depth + 1,
                        responsePath: childPath(responsePath, field.name))
                    entries.append((slot, .link(page)))
                    let pageKey = changes.records[page].key
                    if let edit = field.edit, !field.connectionIDs.isEmpty {
                        switch edit {
                        case .appendEdge, .prependEdge:
                            let atEnd: Bool = if case .appendEdge = edit { true } else { false }
                            changes.edits.append(
                                .insert(
                                    record: pageKey, connections: field.connectionIDs,
                                    atEnd: atEnd, edgeType: nil))
                        case .appendNode(_, let edgeType), .prependNode(_, let edgeType):
                            let atEnd: Bool = if case .appendNode = edit { true } else { false }
                            changes.edits.append(
                                .insert(
                                    record: pageKey, connections: field.connectionIDs,
                                    atEnd: atEnd, edgeType: edgeType))
                        default: break
                        }
                    }
                    if let connection = field.connection {
                        // The page is the server's record; the client record it merges into hangs
                        // off the parent beside it.
                        let key = ownKey! + ":" + connection.keyText
                        let position = changes.add(key, changes.records[page].type, [])
                        entries.append((connection.slot.entry(on: type), .link(position)))
                        changes.edits.append(.merge(page: pageKey, connection: key, mode: connection.mode))
                        if tracked != nil {
                            merges[childPath(responsePath, field.name)] = ConnectionMerge(connection: key, mode: connection.mode)
                        }
                    }
                }
            }
        }
        if complete {
            for index in variant.required where !seen.contains(index) {
                throw IngestError.malformed(
                    "the response omits '\(variant.fields[index].name)'",
                    at: objectStart)
            }
        }
        let key = ownKey ?? composeKey(type, keyValues, path: path)
        let position = changes.add(key, type, entries)
        if tracked != nil { tracked![responsePath] = TrackedObject(key: key, type: type, selection: selection) }
        return position
    }

    private func childPath(_ parent: String, _ name: String) -> String {
        guard tracked != nil else { return "" }
        return parent.isEmpty ? name : parent + "." + name
    }

    private func match(_ name: MemberName, _ fields: [ResolvedField], from expected: Int) -> Int? {
        if expected < fields.count, reader.matches(name, fields[expected].responseKey) { return expected }
        for index in fields.indices where index != expected {
            if reader.matches(name, fields[index].responseKey) { return index }
        }
        return nil
    }

    private mutating func composeKey(_ type: TypeID, _ values: KeyValues, path: PathID) -> String {
        if values.count == 1 {
            // An object whose key field is null is keyed by its path, as Relay keys it.
            switch values[0] {
            case nil: return path.text
            case .decoded(let text): return typeName(type).name + ":" + text
            case .bytes(let range):
                // `Type:` and the value's bytes made into one string at once (most are small).
                let prefix = typeName(type).prefix
                return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: prefix.count + range.count) { buffer in
                    _ = buffer.initialize(from: prefix)
                    reader.bytes.withUnsafeBufferPointer { bytes in
                        _ = UnsafeMutableBufferPointer(rebasing: buffer[prefix.count...])
                            .initialize(from: UnsafeBufferPointer(rebasing: bytes[range]))
                    }
                    return String(decoding: buffer, as: UTF8.self)
                }
            }
        }
        var present: [String] = []
        for index in 0..<values.count {
            guard let value = values[index] else { return path.text }
            switch value {
            case .decoded(let text): present.append(text)
            case .bytes(let range): present.append(reader.text(range))
            }
        }
        return RecordKey.entity(typeName(type).name, present)
    }

    /// A type's name, kept for the response: the registry takes a lock per lookup.
    private mutating func typeName(_ type: TypeID) -> (name: String, prefix: [UInt8]) {
        let index = Int(type.index)
        if index < typeNames.count, let name = typeNames[index] { return name }
        if index >= typeNames.count { typeNames.append(contentsOf: repeatElement(nil, count: index + 1 - typeNames.count)) }
        let name = type.name
        typeNames[index] = (name, Array((name + ":").utf8))
        return typeNames[index]!
    }

    /// Scans the rest of the current object for `__typename`, leaving the cursor where it was.
    private mutating func lookAheadTypename() throws -> String? {
        let mark = reader.position
        defer { reader.position = mark }
        var first = true
        while try reader.nextMember(first: first) {
            first = false
            let name = try reader.memberName()
            if reader.matches(name, Self.typenameKey), try reader.peek() == 0x22 {
                return try reader.readString()
            }
            try reader.skipValue()
        }
        return nil
    }

    /// Which membership answers (`__isNode`) the rest of the current object carries.
    private mutating func lookAheadAnswers(_ selection: ResolvedSelection) throws -> [Bool] {
        let mark = reader.position
        defer { reader.position = mark }
        var answers = [Bool](repeating: false, count: selection.conditions.count)
        var first = true
        while try reader.nextMember(first: first) {
            first = false
            let name = try reader.memberName()
            for (index, condition) in selection.conditions.enumerated() where reader.matches(name, condition.answer) {
                answers[index] = try reader.peek() == 0x22
            }
            try reader.skipValue()
        }
        return answers
    }

    /// The object's key when a link is reached before its key fields: the rest of the object is
    /// scanned for them (the cursor is at the link's value), and the cursor put back.
    private mutating func lookAheadKey(
        _ variant: ResolvedVariant, type: TypeID, known: KeyValues,
        path: PathID
    ) throws -> String {
        var values = known
        if values.isIncomplete {
            let mark = reader.position
            defer { reader.position = mark }
            try reader.skipValue()
            while try reader.nextMember(first: false) {
                let name = try reader.memberName()
                if let position = variant.key.firstIndex(where: { reader.matches(name, $0) }),
                    values[position] == nil
                {
                    values[position] = try readKeyScalar(.id).1
                } else {
                    try reader.skipValue()
                }
            }
        }
        return composeKey(type, values, path: path)
    }

    private mutating func readPlural(
        _ child: ResolvedSelection, base: PathID, depth: Int,
        responsePath: String
    ) throws -> IngestValue {
        try reader.expect(0x5B, "a list")
        var keys: [Int?] = []
        var first = true
        while try reader.nextElement(first: first) {
            first = false
            if try reader.readNull() {
                keys.append(nil)
            } else if try reader.peek() == 0x7B {
                var path = base
                path.index = keys.count
                let elementPath = tracked == nil ? "" : responsePath + "." + String(keys.count)
                keys.append(
                    try readObject(
                        child, type: child.type, path: path, depth: depth + 1,
                        responsePath: elementPath))
            } else if try reader.peek() == 0x5B, !keys.contains(where: { $0 != nil }) {
                // A list of lists of records: the levels nest as the response nests.
                return try readNestedPlural(child, base: base, depth: depth, responsePath: responsePath, nulls: keys.count)
            } else {
                throw IngestError.malformed("expected an object or null in a list of records", at: reader.position)
            }
        }
        if tracked != nil { lists[responsePath] = keys.count }
        return .links(keys)
    }

    /// The rest of a list of lists of records, from its first list (after `nulls` nulls): each
    /// element a null or a list read as `readPlural` reads one (`.links`, or deeper `.list`s).
    private mutating func readNestedPlural(
        _ child: ResolvedSelection, base: PathID, depth: Int,
        responsePath: String, nulls: Int
    ) throws -> IngestValue {
        guard depth < Self.maximumDepth else {
            throw IngestError.malformed("lists nest deeper than \(Self.maximumDepth) levels", at: reader.position)
        }
        var values = [IngestValue](repeating: .null, count: nulls)
        repeat {
            if try reader.readNull() {
                values.append(.null)
            } else {
                var level = base
                level.index = values.count
                let path = PathID(level.text)
                let elementPath = tracked == nil ? "" : responsePath + "." + String(values.count)
                values.append(try readPlural(child, base: path, depth: depth + 1, responsePath: elementPath))
            }
        } while try reader.nextElement(first: false)
        return .list(values)
    }

    // MARK: Scalars

    /// A key field's value and its text: a string's contents or a number as the server wrote it.
    private mutating func readKeyScalar(_ kind: ScalarKind) throws -> (IngestValue, KeyText?) {
        let byte = try reader.peek()
        if byte == 0x22 {
            if let range = reader.plainStringRange() { return (.text(range), .bytes(range)) }
            let text = try reader.readString()
            return (.string(text), .decoded(text))
        }
        if byte == 0x2D || (0x30...0x39).contains(byte) {
            let mark = reader.position
            let (range, _) = try reader.readNumber()
            reader.position = mark
            return (try readScalar(kind, depth: 0), .bytes(range))
        }
        return (try readScalar(kind, depth: 0), nil)
    }

    /// A custom scalar: a string's contents, null, or any other token's exact text.
    private mutating func readCustom() throws -> IngestValue {
        let byte = try reader.peek()
        if byte == 0x22 { return try readText() }
        if try reader.readNull() { return .null }
        return .text(try reader.rawValueRange())
    }

    /// A string token: the range of its bytes when they are its contents (no escape), else decoded.
    @inline(__always)
    private mutating func readText() throws -> IngestValue {
        if let range = reader.plainStringRange() { return .text(range) }
        return .string(try reader.readString())
    }

    /// A list of a custom scalar, `levels` deep: below the last level a list is the scalar's text.
    mutating func readCustomList(levels: Int) throws -> IngestValue {
        if try reader.readNull() { return .null }
        guard try reader.peek() == 0x5B, levels > 0 else { return try readCustom() }
        guard levels <= Self.maximumDepth else {
            throw IngestError.malformed("lists nest deeper than \(Self.maximumDepth) levels", at: reader.position)
        }
        reader.position += 1
        var values: [IngestValue] = []
        var first = true
        while try reader.nextElement(first: first) {
            first = false
            values.append(try readCustomList(levels: levels - 1))
        }
        return .list(values)
    }

    mutating func readScalar(_ kind: ScalarKind, depth: Int) throws -> IngestValue {
        let byte = try reader.peek()
        switch byte {
        case 0x22: return try readText()
        case 0x6E:
            try reader.literal("null")
            return .null
        case 0x74:
            try reader.literal("true")
            return .bool(true)
        case 0x66:
            try reader.literal("false")
            return .bool(false)
        case 0x5B:
            guard depth < Self.maximumDepth else {
                throw IngestError.malformed("lists nest deeper than \(Self.maximumDepth) levels", at: reader.position)
            }
            reader.position += 1
            var values: [IngestValue] = []
            var first = true
            while try reader.nextElement(first: first) {
                first = false
                values.append(try readScalar(kind, depth: depth + 1))
            }
            return .list(values)
        case 0x2D, 0x30...0x39:
            let start = reader.position
            let (range, integer) = try reader.readNumber()
            return try number(kind, range, integer: integer, at: start)
        case 0x7B:
            // An object where a scalar is expected: kept as its text, which no typed read accepts.
            return .text(try reader.rawValueRange())
        default:
            throw IngestError.malformed("unexpected character", at: reader.position)
        }
    }

    private func number(_ kind: ScalarKind, _ range: Range<Int>, integer: Bool, at start: Int) throws -> IngestValue {
        switch kind {
        case .float:
            return .float(reader.double(range))
        case .int:
            if integer {
                guard let value = reader.int64(range) else {
                    throw IngestError.malformed("an Int beyond the 64-bit range", at: start)
                }
                return .int(value)
            }
            // A whole-number float reads as that int; anything else is not an Int.
            let value = reader.double(range)
            guard value.rounded(.towardZero) == value, value >= -9.223372036854775808e18,
                value < 9.223372036854775808e18
            else {
                throw IngestError.malformed("an Int with a fraction or beyond the 64-bit range", at: start)
            }
            return .int(Int(value))
        default:
            if integer, let value = reader.int64(range) { return .int(value) }
            return .float(reader.double(range))
        }
    }

    // MARK: Errors

    mutating func readErrorList() throws -> [ResponseError] { try readErrors() }

    private mutating func readErrors() throws -> [ResponseError] {
        try reader.expect(0x5B, "a list of errors")
        var errors: [ResponseError] = []
        var first = true
        while try reader.nextElement(first: first) {
            first = false
            errors.append(try readError())
        }
        return errors
    }

    private mutating func readError() throws -> ResponseError {
        try reader.expect(0x7B, "an error object")
        var message = ""
        var path: [ResponseError.PathComponent]?
        var extensions: String?
        var first = true
        while try reader.nextMember(first: first) {
            first = false
            let name = try reader.memberName()
            if reader.matches(name, Self.messageKey), try reader.peek() == 0x22 {
                message = try reader.readString()
            } else if reader.matches(name, Self.pathKey), try reader.peek() == 0x5B {
                path = try readPathComponents()
            } else if reader.matches(name, Self.extensionsKey) {
                extensions = try reader.rawValueText()
            } else {
                try reader.skipValue()
            }
        }
        return ResponseError(message: message, path: path, extensions: extensions)
    }

    /// An error's path; nil when a component is neither a string nor an integer.
    mutating func readPathComponents() throws -> [ResponseError.PathComponent]? {
        try reader.expect(0x5B, "a path")
        var components: [ResponseError.PathComponent] = []
        var valid = true
        var first = true
        while try reader.nextElement(first: first) {
            first = false
            let byte = try reader.peek()
            if byte == 0x22 {
                components.append(.key(try reader.readString()))
            } else if byte == 0x2D || (0x30...0x39).contains(byte) {
                let (range, integer) = try reader.readNumber()
                if integer, let index = reader.int64(range) {
                    components.append(.index(index))
                } else {
                    valid = false
                }
            } else {
                valid = false
                try reader.skipValue()
            }
        }
        return valid ? components : nil
    }
}

/// An object's path id (its parent's key, the field's storage key, its index in a plural link, its
/// concrete type under an abstract selection), composed only when it keys the object: most objects
/// have a key, and composing every path would cost a string each.
struct PathID {
    let parent: String
    let field: String?
    var index: Int?
    var concreteType: String?

    init(_ parent: String, _ field: String? = nil) {
        self.parent = parent
        self.field = field
    }

    /// `parent[:field][:index][:concreteType]`, as `RecordKey.path` spells it; a nested list's level
    /// is a path without a field whose elements add their index.
    var text: String {
        guard let field else {
            var out = parent
            if let index { out += ":" + String(index) }
            if let concreteType { out += ":" + concreteType }
            return out
        }
        return RecordKey.path(parent: parent, storageKey: field, index: index, concreteType: concreteType)
    }
}

extension Ingest {
    /// The errors of a response with errors and no (or null) data, as a request error carries them;
    /// nil for any other response, or for bytes that are not a response object. For a transport that
    /// must tell a request error from a failure before any plan reads the bytes.
    static func requestErrors(_ bytes: [UInt8]) -> [ResponseError]? {
        var ingest = Ingest(bytes: bytes, complete: false)
        do {
            try ingest.reader.expect(0x7B, "a response object")
            var hasData = false
            var errors: [ResponseError] = []
            var first = true
            while try ingest.reader.nextMember(first: first) {
                first = false
                let name = try ingest.reader.memberName()
                if ingest.reader.matches(name, dataKey) {
                    if try !ingest.reader.readNull() {
                        hasData = true
                        try ingest.reader.skipValue()
                    }
                } else if ingest.reader.matches(name, errorsKey) {
                    if try !ingest.reader.readNull() { errors = try ingest.readErrorList() }
                } else {
                    try ingest.reader.skipValue()
                }
            }
            return hasData || errors.isEmpty ? nil : errors
        } catch {
            return nil
        }
    }
}
