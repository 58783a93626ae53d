import Baton
import Foundation

/// The image over one SQLite file: opened off the main actor, written behind every server batch by
/// one writer (a serial queue, its own connection, WAL with `synchronous=NORMAL`, one transaction
/// per drain of the queue so the file always holds whole batches), read by the check through a
/// second, read-only connection inside one read transaction. A record's row is keyed by its key's
/// number in the names table, so a key's text is stored once however many rows link to it.
final class ImageFile: StoreImage, @unchecked Sendable {
    /// The schema and row format; an image of another one is started over.
    static let format = "baton-image-3"
    /// Smaller than SQLite's 4 KB default: the small tables take a page each.
    static let pageSize = 2048
    /// The rows (their encoded bytes) the opening reads ahead for the check, at most: decoded, they
    /// take a few times that in memory until the check takes them.
    static let preloadLimit = 2 << 20
    let persistence: Persistence
    var path: String { persistence.url.path }
    /// A file that did not exist when the store was made is never read (nothing to wait for).
    private let existed: Bool
    private let queue = DispatchQueue(label: "baton.image.writer")

    private enum State { case opening, open, unavailable, ending, ended }
    enum Work {
        case batch(ImageBatch)
        case forgetFetchTimes
        /// Rows the check read: they count as used in this launch.
        case used(records: [String], rootFields: [String])
    }

    // Guarded by `condition`.
    private let condition = NSCondition()
    private var state = State.opening
    private var pending: [Work] = []
    private var pendingRows = 0
    private var drainScheduled = false
    /// A locked or full file holds the writer up: reads miss meanwhile.
    private var blocked = false
    /// `removeAll()` ran: nothing more is written.
    private var dropped = false
    /// The queue overflowed: the image is emptied before the next write.
    private var startOver = false
    private var report: (@Sendable @MainActor (ImageReport) -> Void)?

    // The writer's, on `queue` only.
    private var writer: SQLiteConnection?
    private var names: [String: Int] = [:]
    private var namesByNumber: [Int: String] = [:]
    private var nextName = 1
    private var launch = 0

    // The reader's, under `readLock`.
    let readLock = NSLock()
    var reader: SQLiteConnection?
    var readerNames: [Int: String] = [:]
    /// Each name's number, for a row's key: every name the file holds or the writer is committing.
    var readerNumbers: [String: Int] = [:]
    /// Rows the opening read, decoded and resolved off the main actor, by key: the check takes each
    /// once; one the writer writes again leaves first.
    var preloaded: [String: ImageRow] = [:]
    /// The rows read ahead that were made into records off the main actor (they leave `preloaded`):
    /// the first check adopts them. Dropped whole when the writer writes one of their rows again.
    var readAhead: ReadAheadRecords?

    /// How many rows the opening read ahead and no check has taken yet (for tests of the limit).
    var rowsWaitingReadAhead: Int { readLock.withLock { preloaded.count + (readAhead?.keys.count ?? 0) } }

    init(_ persistence: Persistence) {
        self.persistence = persistence
        existed = FileManager.default.fileExists(atPath: persistence.url.path)
    }

    /// Ended and the file given back.
    var hasEnded: Bool {
        condition.lock()
        defer { condition.unlock() }
        return state == .ended
    }

    var isEnding: Bool {
        condition.lock()
        defer { condition.unlock() }
        return state == .ending || state == .ended
    }

    private func send(_ report: ImageReport) {
        condition.lock()
        let target = self.report
        condition.unlock()
        guard let target else { return }
        Task { @MainActor in target(report) }
    }

    // MARK: StoreImage

    func open(report: @escaping @Sendable @MainActor (ImageReport) -> Void) {
        condition.lock()
        self.report = report
        condition.unlock()
        queue.async { self.openFile() }
    }

    func write(_ batch: ImageBatch) {
        enqueue(.batch(batch), rows: batch.rowCount)
    }

    func forgetFetchTimes() { enqueue(.forgetFetchTimes, rows: 0) }

    private func enqueue(_ work: Work, rows: Int) {
        condition.lock()
        let accepted = !dropped && (state == .opening || state == .open)
        if accepted {
            pending.append(work)
            pendingRows += rows
        }
        let schedule = accepted && !drainScheduled && state == .open
        if schedule { drainScheduled = true }
        condition.unlock()
        if schedule { queue.async { self.drain() } }
        if !accepted, case .batch(let batch) = work { send(.written(through: batch.number)) }
    }

    func beginRead() -> (any ImageRead)? {
        guard existed else { return nil }
        condition.lock()
        let deadline = Date().addingTimeInterval(5)
        while state == .opening, condition.wait(until: deadline) {}
        let readable = state == .open && !blocked
        condition.unlock()
        guard readable else { return nil }
        readLock.lock()
        guard let reader, (try? reader.execute("BEGIN")) != nil else {
            readLock.unlock()
            return nil
        }
        return ImageFileRead(file: self, connection: reader)
    }

    /// The check's read ended (the read lock is released here).
    func readEnded(records: [String], rootFields: [String]) {
        try? reader?.execute("COMMIT")
        readLock.unlock()
        if !records.isEmpty || !rootFields.isEmpty {
            enqueue(.used(records: records, rootFields: rootFields), rows: 0)
        }
    }

    func close() {
        condition.lock()
        let wasLive = state == .opening || state == .open || state == .unavailable
        if wasLive { state = .ending }
        condition.unlock()
        guard wasLive else { return }
        queue.async {
            self.drain()
            // The writer closes last: the last connection checkpoints the log into the database.
            self.readLock.lock()
            self.reader?.close()
            self.reader = nil
            self.readLock.unlock()
            self.writer?.close()
            self.writer = nil
            self.condition.lock()
            self.state = .ended
            self.condition.broadcast()
            self.condition.unlock()
            ImageFiles.shared.release(self.path, by: self)
        }
    }

    func dropQueuedWork() {
        condition.lock()
        dropped = true
        pending.removeAll()
        pendingRows = 0
        condition.unlock()
    }

    // MARK: Opening

    private struct NotAnImage: Error {}

    private func openFile() {
        guard ImageFiles.shared.take(path, for: self) else {
            opened(false, event: .imageUnavailable)
            return
        }
        let url = persistence.url
        var hostile = false
        do {
            if FileManager.default.fileExists(atPath: ImageRemoval.marker(url).path) { try ImageRemoval.finish(url) }
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            do {
                try connect(fresh: !FileManager.default.fileExists(atPath: path))
            } catch let error as SQLiteError where error.isTransient {
                throw error
            } catch {
                // Not an image, or corrupt: a miss, and the image starts over.
                hostile = true
                writer?.close()
                writer = nil
                try ImageRemoval.finish(url)
                try connect(fresh: true)
            }
            let reader = try SQLiteConnection(path: path, readOnly: true)
            // Read ahead here, off the main actor, what the first check would read row by row.
            var rows = (try? preload()) ?? [:]
            let made = rows.isEmpty ? nil : ReadAheadRecords(rows: rows.values)
            if let made { for key in made.keys { rows[key] = nil } }
            readLock.lock()
            self.reader = reader
            // The names the writer loaded, so the check's first read does not load them on the main actor.
            readerNames = namesByNumber
            readerNumbers = names
            preloaded = rows
            readAhead = made
            readLock.unlock()
            opened(true, event: hostile ? .imageUnavailable : .imageOpened)
        } catch {
            writer?.close()
            writer = nil
            opened(false, event: .imageUnavailable)
            ImageFiles.shared.release(path, by: self)
        }
    }

    private func opened(_ success: Bool, event: LogEvent) {
        condition.lock()
        if state == .opening { state = success ? .open : .unavailable }
        if !success {
            pending.removeAll()
            pendingRows = 0
        }
        let schedule = success && !pending.isEmpty && !drainScheduled
        if schedule { drainScheduled = true }
        condition.broadcast()
        condition.unlock()
        send(.event(event))
        if schedule { queue.async { self.drain() } }
    }

    /// Opens the writer's connection and readies the file in the opening transaction: the schema,
    /// the cache rules (another format, version or protection empties it), this launch's number,
    /// eviction of rows unread for a whole launch, the size limit.
    private func connect(fresh: Bool) throws {
        let connection = try SQLiteConnection(path: path, readOnly: false)
        writer = connection
        try connection.execute("PRAGMA busy_timeout=100")
        // Only a file without pages takes another page size (before WAL mode is set).
        if fresh { try connection.execute("PRAGMA page_size=\(Self.pageSize)") }
        if !fresh {
            guard try connection.texts("PRAGMA quick_check") == ["ok"] else { throw NotAnImage() }
            let tables = try connection.texts("SELECT name FROM sqlite_master WHERE type='table'")
            guard tables.contains("baton_meta") else { throw NotAnImage() }
        }
        guard try connection.texts("PRAGMA journal_mode=WAL") == ["wal"] else { throw NotAnImage() }
        try connection.execute("PRAGMA synchronous=NORMAL")
        try connection.execute("BEGIN IMMEDIATE")
        do {
            try connection.execute(
                """
                CREATE TABLE IF NOT EXISTS baton_meta(name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
                CREATE TABLE IF NOT EXISTS baton_names(id INTEGER PRIMARY KEY, text TEXT NOT NULL);
                CREATE TABLE IF NOT EXISTS baton_records(id INTEGER PRIMARY KEY, launch INTEGER NOT NULL, row BLOB NOT NULL);
                CREATE TABLE IF NOT EXISTS baton_root(field TEXT PRIMARY KEY, launch INTEGER NOT NULL, value BLOB NOT NULL) WITHOUT ROWID;
                CREATE TABLE IF NOT EXISTS baton_fetch_times(root TEXT PRIMARY KEY, date REAL NOT NULL) WITHOUT ROWID;
                CREATE TABLE IF NOT EXISTS baton_memberships(type TEXT NOT NULL, abstract TEXT NOT NULL, PRIMARY KEY(type, abstract)) WITHOUT ROWID;
                """)
            var meta: [String: String] = [:]
            let read = try connection.statement("SELECT name, value FROM baton_meta")
            while try read.step() { meta[read.text(0) ?? ""] = read.text(1) ?? "" }
            let wanted = ["format": Self.format, "version": persistence.version, "protection": persistence.protection]
            if !meta.isEmpty, wanted.contains(where: { meta[$0.key] != $0.value }) {
                try empty(connection)
                meta = [:]
            }
            launch = (meta["launch"].flatMap { Int($0) } ?? 0) + 1
            var written = wanted
            written["launch"] = String(launch)
            for (name, value) in written {
                let statement = try connection.statement("INSERT OR REPLACE INTO baton_meta(name, value) VALUES(?, ?)")
                statement.bind(1, name)
                statement.bind(2, value)
                try statement.run()
            }
            // A row neither written nor read during the last launch leaves now.
            let changes = connection.totalChanges
            try connection.execute("DELETE FROM baton_records WHERE launch < \(launch - 1)")
            try connection.execute("DELETE FROM baton_root WHERE launch < \(launch - 1)")
            if try usedBytes(connection) > persistence.sizeLimit {
                try connection.execute("DELETE FROM baton_records WHERE launch < \(launch)")
                try connection.execute("DELETE FROM baton_root WHERE launch < \(launch)")
                if try usedBytes(connection) > persistence.sizeLimit { try empty(connection) }
            }
            // Names no row uses go with the rows that used them.
            if connection.totalChanges > changes { try collectNames(connection) }
            try connection.execute("COMMIT")
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
        names = [:]
        namesByNumber = [:]
        nextName = 1
        let statement = try connection.statement("SELECT id, text FROM baton_names")
        while try statement.step() {
            let number = statement.int(0)
            let text = statement.text(1) ?? ""
            names[text] = number
            namesByNumber[number] = text
            nextName = max(nextName, number + 1)
        }
    }

    /// Deletes the names no row and no root field names (as a type, a field or a link's type).
    private func collectNames(_ connection: SQLiteConnection) throws {
        var used: Set<Int> = []
        let mark = { (number: Int) -> String? in
            used.insert(number)
            return ""
        }
        let rows = try connection.statement("SELECT id, row FROM baton_records")
        while try rows.step() {
            used.insert(rows.int(0))
            _ = RowEncoding.decode(rows.blob(1), key: "", names: mark)
        }
        let root = try connection.statement("SELECT value FROM baton_root")
        while try root.step() { _ = RowEncoding.decodeValue(root.blob(0), names: mark) }
        var unused: [Int] = []
        let names = try connection.statement("SELECT id FROM baton_names")
        while try names.step() {
            if !used.contains(names.int(0)) { unused.append(names.int(0)) }
        }
        for number in unused {
            let delete = try connection.statement("DELETE FROM baton_names WHERE id = ?")
            delete.bind(1, number)
            try delete.run()
        }
    }

    /// The rows' bytes, as the size limit weighs them.
    private func usedBytes(_ connection: SQLiteConnection) throws -> Int {
        try connection.integer(
            "SELECT coalesce(sum(length(r.row)) + sum(length(n.text)), 0) FROM baton_records r JOIN baton_names n ON n.id = r.id")
            + connection.integer("SELECT coalesce(sum(length(value)) + sum(length(field)), 0) FROM baton_root")
    }

    /// Starts the image over inside the caller's transaction.
    private func empty(_ connection: SQLiteConnection) throws {
        try connection.execute(
            """
            DELETE FROM baton_records; DELETE FROM baton_root; DELETE FROM baton_fetch_times;
            DELETE FROM baton_memberships; DELETE FROM baton_names;
            """)
        names = [:]
        namesByNumber = [:]
        readLock.lock()
        readerNames = [:]
        readerNumbers = [:]
        preloaded = [:]
        readAhead = nil
        readLock.unlock()
    }

    /// Every row, decoded with its type's number and its cells' slots resolved, when the rows'
    /// bytes stay within `preloadLimit` (else none: the check reads them one by one).
    private func preload() throws -> [String: ImageRow] {
        guard let writer else { return [:] }
        var rows: [String: ImageRow] = [:]
        var bytes = 0
        // A type's slot by field number, resolved once per type and field.
        var slots: [Int32: [Int: Int32]] = [:]
        var types: [String: TypeID?] = [:]
        var fields: [Int] = []
        let statement = try writer.statement("SELECT id, row FROM baton_records")
        defer { statement.reset() }
        while try statement.step() {
            guard let key = namesByNumber[statement.int(0)] else { continue }
            let blob = statement.blob(1)
            bytes += blob.count
            if bytes > Self.preloadLimit { return [:] }
            fields.removeAll(keepingCapacity: true)
            guard var row = RowEncoding.decode(blob, key: key, names: { self.namesByNumber[$0] }, field: { fields.append($0) })
            else { continue }
            let type: TypeID?
            if let known = types[row.type] {
                type = known
            } else {
                type = Registry.existingType(row.type)
                types[row.type] = type
            }
            if let type {
                row.resolvedType = type
                row.resolvedSlots = fields.indices.map { index in
                    if let slot = slots[type.index]?[fields[index]] { return slot }
                    let slot = Registry.existingSlot(type, row.cells[index].field)?.index ?? ImageRow.unresolved
                    slots[type.index, default: [:]][fields[index]] = slot
                    return slot
                }
            }
            rows[key] = row
        }
        return rows
    }

    // MARK: Writing

    /// Writes everything queued as one transaction. A locked or full file keeps the work and tries
    /// again; work beyond `workLimit` rows is dropped and the image started again.
    private func drain() {
        condition.lock()
        let work = pending
        pending = []
        pendingRows = 0
        drainScheduled = false
        let emptyFirst = startOver
        condition.unlock()
        guard !work.isEmpty || emptyFirst, let writer else { return }
        var added: [String] = []
        do {
            try writer.execute("BEGIN IMMEDIATE")
            if emptyFirst { try empty(writer) }
            var written: [String] = []
            for item in work { try apply(item, writer, &added, &written) }
            // Before the commit, so a read that sees the rows knows their names, and does not take
            // a row read ahead that they replace.
            readLock.lock()
            for text in added {
                if let number = names[text] {
                    readerNumbers[text] = number
                    readerNames[number] = text
                }
            }
            if !preloaded.isEmpty {
                for key in written { preloaded[key] = nil }
            }
            // A record made from a row written again would show the old row: the check reads them
            // all from the file instead (rare: a batch written before the launch's first check).
            if let made = readAhead, written.contains(where: made.keys.contains) { readAhead = nil }
            readLock.unlock()
            try writer.execute("COMMIT")
        } catch {
            try? writer.execute("ROLLBACK")
            for text in added {
                if let number = names.removeValue(forKey: text) { namesByNumber[number] = nil }
            }
            failed(work, error)
            return
        }
        condition.lock()
        blocked = false
        if emptyFirst { startOver = false }
        condition.unlock()
        let batches = work.compactMap { item -> Int? in
            if case .batch(let batch) = item { return batch.number }
            return nil
        }
        if let last = batches.max() {
            send(.event(.imageWritten(batches: batches.count)))
            send(.written(through: last))
        }
    }

    private func failed(_ work: [Work], _ error: any Error) {
        send(.event(.imageWriteFailed))
        let transient = (error as? SQLiteError)?.isTransient ?? false
        condition.lock()
        var through: Int?
        if transient && !dropped {
            pending = work + pending
            pendingRows = pending.reduce(0) { total, item in
                if case .batch(let batch) = item { return total + batch.rowCount }
                return total
            }
            blocked = true
            if pendingRows > persistence.workLimit {
                through = Self.lastBatch(pending)
                pending.removeAll()
                pendingRows = 0
                startOver = true
            }
        } else {
            // Not a passing condition (a corrupt file): the work is dropped and the image starts again.
            through = Self.lastBatch(work)
            startOver = true
        }
        let retry = !drainScheduled && state != .ended
        if retry { drainScheduled = true }
        condition.unlock()
        if let through { send(.written(through: through)) }
        if retry { queue.asyncAfter(deadline: .now() + .milliseconds(100)) { self.drain() } }
    }

    private static func lastBatch(_ work: [Work]) -> Int? {
        work.compactMap { item -> Int? in
            if case .batch(let batch) = item { return batch.number }
            return nil
        }.max()
    }

    private func apply(_ work: Work, _ writer: SQLiteConnection, _ added: inout [String], _ written: inout [String]) throws {
        switch work {
        case .batch(let batch):
            // The change set's records become rows here, off the main actor.
            let batch = batch.resolved()
            written.append(contentsOf: batch.rows.lazy.map(\.key))
            try apply(batch, writer, &added)
        case .forgetFetchTimes:
            try writer.execute("DELETE FROM baton_fetch_times")
        case .used(let records, let rootFields):
            let record = try writer.statement("UPDATE baton_records SET launch = ? WHERE id = ?")
            for key in records {
                guard let number = names[key] else { continue }
                record.bind(1, launch)
                record.bind(2, number)
                try record.run()
            }
            let root = try writer.statement("UPDATE baton_root SET launch = ? WHERE field = ?")
            for field in rootFields {
                root.bind(1, launch)
                root.bind(2, field)
                try root.run()
            }
        }
    }

    private func apply(_ batch: ImageBatch, _ writer: SQLiteConnection, _ added: inout [String]) throws {
        var failure: (any Error)?
        func number(_ text: String) -> Int {
            if let known = self.names[text] { return known }
            let next = self.nextName
            self.nextName += 1
            do {
                let insert = try writer.statement("INSERT INTO baton_names(id, text) VALUES(?, ?)")
                insert.bind(1, next)
                insert.bind(2, text)
                try insert.run()
            } catch {
                failure = error
            }
            self.names[text] = next
            self.namesByNumber[next] = text
            added.append(text)
            return next
        }
        let select = try writer.statement("SELECT row FROM baton_records WHERE id = ?")
        for row in batch.rows {
            if row.isDeleted {
                // A key without a name has no row.
                guard let id = names[row.key] else { continue }
                let delete = try writer.statement("DELETE FROM baton_records WHERE id = ?")
                delete.bind(1, id)
                try delete.run()
                continue
            }
            var cells = row.cells
            if !row.replaces, let id = names[row.key] {
                select.bind(1, id)
                if try select.step() {
                    let bytes = select.blob(0)
                    select.reset()
                    // Merged: the batch's cells over the row's.
                    if let old = RowEncoding.decode(bytes, key: row.key, names: { self.namesByNumber[$0] }) {
                        let written = Set(cells.map(\.field))
                        cells += old.cells.filter { !written.contains($0.field) }
                    }
                } else {
                    select.reset()
                }
            }
            let bytes = RowEncoding.encode(
                ImageRow(key: row.key, type: row.type, cells: cells, replaces: true), names: number)
            let insert = try writer.statement("INSERT OR REPLACE INTO baton_records(id, launch, row) VALUES(?, ?, ?)")
            insert.bind(1, number(row.key))
            insert.bind(2, launch)
            insert.bind(3, bytes)
            try insert.run()
        }
        for (field, value) in batch.rootCells {
            if let value {
                let insert = try writer.statement("INSERT OR REPLACE INTO baton_root(field, launch, value) VALUES(?, ?, ?)")
                insert.bind(1, field)
                insert.bind(2, launch)
                insert.bind(3, RowEncoding.encode(value, names: number))
                try insert.run()
            } else {
                let delete = try writer.statement("DELETE FROM baton_root WHERE field = ?")
                delete.bind(1, field)
                try delete.run()
            }
        }
        for (root, date) in batch.fetchTimes {
            let insert = try writer.statement("INSERT OR REPLACE INTO baton_fetch_times(root, date) VALUES(?, ?)")
            insert.bind(1, root)
            insert.bind(2, date.timeIntervalSince1970)
            try insert.run()
        }
        for (type, abstractType) in batch.memberships {
            let insert = try writer.statement("INSERT OR IGNORE INTO baton_memberships(type, abstract) VALUES(?, ?)")
            insert.bind(1, type)
            insert.bind(2, abstractType)
            try insert.run()
        }
        if let failure { throw failure }
    }
}
