import Foundation

/// The last semantic tokens sent for each document, so `full/delta` can answer with the
/// one edit that turns them into the new ones. Written and read on the request lane and the
/// loop thread, under a lock.
final class SemanticTokenResults: @unchecked Sendable {
    private let lock = NSLock()
    private var last: [String: (id: String, data: [Int])] = [:]
    private var counter = 0

    /// Records `data` as the latest for `uri`; its result id.
    func store(_ data: [Int], for uri: String) -> String {
        lock.withLock {
            counter += 1
            let id = String(counter)
            last[uri] = (id, data)
            return id
        }
    }

    /// The data sent for `uri` under `id`, if it is still the latest.
    func data(for uri: String, id: String) -> [Int]? {
        lock.withLock { last[uri].flatMap { $0.id == id ? $0.data : nil } }
    }

    func forget(_ uri: String) {
        lock.withLock { _ = last.removeValue(forKey: uri) }
    }

    /// One edit replacing what differs between `old` and `new` (their common prefix and suffix
    /// kept), or none when they are equal.
    static func edits(from old: [Int], to new: [Int]) -> [(start: Int, deleteCount: Int, data: ArraySlice<Int>)] {
        var prefix = 0
        while prefix < old.count && prefix < new.count && old[prefix] == new[prefix] { prefix += 1 }
        if prefix == old.count && prefix == new.count { return [] }
        var suffix = 0
        while suffix < old.count - prefix && suffix < new.count - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        return [(prefix, old.count - prefix - suffix, new[prefix..<(new.count - suffix)])]
    }
}
