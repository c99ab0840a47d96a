import Synchronization

/// A second connection to the database file, opened on first use, for work that must never queue
/// behind the writer's lock: health probes and the figures metrics read. In WAL mode its reads see the
/// last commit without waiting for a transaction under way; its write probe waits at most
/// ``probePatience`` milliseconds for the write lock.
final class SideConnection: Sendable {
    /// How long a write probe waits for the write lock before it reports the database as not writable.
    static let probePatience = 250

    let path: String
    /// nil before first use and after ``close()``.
    private let connection = Mutex<SQLiteConnection?>(nil)
    private let closed = Atomic<Bool>(false)

    init(path: String) {
        self.path = path
    }

    /// Runs `body` on the connection under its lock, opening it first if needed.
    func with<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try connection.withLock { connection in
            guard !closed.load(ordering: .acquiring) else { throw SQLiteConnection.closedError }
            if let open = connection { return try body(open) }
            let opened = try SQLiteConnection(path: path)
            try opened.execute("PRAGMA busy_timeout=\(Self.probePatience)")
            connection = opened
            return try body(opened)
        }
    }

    func close() {
        closed.store(true, ordering: .releasing)
        connection.withLock { connection in
            connection?.close()
            connection = nil
        }
    }
}
