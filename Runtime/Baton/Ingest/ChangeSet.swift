import Foundation

/// A value as the ingest read it, before the commit finds records: a link is the position of its
/// record in the change set's `records`, so the commit finds it without hashing a key.
public enum IngestValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case float(Double)
    case string(String)
    /// Text that is its response bytes as they are (a string without escapes, a custom scalar's
    /// token): the range of those bytes in the change set's `bytes`. It stays undecoded until the
    /// commit finds the slot holds something else, so an equal string is compared, never allocated.
    case text(Range<Int>)
    case link(Int)
    case links([Int?])
    case list([IngestValue])
}

/// A slot as the ingest names it: a constant's number on the record's type, or a rendered key's
/// text, which the store numbers at the commit.
public enum EntrySlot: Hashable, Sendable {
    case fixed(Int32)
    case rendered(String)
}

/// An edit a change set carries beside its records.
public enum ChangeEdit: Sendable, Equatable {
    /// Delete the one live record of any type keyed by this id.
    case deleteRecord(id: String)
    /// Insert an edge (a copy of `record`) or a new edge of `edgeType` for the node `record`.
    case insert(record: String, connections: [String], atEnd: Bool, edgeType: TypeID?)
    /// Remove every edge whose node has the id.
    case deleteEdge(id: String, connections: [String])
    /// Merge a connection field's page into the connection record.
    case merge(page: String, connection: String, mode: MergeMode)
}

/// What a response writes into one record.
public struct RecordChange: Sendable {
    public let key: String
    public let type: TypeID
    public internal(set) var entries: [(slot: EntrySlot, value: IngestValue)]
    public internal(set) var errors: [(slot: EntrySlot, error: FieldError)]

    /// Later entries over these: a slot already written takes the later value in its place.
    mutating func merge(_ later: [(slot: EntrySlot, value: IngestValue)]) {
        let earlier = entries.count
        // Met again through the same selection (an episode of many characters): the slots come in
        // the same order, so each value takes its place there. A slot written twice keeps its last
        // value last, which is what the commit (writing in order) ends with.
        if later.count == earlier {
            var index = 0
            while index < earlier, entries[index].slot == later[index].slot { index += 1 }
            if index == earlier {
                for index in later.indices { entries[index].value = later[index].value }
                return
            }
        }
        for entry in later {
            // The last entry of the slot is the one the commit would keep (an object may write a slot
            // twice, through two aliases of one field).
            if let position = entries[..<earlier].lastIndex(where: { $0.slot == entry.slot }) {
                entries[position].value = entry.value
            } else {
                entries.append(entry)
            }
        }
    }
}

/// The ingest's output: every record the response writes, grouped by record in the order first met,
/// and the errors that landed on no field. Built off the main actor; committed on it in one batch.
public struct ChangeSet: Sendable {
    public internal(set) var records: [RecordChange] = []
    public internal(set) var unplacedErrors: [ResponseError] = []
    /// The lists a later part's `@stream` items extend, each with the element keys the response left
    /// in it before this part: another commit that changed the list since makes the part stale.
    var streamedLists: [StreamedList] = []
    /// Memberships the response taught for types the plan did not list: the type satisfies the
    /// abstract type named after `__is` in the answer's response key.
    public internal(set) var memberships: [(type: TypeID, abstractType: String)] = []
    /// Edits, applied after the records' entries, in order.
    public internal(set) var edits: [ChangeEdit] = []
    /// The response the `text` values are ranges of.
    public internal(set) var bytes: [UInt8] = []
    var index: [String: Int] = [:]

    /// Nothing to write: a later part whose every item was dropped makes no batch.
    var isEmpty: Bool { records.isEmpty && unplacedErrors.isEmpty && memberships.isEmpty && edits.isEmpty }

    public init() {}

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Adds entries to the record `key` (made on first mention) and returns its position. A record
    /// met again (an episode shared by many characters) keeps one entry per slot, the last value
    /// read: what the commit would leave there, without writing every earlier one.
    @discardableResult
    mutating func add(
        _ key: String, _ type: TypeID,
        _ entries: [(slot: EntrySlot, value: IngestValue)]
    ) -> Int {
        if let position = index[key] {
            if !entries.isEmpty { records[position].merge(entries) }
            return position
        }
        index[key] = records.count
        records.append(RecordChange(key: key, type: type, entries: entries, errors: []))
        return records.count - 1
    }

    /// `value` with its text decoded to a string, in lists too (for dumps and tests).
    public func decoded(_ value: IngestValue) -> IngestValue {
        switch value {
        case .text(let range): .string(string(range))
        case .list(let values): .list(values.map(decoded))
        default: value
        }
    }

    /// The string a `text` value's bytes spell (ill-formed UTF-8 repaired, as every read string is).
    func string(_ range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// Whether a `text` value's bytes are those of `string` (equal bytes are equal strings; unequal
    /// bytes may still be canonically equal, which the caller decides on the decoded string).
    @inline(__always) func bytes(_ range: Range<Int>, equal string: String) -> Bool {
        // A native string's bytes are read where they lie (`withUTF8` would need a mutable copy).
        let equal = string.utf8.withContiguousStorageIfAvailable { utf8 in
            guard utf8.count == range.count else { return false }
            if utf8.isEmpty { return true }
            return bytes.withUnsafeBufferPointer { buffer in
                memcmp(buffer.baseAddress! + range.lowerBound, utf8.baseAddress!, utf8.count) == 0
            }
        }
        return equal ?? string.utf8.elementsEqual(bytes[range])
    }

    mutating func learn(_ type: TypeID, _ answer: [UInt8]) {
        let prefix = Array("__is".utf8)
        guard answer.starts(with: prefix) else { return }
        let name = String(decoding: answer.dropFirst(prefix.count), as: UTF8.self)
        if !memberships.contains(where: { $0.type == type && $0.abstractType == name }) {
            memberships.append((type, name))
        }
    }

    /// The value last written to `slot` of `key`, if the set writes it.
    func value(_ key: String, _ slot: EntrySlot) -> IngestValue? {
        guard let position = index[key] else { return nil }
        for entry in records[position].entries.reversed() where entry.slot == slot {
            return entry.value
        }
        return nil
    }

    func type(of key: String) -> TypeID? {
        index[key].map { records[$0].type }
    }

    mutating func attach(_ error: FieldError, to key: String, _ slot: EntrySlot) {
        guard let position = index[key] else { return }
        records[position].errors.append((slot, error))
    }
}

/// A list `@stream` items extend: where it is, and what the response had placed in it.
struct StreamedList: Sendable {
    /// A list of records' element keys, or a list of scalars' values (decoded).
    enum Contents: Sendable {
        case links([String?])
        case values([IngestValue])
    }

    let record: String
    let type: TypeID
    let slot: EntrySlot
    let expected: Contents
    /// The list's response path, for the log when the part is dropped.
    let path: String
}
