import ChatPlatform
import Foundation

/// One value bound to a statement parameter. Values always travel as bindings, never inside SQL text.
enum SQLiteValue: Sendable, Hashable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
    case null
}

/// A Swift value that binds as one SQLite value.
protocol SQLiteBindable {
    var sqliteValue: SQLiteValue { get }
}

extension SQLiteValue: SQLiteBindable {
    var sqliteValue: SQLiteValue { self }
}

extension Int64: SQLiteBindable {
    var sqliteValue: SQLiteValue { .integer(self) }
}

extension Int: SQLiteBindable {
    var sqliteValue: SQLiteValue { .integer(Int64(self)) }
}

extension Double: SQLiteBindable {
    var sqliteValue: SQLiteValue { .real(self) }
}

extension String: SQLiteBindable {
    var sqliteValue: SQLiteValue { .text(self) }
}

extension Bool: SQLiteBindable {
    var sqliteValue: SQLiteValue { .integer(self ? 1 : 0) }
}

/// Dates are stored as REAL unix seconds.
extension Date: SQLiteBindable {
    var sqliteValue: SQLiteValue { .real(timeIntervalSince1970) }
}

extension Optional: SQLiteBindable where Wrapped: SQLiteBindable {
    var sqliteValue: SQLiteValue { self?.sqliteValue ?? .null }
}

extension ChatID: SQLiteBindable {
    var sqliteValue: SQLiteValue { .integer(rawValue) }
}

extension UserID: SQLiteBindable {
    var sqliteValue: SQLiteValue { .integer(rawValue) }
}

extension MessageID: SQLiteBindable {
    var sqliteValue: SQLiteValue { .integer(rawValue) }
}

extension TopicID: SQLiteBindable {
    var sqliteValue: SQLiteValue { .integer(rawValue) }
}
