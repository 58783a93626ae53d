import CSQLite
import Foundation

/// A SQLite result code that is not success, with the connection's message.
struct SQLiteError: Error, CustomStringConvertible {
    let code: Int32
    let message: String

    /// The file is locked by another connection or full: the writer waits and keeps its work.
    var isTransient: Bool {
        let primary = code & 0xff
        return primary == SQLITE_BUSY || primary == SQLITE_LOCKED || primary == SQLITE_FULL
    }

    var description: String { "SQLite \(code): \(message)" }
}

/// One connection, used by one thread at a time (its owner's lock or queue says which).
final class SQLiteConnection {
    private(set) var handle: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]

    init(path: String, readOnly: Bool) throws(SQLiteError) {
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        var db: OpaquePointer?
        let code = sqlite3_open_v2(path, &db, flags, nil)
        guard code == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(db)
            throw SQLiteError(code: code, message: message)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
    }

    deinit { close() }

    func close() {
        for statement in statements.values { sqlite3_finalize(statement) }
        statements.removeAll()
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    private func error(_ code: Int32) -> SQLiteError {
        SQLiteError(code: code, message: handle.map { String(cString: sqlite3_errmsg($0)) } ?? "closed")
    }

    /// Runs statements that return nothing.
    func execute(_ sql: String) throws(SQLiteError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code) }
    }

    /// A prepared statement, kept for the connection's life.
    func statement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let kept = statements[sql] {
            sqlite3_reset(kept)
            sqlite3_clear_bindings(kept)
            return SQLiteStatement(pointer: kept, connection: self)
        }
        var pointer: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &pointer, nil)
        guard code == SQLITE_OK, let pointer else { throw error(code) }
        statements[sql] = pointer
        return SQLiteStatement(pointer: pointer, connection: self)
    }

    /// The rows of a query's first column as text.
    func texts(_ sql: String) throws(SQLiteError) -> [String] {
        let statement = try statement(sql)
        var out: [String] = []
        while try statement.step() { out.append(statement.text(0) ?? "") }
        return out
    }

    /// Rows inserted, changed or deleted since the connection opened.
    var totalChanges: Int { Int(sqlite3_total_changes(handle)) }

    func integer(_ sql: String) throws(SQLiteError) -> Int {
        let statement = try statement(sql)
        guard try statement.step() else { return 0 }
        return statement.int(0)
    }

    fileprivate func fail(_ code: Int32) -> SQLiteError { error(code) }
}

/// A prepared statement's bindings, steps and columns.
struct SQLiteStatement {
    let pointer: OpaquePointer
    let connection: SQLiteConnection

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    func bind(_ index: Int32, _ text: String) {
        sqlite3_bind_text(pointer, index, text, -1, Self.transient)
    }

    func bind(_ index: Int32, _ number: Int) {
        sqlite3_bind_int64(pointer, index, Int64(number))
    }

    func bind(_ index: Int32, _ number: Double) {
        sqlite3_bind_double(pointer, index, number)
    }

    func bind(_ index: Int32, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            _ = sqlite3_bind_blob(pointer, index, buffer.baseAddress, Int32(buffer.count), Self.transient)
        }
    }

    /// True while a row is there to read.
    func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(pointer)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            sqlite3_reset(pointer)
            throw connection.fail(code)
        }
    }

    /// Runs a statement that returns no rows.
    func run() throws(SQLiteError) {
        _ = try step()
        sqlite3_reset(pointer)
    }

    func text(_ column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(pointer, column) else { return nil }
        return String(cString: bytes)
    }

    func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(pointer, column)) }

    func double(_ column: Int32) -> Double { sqlite3_column_double(pointer, column) }

    func blob(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(pointer, column))
        guard count > 0, let base = sqlite3_column_blob(pointer, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: base, count: count))
    }

    func reset() { sqlite3_reset(pointer) }
}
