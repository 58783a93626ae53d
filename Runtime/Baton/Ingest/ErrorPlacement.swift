/// Lands each error of a response on the last field its path reaches through the plan and the change
/// set: the walk stops at a null, at a link the response does not continue, or at a list index the
/// list does not have. An error that reaches no field stays with the response (unplaced).
struct ErrorPlacement {
    let root: ResolvedSelection
    let rootKey: String
    /// For a later part: the objects placed so far by response path, so a walk starts at the deepest
    /// one the error's path names instead of the root.
    var tracked: [String: TrackedObject] = [:]

    func place(_ errors: [ResponseError], in changes: inout ChangeSet) {
        for error in errors {
            if let (key, slot) = landing(of: error, in: changes) {
                let fieldError = FieldError(
                    message: error.message, path: error.dottedPath,
                    extensions: error.extensions)
                changes.attach(fieldError, to: key, slot)
            } else {
                changes.unplacedErrors.append(error)
            }
        }
    }

    private func landing(of error: ResponseError, in changes: ChangeSet) -> (String, EntrySlot)? {
        guard let path = error.path, !path.isEmpty else { return nil }
        var record = rootKey
        var selection = root
        var last: (String, EntrySlot)?
        var index = 0
        if !tracked.isEmpty {
            // A later part: start at the deepest object the path names that this part wrote.
            var found = false
            for length in stride(from: path.count - 1, through: 1, by: -1) {
                if let object = tracked[Ingest.pathText(Array(path[..<length]))], changes.type(of: object.key) != nil {
                    record = object.key
                    selection = object.selection
                    index = length
                    found = true
                    break
                }
            }
            if !found { return nil }
        }
        while index < path.count {
            guard case .key(let name) = path[index], let type = changes.type(of: record) else { break }
            let variant = selection.variant(for: type)
            let bytes = Array(name.utf8)
            guard let field = variant.fields.first(where: { $0.responseKey == bytes }) else { break }
            let slot = field.slot.entry(on: type)
            last = (record, slot)
            guard case .link(let child, _) = field.kind, let value = changes.value(record, slot) else { break }
            switch value {
            case .link(let next):
                record = changes.records[next].key
                selection = child
                index += 1
            case .links, .list:
                // A list of records, or of lists of them: one index a level down to a record.
                var level = value
                var next: Int?
                index += 1
                while next == nil {
                    guard index < path.count, case .index(let position) = path[index] else { return last }
                    switch level {
                    case .links(let elements) where elements.indices.contains(position):
                        guard let element = elements[position] else { return last }
                        next = element
                    case .list(let elements) where elements.indices.contains(position):
                        level = elements[position]
                    default:
                        return last
                    }
                    index += 1
                }
                record = changes.records[next!].key
                selection = child
            default:
                return last
            }
        }
        return last
    }
}
