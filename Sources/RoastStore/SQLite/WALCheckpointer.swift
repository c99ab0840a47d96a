import CSQLite
import Dispatch
import Synchronization

/// Copies the write-ahead log back into the database file on a thread of its own, so the writer's
/// commits do not pay for it.
///
/// SQLite's automatic checkpoint runs inside the commit that crosses its threshold: that commit
/// writes thousands of pages into the database file and syncs it. Here the writer's WAL hook asks
/// for a checkpoint once the log holds ``backgroundPages`` pages and again each time it has grown
/// by ``backgroundStride`` more (not after every commit past the threshold, which would run
/// checkpoints back to back, each copying a few pages and syncing the file); a second connection
/// then runs a passive checkpoint, which never blocks the writer. A passive checkpoint
/// cannot restart the log while writes keep coming, so when the log reaches ``inlinePages`` the
/// writer checkpoints itself (after any background checkpoint under way) — by then nearly
/// everything is already copied — and its next
/// transaction starts the log over (truncated to `journal_size_limit`). Durability is unchanged:
/// commits are in the WAL either way, and checkpoints are crash-safe.
final class WALCheckpointer: Sendable {
    let backgroundPages: Int
    let backgroundStride: Int
    let inlinePages: Int
    /// nil once closed.
    private let connection: Mutex<SQLiteConnection?>
    private let queue = DispatchQueue(label: "roastbot.sqlite.checkpoint")
    private let scheduled = Atomic<Bool>(false)
    /// The log's size in pages when the last background checkpoint was asked for (0 after a restart).
    private let lastRequest = Atomic<Int>(0)
    /// Background checkpoints run so far (tests).
    let backgroundRuns = Atomic<Int>(0)

    /// Opens the checkpointer's own connection to the database at `path`.
    init(path: String, backgroundPages: Int, backgroundStride: Int, inlinePages: Int) throws(StoreError) {
        self.backgroundPages = backgroundPages
        self.backgroundStride = max(1, backgroundStride)
        self.inlinePages = inlinePages
        connection = Mutex(try SQLiteConnection(path: path))
    }

    /// Installs the WAL hook on the writer's connection (replacing SQLite's automatic checkpoint).
    /// The checkpointer must outlive the hook: ``detach(from:)`` before closing.
    func attach(to writer: SQLiteConnection) {
        writer.setWALHook(Unmanaged.passUnretained(self).toOpaque()) { context, db, _, pages in
            guard let context else { return SQLITE_OK }
            let checkpointer = Unmanaged<WALCheckpointer>.fromOpaque(context).takeUnretainedValue()
            checkpointer.logGrew(to: Int(pages), writer: db)
            return SQLITE_OK
        }
    }

    func detach(from writer: SQLiteConnection) {
        writer.setWALHook(nil, nil)
    }

    /// Waits for a checkpoint under way and closes the connection; later requests are ignored.
    func close() {
        queue.sync {}
        connection.withLock { connection in
            connection?.close()
            connection = nil
        }
    }

    /// Copies the whole log into the database file and truncates it (after a person's data was
    /// deleted: older frames of the log still hold it), after any background checkpoint under way.
    /// Called on the writer's thread, outside a transaction; false when readers kept it from finishing.
    func truncateLog(writer: SQLiteConnection) -> Bool {
        queue.sync {}
        let done = writer.truncateLog()
        if done { lastRequest.store(0, ordering: .relaxed) }
        return done
    }

    /// Called on the writer's thread after each commit with the number of pages in the log.
    private func logGrew(to pages: Int, writer: OpaquePointer?) {
        // Only this thread reads and writes `lastRequest`.
        var last = lastRequest.load(ordering: .relaxed)
        if pages < last {
            // The log restarted.
            last = 0
            lastRequest.store(0, ordering: .relaxed)
        }
        if pages >= inlinePages {
            // A background checkpoint under way holds the checkpoint lock, and the writer's own would
            // find it busy and skip; waiting for it keeps the log bounded however slowly it runs.
            queue.sync {}
            sqlite3_wal_checkpoint_v2(writer, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
        } else if pages >= max(backgroundPages, last + backgroundStride), !scheduled.exchange(true, ordering: .acquiringAndReleasing) {
            lastRequest.store(pages, ordering: .relaxed)
            queue.async { [self] in
                scheduled.store(false, ordering: .releasing)
                connection.withLock { connection in
                    // A failed passive checkpoint leaves the pages in the log; the next one copies them.
                    try? connection?.execute("PRAGMA wal_checkpoint(PASSIVE)")
                }
                backgroundRuns.add(1, ordering: .relaxed)
            }
        }
    }
}
