import Synchronization

/// The records of outbox rows as they were written, by outbox id, so that a row read back for
/// delivery (once per look at its chat's queue, which may see it several times) is not decoded
/// with `JSONDecoder` again: the record written in the event's transaction is handed over in memory.
///
/// An entry is used only when the row's stored text is byte for byte the text it was made from, so
/// a stale entry (a row rolled back with its transaction, whose id a later row took; a row changed
/// by another process) is never used: the row is decoded as before. Entries leave with their row
/// (delivered, failed) and all at once past ``capacity`` (rows queued and rolled back leave nothing
/// else to remove them).
final class OutboxRecordCache: Sendable {
    private struct Entry: Sendable {
        var text: [UInt8]
        var record: OutboxRecord
    }

    /// Rows remembered at most; a backlog larger than this is read from the store.
    static let capacity = 2_048

    private let entries = Mutex<[Int64: Entry]>([:])
    private let removals = Atomic<Int>(0)

    /// Remembers that row `id` holds `record`, written as `text`.
    func remember(_ id: Int64, _ record: OutboxRecord, text: [UInt8]) {
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[id] = Entry(text: text, record: record)
        }
    }

    /// The record of row `id` if `matches` accepts the text it was remembered with.
    func record(_ id: Int64, matches: (borrowing [UInt8]) -> Bool) -> OutboxRecord? {
        guard let entry = entries.withLock({ $0[id] }), matches(entry.text) else { return nil }
        return entry.record
    }

    func forget(_ id: Int64) {
        _ = entries.withLock { $0.removeValue(forKey: id) }
    }

    var count: Int { entries.withLock { $0.count } }

    /// Counts a statement that removed or moved pending rows other than by their delivery (see
    /// ``RoastDatabase/outboxRemovals``). Counted as it runs, before its transaction commits: a
    /// transaction rolled back afterwards only makes a deliverer read once more than it needed, and a
    /// deliverer that sees the count move reads its queue after the commit, because its read waits
    /// for the one connection's lock that the writing transaction holds (``RoastDatabase``). A read
    /// on another connection could see the count and still the rows: it must not serve deliveries.
    func noteRemovals() {
        removals.add(1, ordering: .sequentiallyConsistent)
    }

    var removalCount: Int { removals.load(ordering: .sequentiallyConsistent) }
}
