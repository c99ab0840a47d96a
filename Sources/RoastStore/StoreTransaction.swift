import RoastCore

/// Access to the database inside one transaction of ``RoastDatabase``.
///
/// Non-copyable and received `borrowing`, so it cannot outlive the closure it was given to.
/// Its queries are grouped by feature in `StoreTransaction+*.swift`.
public struct StoreTransaction: ~Copyable {
    let connection: SQLiteConnection
    let journal = MeasureJournal()
    /// The records of queued rows, kept across transactions by the database (``OutboxRecordCache``).
    let outboxRecords: OutboxRecordCache

    init(connection: SQLiteConnection, outboxRecords: OutboxRecordCache = OutboxRecordCache()) {
        self.connection = connection
        self.outboxRecords = outboxRecords
    }

    /// A mark in this transaction's writes, for ``measuresMoved(since:)``.
    public var measureMark: Int { journal.entries.count }

    /// The badge measures written since `mark` (see ``TallyMeasure``).
    public func measuresMoved(since mark: Int) -> Set<TallyMeasure> {
        Set(journal.entries[min(mark, journal.entries.count)...])
    }
}
