import ChatPlatform
import Foundation

/// Idempotent event handling: which events of each source were applied, and where each source resumes.
extension StoreTransaction {
    /// True when the event `sequence` of `source` was already applied.
    public func hasApplied(_ sequence: Int64, from source: EventSource) throws(StoreError) -> Bool {
        try connection.queryOne("SELECT 1 FROM applied_events WHERE source = ? AND sequence = ?", source.rawValue, sequence) {
            (_: borrowing Row) in true
        } ?? false
    }

    /// Records that the event was applied; commit it together with the event's effects. Idempotent.
    public func markApplied(_ sequence: Int64, from source: EventSource, at date: Date) throws(StoreError) {
        try connection.execute(
            "INSERT INTO applied_events (source, sequence, applied_at) VALUES (?, ?, ?) ON CONFLICT (source, sequence) DO NOTHING",
            source.rawValue, sequence, date)
    }

    /// The sequence `source` resumes from, if one was saved.
    public func resumePoint(of source: EventSource) throws(StoreError) -> Int64? {
        try connection.queryOne("SELECT next_sequence FROM source_offsets WHERE source = ?", source.rawValue) {
            (row: borrowing Row) in row.int64(0)
        }
    }

    public func setResumePoint(_ sequence: Int64, of source: EventSource) throws(StoreError) {
        try connection.execute(
            """
            INSERT INTO source_offsets (source, next_sequence) VALUES (?, ?)
            ON CONFLICT (source) DO UPDATE SET next_sequence = excluded.next_sequence
            """,
            source.rawValue, sequence)
    }

    /// Forgets the applied events of `source` numbered below `sequence` (it will not resend them).
    public func pruneApplied(from source: EventSource, below sequence: Int64) throws(StoreError) {
        try connection.execute("DELETE FROM applied_events WHERE source = ? AND sequence < ?", source.rawValue, sequence)
    }

    /// Forgets the applied events of `source` recorded before `date`: for a source without a resume
    /// point (Telegram's webhook), whose redeliveries stop long before (Telegram keeps an update for
    /// 24 hours at most). Returns how many were forgotten.
    ///
    /// Update ids grow with time: the events to forget are those below the first one (in id order)
    /// applied at or after `date`. Found by walking the primary key from the oldest, so an hourly
    /// prune reads about an hour of ids, not the two days kept; an index on the date would cost every
    /// applied event a second insert (about 9 % of the pipeline's throughput). An event applied out of
    /// order stays until the ones before it go.
    @discardableResult
    public func pruneApplied(from source: EventSource, appliedBefore date: Date) throws(StoreError) -> Int {
        try connection.execute(Self.pruneAppliedByAge, source.rawValue, date)
        return connection.changes
    }

    /// ``pruneApplied(from:appliedBefore:)``'s statement: `?1` the source, `?2` the date.
    static let pruneAppliedByAge = """
        DELETE FROM applied_events WHERE source = ?1 AND sequence < coalesce(
            (SELECT sequence FROM applied_events WHERE source = ?1 AND applied_at >= ?2 ORDER BY sequence LIMIT 1),
            9223372036854775807)
        """

    /// Applied events remembered, of every source.
    public func appliedEventCount() throws(StoreError) -> Int {
        try connection.queryOne("SELECT count(*) FROM applied_events") { (row: borrowing Row) in row.int(0) } ?? 0
    }
}
