import Baton
import Foundation

/// The check's read of an image file: one read transaction on the read-only connection, held under
/// the file's read lock until `end()`. Names are looked up in the file's names table once each.
final class ImageFileRead: ImageRead, ImageReadAhead {
    private let file: ImageFile
    private let connection: SQLiteConnection
    private var readRecords: [String] = []
    private var readRootFields: [String] = []
    private var ended = false

    init(file: ImageFile, connection: SQLiteConnection) {
        self.file = file
        self.connection = connection
        // Names the file holds are known from its opening; failing that, the first read takes the
        // whole table at once (link keys are names: many of them).
        if file.readerNames.isEmpty, let all = try? connection.statement("SELECT id, text FROM baton_names") {
            while (try? all.step()) == true {
                let text = all.text(1) ?? ""
                file.readerNames[all.int(0)] = text
                file.readerNumbers[text] = all.int(0)
            }
            all.reset()
        }
    }

    private func name(_ number: Int) -> String? {
        if let known = file.readerNames[number] { return known }
        guard let statement = try? connection.statement("SELECT text FROM baton_names WHERE id = ?") else { return nil }
        statement.bind(1, number)
        defer { statement.reset() }
        guard (try? statement.step()) == true, let text = statement.text(0) else { return nil }
        file.readerNames[number] = text
        return text
    }

    private func blob(_ sql: String, _ key: String) -> [UInt8]? {
        guard let statement = try? connection.statement(sql) else { return nil }
        statement.bind(1, key)
        defer { statement.reset() }
        guard (try? statement.step()) == true else { return nil }
        return statement.blob(0)
    }

    var rowsReadAhead: Int { file.preloaded.count }

    func takeRecords() -> ReadAheadRecords? {
        defer { file.readAhead = nil }
        return file.readAhead
    }

    func used(_ key: String) { readRecords.append(key) }

    func row(_ key: String) -> ImageRow? {
        if let row = file.preloaded.removeValue(forKey: key) {
            readRecords.append(key)
            return row
        }
        // A key the names table does not hold has no row.
        guard let number = file.readerNumbers[key],
            let statement = try? connection.statement("SELECT row FROM baton_records WHERE id = ?")
        else { return nil }
        statement.bind(1, number)
        defer { statement.reset() }
        guard (try? statement.step()) == true else { return nil }
        let bytes = statement.blob(0)
        readRecords.append(key)
        return RowEncoding.decode(bytes, key: key, names: name)
    }

    func rootCell(_ field: String) -> ImageValue? {
        guard let bytes = blob("SELECT value FROM baton_root WHERE field = ?", field) else { return nil }
        readRootFields.append(field)
        return RowEncoding.decodeValue(bytes, names: name)
    }

    func fetchTime(_ root: String) -> Date? {
        guard let statement = try? connection.statement("SELECT date FROM baton_fetch_times WHERE root = ?") else {
            return nil
        }
        statement.bind(1, root)
        defer { statement.reset() }
        guard (try? statement.step()) == true else { return nil }
        return Date(timeIntervalSince1970: statement.double(0))
    }

    func memberships() -> [(type: String, abstractType: String)] {
        guard let statement = try? connection.statement("SELECT type, abstract FROM baton_memberships") else { return [] }
        defer { statement.reset() }
        var out: [(type: String, abstractType: String)] = []
        while (try? statement.step()) == true { out.append((statement.text(0) ?? "", statement.text(1) ?? "")) }
        return out
    }

    func recordKeys() -> [String] {
        texts("SELECT n.text FROM baton_records r JOIN baton_names n ON n.id = r.id ORDER BY n.text")
    }

    func rootFields() -> [String] { texts("SELECT field FROM baton_root ORDER BY field") }

    /// A query's texts; a file that cannot answer holds nothing for a dump.
    private func texts(_ sql: String) -> [String] {
        do {
            return try connection.texts(sql)
        } catch {
            return []
        }
    }

    func end() {
        guard !ended else { return }
        ended = true
        file.readEnded(records: readRecords, rootFields: readRootFields)
    }
}
