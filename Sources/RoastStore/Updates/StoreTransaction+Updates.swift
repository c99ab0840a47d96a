import Foundation

/// Idempotent update handling: which platform updates were applied, and where polling resumes.
extension StoreTransaction {
    /// True when the update with this sequence number was already applied.
    public func hasProcessed(update: Int64) throws(StoreError) -> Bool {
        try connection.queryOne("SELECT 1 FROM processed_updates WHERE update_id = ?", update) { (_: borrowing Row) in true }
            ?? false
    }

    /// Records that the update was applied; commit it together with the update's effects. Idempotent.
    public func markProcessed(update: Int64, at date: Date) throws(StoreError) {
        try connection.execute(
            "INSERT INTO processed_updates (update_id, processed_at) VALUES (?, ?) ON CONFLICT (update_id) DO NOTHING",
            update, date)
    }

    /// The offset to poll from next, if one was saved.
    public func pollOffset() throws(StoreError) -> Int64? {
        try connection.queryOne("SELECT next_offset FROM poll_state WHERE id = 1") { (row: borrowing Row) in row.int64(0) }
    }

    public func setPollOffset(_ offset: Int64) throws(StoreError) {
        try connection.execute(
            "INSERT INTO poll_state (id, next_offset) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET next_offset = excluded.next_offset",
            offset)
    }

    /// Forgets applied updates numbered below `update` (the platform will not resend them).
    public func pruneProcessedUpdates(below update: Int64) throws(StoreError) {
        try connection.execute("DELETE FROM processed_updates WHERE update_id < ?", update)
    }

    public func processedUpdateCount() throws(StoreError) -> Int {
        try connection.queryOne("SELECT count(*) FROM processed_updates") { (row: borrowing Row) in row.int(0) } ?? 0
    }
}
