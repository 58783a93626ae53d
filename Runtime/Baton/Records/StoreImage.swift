import Foundation

/// The store's image as the core sees it: rows written behind every server batch and read only by
/// the availability check. The core names no file format and links no database: `BatonImage`
/// provides one over SQLite (`Persistence`), and a store without one keeps memory alone.
public protocol StoreImage: AnyObject, Sendable {
    /// Starts opening the file off the main actor (the store calls it once, as it is made). What
    /// the image has to say (opened, unavailable, written, failed) goes to `report`.
    func open(report: @escaping @Sendable @MainActor (ImageReport) -> Void)
    /// Queues one server batch's rows, to be written behind by the image's one writer.
    func write(_ batch: ImageBatch)
    /// A read of the file inside one read transaction (the check's), or nil when the image cannot
    /// answer: the file did not exist when the store was made, it is unavailable, or its writer is
    /// held up by a locked or full file.
    func beginRead() -> (any ImageRead)?
    /// Forgets every fetch time (`invalidate()`): the image's data is stale from now on.
    func forgetFetchTimes()
    /// Gives the file back for good once the queued work is written (`end()`).
    func close()
}

/// One read transaction over the image, on the main actor for the length of one check.
public protocol ImageRead: AnyObject {
    /// A record's row, or nil when the image has none (or was told to forget it).
    func row(_ key: String) -> ImageRow?
    /// One field of the query root, which the image keeps one row per field.
    func rootCell(_ field: String) -> ImageValue?
    /// When an operation's data was last fetched (`RootKey.imageText`).
    func fetchTime(_ root: String) -> Date?
    /// The abstract types each concrete type satisfies, as responses taught them.
    func memberships() -> [(type: String, abstractType: String)]
    /// Every record key with a row, and every query root field with a row (for a dump).
    func recordKeys() -> [String]
    func rootFields() -> [String]
    /// Ends the read transaction and reports the rows read (they count as used in this launch).
    func end()
}

/// A read that holds rows read ahead of the check (`BatonImage`'s): how many, so the check makes
/// room for them at once, and those made into records off the main actor.
package protocol ImageReadAhead {
    var rowsReadAhead: Int { get }
    /// The records made from rows read ahead, once (nil after, or when none were made).
    func takeRecords() -> ReadAheadRecords?
    /// A check reached a record made from its row: the row counts as read in this launch.
    func used(_ key: String)
}

/// What an image tells its store, on the main actor.
public enum ImageReport: Sendable {
    /// A log event (`imageOpened`, `imageUnavailable`, `imageWritten`, `imageWriteFailed`).
    case event(LogEvent)
    /// Every batch numbered up to `through` is on disk (or dropped): its records may be collected.
    case written(through: Int)
}

/// A server batch as the image keeps it: the records it touched (whole, as the server left them),
/// the query root's cells it wrote, fetch times, and memberships. Links name their target's key.
public struct ImageBatch: Sendable {
    /// Numbers the store's batches, so the image reports which are written.
    public let number: Int
    public var rows: [ImageRow] = []
    /// The query root's fields this batch wrote; nil removes the field's row.
    public var rootCells: [(field: String, value: ImageValue?)] = []
    /// Operation roots (`RootKey.imageText`) and when they were fetched.
    public var fetchTimes: [(root: String, date: Date)] = []
    public var memberships: [(type: String, abstractType: String)] = []
    /// The server's change set, made into rows by `resolved()` off the main actor.
    var changes: ChangeSet?
    /// Records `rows` holds whole (snapshotted on the main actor): the change set's entries for
    /// them are not used.
    var snapshotted: Set<String> = []
    var transientTypes: Set<TypeID> = []
    var transientFields: Set<String> = []

    public init(number: Int) { self.number = number }

    /// The rows and root cells the batch writes (its change set counted, before `resolved()`).
    public var rowCount: Int { rows.count + rootCells.count + (changes?.records.count ?? 0) }
}

/// A record's row: its key and type, each slot that holds a value, and whether the batch's
/// snapshot replaces the row on disk (the check read it into memory, or the record was deleted)
/// rather than merging over it.
public struct ImageRow: Sendable {
    public let key: String
    public let type: String
    public var cells: [(field: String, value: ImageValue)]
    public var replaces: Bool
    public var isDeleted: Bool
    /// Set by an image that read the row off the main actor: the type's number and each cell's
    /// constant slot (`ImageRow.unresolved` where the process has none), so the check looks no name up.
    package var resolvedType: TypeID?
    package var resolvedSlots: [Int32] = []
    package static let unresolved = Int32.min

    public init(key: String, type: String, cells: [(field: String, value: ImageValue)], replaces: Bool, isDeleted: Bool = false) {
        self.key = key
        self.type = type
        self.cells = cells
        self.replaces = replaces
        self.isDeleted = isDeleted
    }
}

/// A slot's value in the image: a `Value` whose links name their target's key and type.
public indirect enum ImageValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case float(Double)
    case string(String)
    case link(ImageLink)
    case links([ImageLink?])
    case list([ImageValue])

    /// A list of links as the image keeps it (null entries kept), or nil when `link` refuses one
    /// (it names a transient record): the row then leaves the slot out.
    static func links<Target>(_ targets: [Target?], _ link: (Target) -> ImageLink?) -> ImageValue? {
        var links: [ImageLink?] = []
        links.reserveCapacity(targets.count)
        for target in targets {
            guard let target else {
                links.append(nil)
                continue
            }
            guard let kept = link(target) else { return nil }
            links.append(kept)
        }
        return .links(links)
    }

    /// The value a slot holds for this cell, each link the record `record` gives for it (the store's,
    /// or one made for it).
    func value(_ record: (ImageLink) -> Record) -> Value {
        switch self {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .int(number)
        case .float(let number): return .float(number)
        case .string(let text): return .string(text)
        case .link(let link): return .link(record(link))
        case .links(let links):
            var records: [Record?] = []
            records.reserveCapacity(links.count)
            for link in links {
                if let link { records.append(record(link)) } else { records.append(nil) }
            }
            return .links(records)
        case .list(let values): return .list(values.map { $0.value(record) })
        }
    }

    /// A list as the image keeps it, or nil when an element is refused.
    static func list<Element>(_ elements: [Element], _ value: (Element) -> ImageValue?) -> ImageValue? {
        var kept: [ImageValue] = []
        kept.reserveCapacity(elements.count)
        for element in elements {
            guard let element = value(element) else { return nil }
            kept.append(element)
        }
        return .list(kept)
    }
}

/// A link's target, by key and type name (the type makes the record before its row is read).
public struct ImageLink: Sendable, Equatable {
    public let key: String
    public let type: String
    /// The key's number in the file it was read from (-1: none), so a check finds a target it
    /// already found by index rather than by hashing the key again. Not part of equality.
    package var number = -1

    public init(key: String, type: String) {
        self.key = key
        self.type = type
    }

    public static func == (a: ImageLink, b: ImageLink) -> Bool { a.key == b.key && a.type == b.type }
}
