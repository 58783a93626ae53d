/// An object a response placed, by response path: what a later part of an incremental response
/// finds its record and selection by.
struct TrackedObject: Sendable {
    let key: String
    let type: TypeID
    let selection: ResolvedSelection
}

/// A connection page's merge: the connection record the page merges into, and how.
struct ConnectionMerge: Sendable {
    let connection: String
    let mode: MergeMode
}

/// A part the response announced in `pending` (the 2024 shape): its path and label.
struct PendingPart: Sendable {
    let path: [ResponseError.PathComponent]
    let label: String?
}

/// What an incremental response has placed so far: carried from each part to the next. Made by the
/// first part; each later part reads against it and adds what it placed.
public struct IncrementalState: Sendable {
    var objects: [String: TrackedObject] = [:]
    var pending: [String: PendingPart] = [:]
    /// The lists of records placed so far, by response path, with their lengths (`@stream` items
    /// announced by id land after them).
    var lists: [String: Int] = [:]
    /// The `@stream` lists of scalars placed so far, by response path, their values decoded.
    var scalarLists: [String: [IngestValue]] = [:]
    /// The paths of parts that named a place the response never had (dropped, and logged).
    public internal(set) var droppedParts: [String] = []
    /// The last part's `hasNext`: true while more parts are due (a stream that ends then ended early);
    /// nil when no part said (a server that answered in one piece).
    public internal(set) var hasNext: Bool?
    /// The connection pages placed so far, by response path (`@stream_connection` edges and deferred
    /// page info arrive in later parts and merge the page again).
    var merges: [String: ConnectionMerge] = [:]
}

extension Ingest {
    static let incrementalKey = Array("incremental".utf8)
    static let idKey = Array("id".utf8)
    static let labelKey = Array("label".utf8)
    static let subPathKey = Array("subPath".utf8)
    static let completedKey = Array("completed".utf8)
    static let itemsKey = Array("items".utf8)

    /// The first part of an incremental response (or a whole response to a plan with deferred
    /// parts): read as any response, remembering where every object landed.
    public static func firstPart(
        _ bytes: [UInt8], plan: Plan, variables: Variables = [:], complete: Bool
    ) throws(IngestError) -> (ChangeSet, IncrementalState) {
        var ingest = Ingest(bytes: bytes, complete: complete)
        ingest.tracked = [:]
        do {
            let changes = try ingest.run(
                plan.resolved(variables), rootKey: plan.kind.rootKey,
                rootType: plan.kind.rootType)
            return (
                changes,
                IncrementalState(
                    objects: ingest.tracked ?? [:], pending: ingest.pending, lists: ingest.lists,
                    scalarLists: ingest.scalarLists, hasNext: ingest.hasNext, merges: ingest.merges)
            )
        } catch let error as IngestError {
            throw IngestError(error.kind, error.message, at: min(error.offset, bytes.count), errors: error.errors)
        } catch {
            throw IngestError.malformed("\(error)", at: ingest.reader.position)
        }
    }

    /// A later part: each `incremental` item finds its object by its path (or its announced part's
    /// path and sub-path) and is read against that object's selection, with the record's key known.
    /// An item whose place the response never had is dropped and named in `state.droppedParts`.
    public static func laterPart(_ bytes: [UInt8], state: inout IncrementalState) throws(IngestError) -> ChangeSet {
        var ingest = Ingest(bytes: bytes, complete: false)
        ingest.tracked = state.objects
        ingest.pending = state.pending
        ingest.lists = state.lists
        ingest.scalarLists = state.scalarLists
        ingest.merges = state.merges
        do {
            try ingest.runLater(&state)
            state.objects = ingest.tracked ?? [:]
            state.pending = ingest.pending
            state.lists = ingest.lists
            state.scalarLists = ingest.scalarLists
            if let hasNext = ingest.hasNext { state.hasNext = hasNext }
            state.merges = ingest.merges
            return ingest.changes
        } catch let error as IngestError {
            throw IngestError(error.kind, error.message, at: min(error.offset, bytes.count), errors: error.errors)
        } catch {
            throw IngestError.malformed("\(error)", at: ingest.reader.position)
        }
    }

    private mutating func runLater(_ state: inout IncrementalState) throws {
        try reader.expect(0x7B, "a response part")
        var first = true
        while try reader.nextMember(first: first) {
            first = false
            let name = try reader.memberName()
            if reader.matches(name, Self.incrementalKey) {
                try reader.expect(0x5B, "a list of parts")
                var firstItem = true
                while try reader.nextElement(first: firstItem) {
                    firstItem = false
                    try readItem(&state)
                }
            } else if reader.matches(name, Self.pendingKey) {
                try readPending()
            } else if reader.matches(name, Self.completedKey) {
                try readCompleted()
            } else if reader.matches(name, Self.hasNextKey) {
                try readHasNext()
            } else {
                try reader.skipValue()
            }
        }
        reader.skipWhitespace()
        guard reader.position == reader.bytes.count else {
            throw IngestError.malformed("content after the response part", at: reader.position)
        }
        for id in finishedParts { pending[id] = nil }
        finishedParts.removeAll()
        if !itemErrors.isEmpty {
            var placement = ErrorPlacement(root: ResolvedSelection(type: .query, abstract: false), rootKey: "")
            placement.tracked = tracked ?? [:]
            placement.place(itemErrors, in: &changes)
        }
    }

    /// `completed: [{id, errors}]`: a part that failed. Its errors land on the fields the part would
    /// have filled (the fields of its label at its place), which stay missing.
    private mutating func readCompleted() throws {
        if try reader.readNull() { return }
        try reader.expect(0x5B, "a list of completed parts")
        var first = true
        while try reader.nextElement(first: first) {
            first = false
            try reader.expect(0x7B, "a completed part")
            var id: String?
            var errors: [ResponseError] = []
            var firstMember = true
            while try reader.nextMember(first: firstMember) {
                firstMember = false
                let name = try reader.memberName()
                if reader.matches(name, Self.idKey), try reader.peek() == 0x22 {
                    id = try reader.readString()
                } else if reader.matches(name, Self.errorsKey), try reader.peek() == 0x5B {
                    errors = try readErrorList()
                } else {
                    try reader.skipValue()
                }
            }
            guard let id, let part = pending[id] else { continue }
            // Forgotten once the whole part is read: its items may follow in this very part.
            finishedParts.append(id)
            guard let error = errors.first else { continue }
            guard let target = tracked?[Self.pathText(part.path)] else {
                changes.unplacedErrors.append(contentsOf: errors)
                continue
            }
            changes.add(target.key, target.type, [])
            let fieldError = FieldError(message: error.message, path: error.dottedPath, extensions: error.extensions)
            for field in target.selection.variant(for: target.type).fields where field.deferLabel == part.label {
                changes.attach(fieldError, to: target.key, field.slot.entry(on: target.type))
            }
        }
    }

    /// `hasNext`: a boolean; anything else is skipped as an unknown member would be.
    mutating func readHasNext() throws {
        switch try reader.peek() {
        case 0x74:
            try reader.literal("true")
            hasNext = true
        case 0x66:
            try reader.literal("false")
            hasNext = false
        default:
            try reader.skipValue()
        }
    }

    /// `pending: [{id, path, label}]`.
    mutating func readPending() throws {
        if try reader.readNull() { return }
        try reader.expect(0x5B, "a list of pending parts")
        var first = true
        while try reader.nextElement(first: first) {
            first = false
            try reader.expect(0x7B, "a pending part")
            var id: String?
            var path: [ResponseError.PathComponent] = []
            var label: String?
            var firstMember = true
            while try reader.nextMember(first: firstMember) {
                firstMember = false
                let name = try reader.memberName()
                if reader.matches(name, Self.idKey), try reader.peek() == 0x22 {
                    id = try reader.readString()
                } else if reader.matches(name, Self.pathKey), try reader.peek() == 0x5B {
                    path = try readPathComponents() ?? []
                } else if reader.matches(name, Self.labelKey), try reader.peek() == 0x22 {
                    label = try reader.readString()
                } else {
                    try reader.skipValue()
                }
            }
            if let id { pending[id] = PendingPart(path: path, label: label) }
        }
    }

    /// One item: its place first (scanning ahead, since `data` may come before `path`), then its data.
    private mutating func readItem(_ state: inout IncrementalState) throws {
        try reader.expect(0x7B, "a part")
        let start = reader.position
        var path: [ResponseError.PathComponent]?
        var id: String?
        var subPath: [ResponseError.PathComponent] = []
        var hasItems = false
        var first = true
        while try reader.nextMember(first: first) {
            first = false
            let name = try reader.memberName()
            if reader.matches(name, Self.pathKey), try reader.peek() == 0x5B {
                path = try readPathComponents()
            } else if reader.matches(name, Self.idKey), try reader.peek() == 0x22 {
                id = try reader.readString()
            } else if reader.matches(name, Self.subPathKey), try reader.peek() == 0x5B {
                subPath = try readPathComponents() ?? []
            } else if reader.matches(name, Self.errorsKey), try reader.peek() == 0x5B {
                itemErrors += try readErrorList()
            } else {
                if reader.matches(name, Self.itemsKey) { hasItems = true }
                try reader.skipValue()
            }
        }
        let end = reader.position
        if hasItems {
            try readItems(from: start, path: path, announced: id.flatMap { pending[$0] }, &state)
            reader.position = end
            return
        }
        var place = path
        if place == nil, let id, let announced = pending[id] { place = announced.path + subPath }
        let dotted = ResponseError(message: "", path: place).dottedPath
        let target = place.flatMap { tracked?[Self.pathText($0)] }
        reader.position = start
        first = true
        while try reader.nextMember(first: first) {
            first = false
            let name = try reader.memberName()
            if reader.matches(name, Self.dataKey), let target, try reader.peek() == 0x7B {
                let placeText = Self.pathText(place!)
                _ = try readObject(
                    target.selection, type: target.type, path: PathID(target.key), depth: 0,
                    responsePath: placeText, known: target)
                remerge(placeText, target.key)
            } else {
                try reader.skipValue()
            }
        }
        if target == nil { state.droppedParts.append(dotted) }
        reader.position = end
    }

    /// A `@stream` item: `items` for a list of records, placed from its index on. The 2022 shape's
    /// `path` ends with the first item's index; the 2024 shape names its announced list by `id` (a
    /// server may copy the list's path beside it), and its items follow those already placed. Each
    /// item is read against the list field's selection, keyed as the first part would have keyed it,
    /// and the list is written whole: what earlier parts placed, a hole for an index not come yet
    /// (a list shows records only, so the hole is skipped), and the new items. An item for a place
    /// the response never had is dropped and logged. A list of scalars takes its items in
    /// `readScalarItems`.
    private mutating func readItems(
        from start: Int, path: [ResponseError.PathComponent]?, announced: PendingPart?,
        _ state: inout IncrementalState
    ) throws {
        var listPath = announced?.path ?? path ?? []
        var first: Int?
        if announced == nil, case .index(let index)? = listPath.last {
            listPath.removeLast()
            first = index
        }
        let dotted = ResponseError(message: "", path: path ?? listPath).dottedPath
        let listText = Self.pathText(listPath)
        guard case .key(let fieldName)? = listPath.last,
            let parent = tracked?[Self.pathText(Array(listPath.dropLast()))],
            let field = parent.selection.variant(for: parent.type).fields.first(where: { $0.name == fieldName })
        else {
            state.droppedParts.append(dotted)
            return
        }
        let child: ResolvedSelection
        switch field.kind {
        case .link(let selection, plural: true):
            child = selection
        case .scalar(let kind, let levels) where levels > 0:
            if let earlier = scalarLists[listText] {
                try readScalarItems(
                    from: start, kind: kind, levels: levels, first: first, earlier: earlier,
                    listPath: listPath, parent: parent, field: field)
            } else {
                // The first part had no list there (null, or a list the plan does not stream).
                state.droppedParts.append(dotted)
            }
            return
        default:
            state.droppedParts.append(dotted)
            return
        }
        let offset = first ?? lists[listText] ?? 0
        let placed: [Int?] = try readItemList(from: start) { ingest, count in
            if try ingest.reader.readNull() { return nil }
            guard try ingest.reader.peek() == 0x7B else {
                throw IngestError.malformed("expected an object or null among a list's items", at: ingest.reader.position)
            }
            var pathID = PathID(parent.key, field.keyText)
            pathID.index = offset + count
            return try ingest.readObject(
                child, type: child.type, path: pathID, depth: 1, responsePath: listText + "." + String(offset + count))
        }
        let before = lists[listText] ?? 0
        changes.streamedLists.append(
            StreamedList(
                record: parent.key, type: parent.type, slot: field.entry(on: parent.type),
                expected: .links((0..<before).map { tracked?[listText + "." + String($0)]?.key }),
                path: ResponseError(message: "", path: listPath).dottedPath))
        let length = max(before, offset + placed.count)
        var keys: [Int?] = []
        keys.reserveCapacity(length)
        for index in 0..<length {
            if index >= offset, index < offset + placed.count {
                keys.append(placed[index - offset])
            } else if let element = tracked?[listText + "." + String(index)] {
                keys.append(changes.add(element.key, element.type, []))
            } else {
                keys.append(nil)
            }
        }
        lists[listText] = length
        changes.add(parent.key, parent.type, [(field.entry(on: parent.type), .links(keys))])
        remerge(Self.pathText(Array(listPath.dropLast())), parent.key)
    }

    /// `@stream` items of a list of scalars: the list is written whole, as it is with these items
    /// in place (from `first`, or after those already there), what earlier parts placed kept around
    /// them and null for an index not come yet. The values read are kept decoded for the next part.
    private mutating func readScalarItems(
        from start: Int, kind: ScalarKind, levels: Int, first: Int?, earlier: [IngestValue],
        listPath: [ResponseError.PathComponent], parent: TrackedObject, field: ResolvedField
    ) throws {
        let listText = Self.pathText(listPath)
        let offset = first ?? earlier.count
        let placed = try readItemList(from: start) { ingest, _ in
            let item = try kind == .custom ? ingest.readCustomList(levels: levels - 1) : ingest.readScalar(kind, depth: 1)
            return ingest.changes.decoded(item)
        }
        let slot = field.entry(on: parent.type)
        changes.streamedLists.append(
            StreamedList(
                record: parent.key, type: parent.type, slot: slot, expected: .values(earlier),
                path: ResponseError(message: "", path: listPath).dottedPath))
        let length = max(earlier.count, offset + placed.count)
        var values: [IngestValue] = []
        values.reserveCapacity(length)
        for index in 0..<length {
            if index >= offset, index < offset + placed.count {
                values.append(placed[index - offset])
            } else {
                values.append(index < earlier.count ? earlier[index] : .null)
            }
        }
        scalarLists[listText] = values
        changes.add(parent.key, parent.type, [(slot, .list(values))])
        remerge(Self.pathText(Array(listPath.dropLast())), parent.key)
    }

    /// The elements of a later part's `items`, each read by `read` (told how many came before it),
    /// the part's other members skipped.
    private mutating func readItemList<Item>(from start: Int, _ read: (inout Ingest, Int) throws -> Item) throws -> [Item] {
        var items: [Item] = []
        reader.position = start
        var firstMember = true
        while try reader.nextMember(first: firstMember) {
            firstMember = false
            let name = try reader.memberName()
            guard reader.matches(name, Self.itemsKey), try reader.peek() == 0x5B else {
                try reader.skipValue()
                continue
            }
            try reader.expect(0x5B, "a list of items")
            var firstItem = true
            while try reader.nextElement(first: firstItem) {
                firstItem = false
                items.append(try read(&self, items.count))
            }
        }
        return items
    }

    /// A later part added to a connection page (streamed edges, deferred page info): the page merges
    /// into its connection again, as the first part's did.
    private mutating func remerge(_ pagePath: String, _ pageKey: String) {
        guard let merge = merges[pagePath] else { return }
        changes.edits.append(.merge(page: pageKey, connection: merge.connection, mode: merge.mode))
    }

    /// The tracking key of a path: keys and indices joined by dots.
    static func pathText(_ path: [ResponseError.PathComponent]) -> String {
        path.map { component in
            switch component {
            case .key(let key): key
            case .index(let index): String(index)
            }
        }.joined(separator: ".")
    }
}
