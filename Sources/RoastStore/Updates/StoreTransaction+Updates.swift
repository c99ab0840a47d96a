import ChatPlatform
import Foundation

/// Idempotent event handling: which events of each source were applied, and where each source resumes.
///
/// A source's applied ids are remembered one by one for as long as the source may deliver them
/// again, then forgotten; the highest id forgotten stays as the source's low-water mark, and every
/// id at or below it still counts as applied. So a replay of an update older than what is
/// remembered (webhook mode remembers two days) is recognised, as a redelivery within them is.
extension StoreTransaction {
    /// True when the event `sequence` of `source` was applied: remembered, or at or below the
    /// source's low-water mark.
    public func hasApplied(_ sequence: Int64, from source: EventSource) throws(StoreError) -> Bool {
        try connection.queryOne(Self.hasAppliedQuery, source.rawValue, sequence) { (row: borrowing Row) in row.int(0) == 1 } ?? false
    }

    /// ``hasApplied(_:from:)``'s statement: `?1` the source, `?2` the sequence; two primary-key searches.
    static let hasAppliedQuery = """
        SELECT EXISTS (SELECT 1 FROM applied_events WHERE source = ?1 AND sequence = ?2)
            OR EXISTS (SELECT 1 FROM applied_low_water_marks WHERE source = ?1 AND sequence >= ?2)
        """

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

    /// Forgets the applied events of `source` numbered below `sequence` (it will not resend them);
    /// they keep counting as applied: the low-water mark rises to `sequence - 1`. Returns how many were forgotten.
    @discardableResult
    public func pruneApplied(from source: EventSource, below sequence: Int64) throws(StoreError) -> Int {
        try connection.execute(
            """
            INSERT INTO applied_low_water_marks (source, sequence, applied_at)
            SELECT ?1, ?2 - 1, coalesce(max(applied_at), 0) FROM applied_events WHERE source = ?1 AND sequence < ?2
            \(Self.raiseMark)
            """, source.rawValue, sequence)
        try connection.execute("DELETE FROM applied_events WHERE source = ? AND sequence < ?", source.rawValue, sequence)
        return connection.changes
    }

    /// Forgets the applied events of `source` recorded before `date`: for a source without a resume
    /// point (Telegram's webhook), whose redeliveries stop long before (Telegram keeps an update for
    /// 24 hours at most). The highest id forgotten becomes the low-water mark. Returns how many were
    /// forgotten.
    ///
    /// Update ids grow with time: the events to forget are those below the first one (in id order)
    /// applied at or after `date`. Found by walking the primary key from the oldest, so an hourly
    /// prune reads about an hour of ids, not the two days kept; an index on the date would cost every
    /// applied event a second insert (about 9 % of the pipeline's throughput). An event applied out of
    /// order stays until the ones before it go.
    @discardableResult
    public func pruneApplied(from source: EventSource, appliedBefore date: Date) throws(StoreError) -> Int {
        try connection.execute(Self.markAppliedByAge, source.rawValue, date)
        try connection.execute(Self.pruneAppliedByAge, source.rawValue, date)
        return connection.changes
    }

    /// The first id of `?1` applied at or after `?2` (none: every id is older).
    private static let firstRecent = """
        coalesce(
            (SELECT sequence FROM applied_events WHERE source = ?1 AND applied_at >= ?2 ORDER BY sequence LIMIT 1),
            9223372036854775807)
        """

    /// Keeps the higher mark and the later date when a mark exists.
    private static let raiseMark = """
        ON CONFLICT (source) DO UPDATE SET
            sequence = max(sequence, excluded.sequence), applied_at = max(applied_at, excluded.applied_at)
        """

    /// ``pruneApplied(from:appliedBefore:)``'s mark: the highest id about to be forgotten.
    static let markAppliedByAge = """
        INSERT INTO applied_low_water_marks (source, sequence, applied_at)
        SELECT ?1, max(sequence), max(applied_at) FROM applied_events WHERE source = ?1 AND sequence < \(firstRecent)
        GROUP BY source
        \(raiseMark)
        """

    /// ``pruneApplied(from:appliedBefore:)``'s statement: `?1` the source, `?2` the date.
    static let pruneAppliedByAge = "DELETE FROM applied_events WHERE source = ?1 AND sequence < \(firstRecent)"

    /// The low-water mark of `source`, and when the highest event under it was applied.
    public func appliedLowWaterMark(of source: EventSource) throws(StoreError) -> (sequence: Int64, date: Date)? {
        try connection.queryOne("SELECT sequence, applied_at FROM applied_low_water_marks WHERE source = ?", source.rawValue) {
            (row: borrowing Row) in (row.int64(0), row.date(1))
        }
    }

    /// Forgets the low-water mark of `source` when nothing of it was applied at or after `date`
    /// (nothing under the mark since, and the newest id remembered older): a source that numbers
    /// its events anew after a quiet spell (Telegram, after a week without updates) may then
    /// number them below it. Returns whether it was forgotten.
    @discardableResult
    public func forgetLowWaterMark(of source: EventSource, ifQuietSince date: Date) throws(StoreError) -> Bool {
        try connection.execute(
            """
            DELETE FROM applied_low_water_marks WHERE source = ?1 AND applied_at < ?2 AND NOT EXISTS (
                SELECT 1 FROM (SELECT applied_at FROM applied_events WHERE source = ?1 ORDER BY sequence DESC LIMIT 1) WHERE applied_at >= ?2)
            """, source.rawValue, date)
        return connection.changes > 0
    }

    /// Forgets the low-water mark of `source`, which has started numbering its events anew.
    public func forgetLowWaterMark(of source: EventSource) throws(StoreError) {
        try connection.execute("DELETE FROM applied_low_water_marks WHERE source = ?", source.rawValue)
    }

    /// Applied events remembered, of every source.
    public func appliedEventCount() throws(StoreError) -> Int {
        try connection.queryOne("SELECT count(*) FROM applied_events") { (row: borrowing Row) in row.int(0) } ?? 0
    }
}
