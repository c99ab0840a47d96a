import CSQLite
import Foundation

/// A prepared statement owned by one ``SQLiteConnection`` and reused through its cache.
///
/// Not thread-safe: used only by its connection, which is used only under `RoastDatabase`'s mutex.
final class Statement {
    let handle: OpaquePointer
    /// True when the statement cannot change the database (`sqlite3_stmt_readonly`).
    let isReadOnly: Bool

    init(handle: OpaquePointer) {
        self.handle = handle
        self.isReadOnly = sqlite3_stmt_readonly(handle) != 0
    }

    /// Binds `values` to parameters 1…n after clearing earlier bindings.
    func bind(_ values: [any SQLiteBindable], connection db: OpaquePointer) throws(StoreError) {
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value.sqliteValue {
            case .integer(let v):
                code = sqlite3_bind_int64(handle, index, v)
            case .real(let v):
                code = sqlite3_bind_double(handle, index, v)
            case .text(let v):
                // Explicit byte length: strings with NUL bytes survive intact.
                var text = v
                code = text.withUTF8 { bytes in
                    guard let base = bytes.baseAddress else {
                        return sqlite3_bind_text64(handle, index, "", 0, roastbot_sqlite_transient(), UInt8(SQLITE_UTF8))
                    }
                    return UnsafeRawPointer(base).withMemoryRebound(to: CChar.self, capacity: bytes.count) { chars in
                        sqlite3_bind_text64(
                            handle, index, chars, sqlite3_uint64(bytes.count), roastbot_sqlite_transient(), UInt8(SQLITE_UTF8))
                    }
                }
            case .blob(let v):
                code = v.withUnsafeBytes { bytes in
                    // A zero-length blob needs a non-NULL pointer, or SQLite stores NULL.
                    sqlite3_bind_blob64(
                        handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), sqlite3_uint64(bytes.count),
                        roastbot_sqlite_transient())
                }
            case .null:
                code = sqlite3_bind_null(handle, index)
            }
            guard code == SQLITE_OK else { throw SQLiteConnection.error(code, db) }
        }
    }

    /// Advances one row: true when a row is available, false when done.
    func step(connection db: OpaquePointer) throws(StoreError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteConnection.error(code, db)
        }
    }

    /// Makes the statement reusable and releases any read lock it held.
    func reset() {
        sqlite3_reset(handle)
    }

    deinit {
        sqlite3_finalize(handle)
    }
}

/// The current row of a statement, valid only inside the closure that receives it.
struct Row: ~Copyable {
    let statement: OpaquePointer
    /// `table.column` prefix for corrupt-row errors.
    let context: String

    func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(statement, column) == SQLITE_NULL
    }

    func int64(_ column: Int32) -> Int64 {
        sqlite3_column_int64(statement, column)
    }

    func int(_ column: Int32) -> Int {
        Int(sqlite3_column_int64(statement, column))
    }

    func double(_ column: Int32) -> Double {
        sqlite3_column_double(statement, column)
    }

    /// Dates are stored as REAL unix seconds.
    func date(_ column: Int32) -> Date {
        Date(timeIntervalSince1970: sqlite3_column_double(statement, column))
    }

    func bool(_ column: Int32) -> Bool {
        sqlite3_column_int64(statement, column) != 0
    }

    func string(_ column: Int32) -> String {
        // Read the pointer first, then the length (the documented safe order).
        guard let text = sqlite3_column_text(statement, column) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// Whether text column `column` holds exactly `bytes` (compared without making a string).
    func textEquals(_ column: Int32, _ bytes: borrowing [UInt8]) -> Bool {
        guard let text = sqlite3_column_text(statement, column) else { return bytes.isEmpty }
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count == bytes.count else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let start = buffer.baseAddress else { return true }
            return memcmp(start, text, count) == 0
        }
    }

    func optionalString(_ column: Int32) -> String? {
        isNull(column) ? nil : string(column)
    }

    func optionalInt64(_ column: Int32) -> Int64? {
        isNull(column) ? nil : int64(column)
    }

    func optionalDate(_ column: Int32) -> Date? {
        isNull(column) ? nil : date(column)
    }

    func blob(_ column: Int32) -> [UInt8] {
        guard let bytes = sqlite3_column_blob(statement, column) else { return [] }
        let count = Int(sqlite3_column_bytes(statement, column))
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// Decodes a `RawRepresentable` column (enums stored as text), or throws ``StoreError/corruptRow(_:)``.
    func decode<T: RawRepresentable>(_ type: T.Type, _ column: Int32, name: String) throws(StoreError) -> T where T.RawValue == String {
        guard let value = T(rawValue: string(column)) else { throw .corruptRow("\(context).\(name)") }
        return value
    }

    func decodeOptional<T: RawRepresentable>(_ type: T.Type, _ column: Int32, name: String) throws(StoreError) -> T?
    where T.RawValue == String {
        guard !isNull(column) else { return nil }
        return try decode(type, column, name: name)
    }
}
