import Foundation
import Logging
import Synchronization

/// Whether the database takes writes, as the pipeline last found it: "unavailable since …" from the
/// first failure that was a condition of the store (busy, locked, full, I/O) until the next commit.
/// Logged once when an episode starts and once when it ends, however many times events are retried.
public final class StoreHealth: Sendable {
    /// An episode of the store refusing writes.
    public struct Outage: Sendable, Hashable {
        public var since: Date
        /// The store's error, safe to log (SQLite's messages never contain data).
        public var reason: String
    }

    private let outage = Mutex<Outage?>(nil)
    private let logger: Logger

    public init(logger: Logger) {
        self.logger = logger
    }

    /// The current outage, nil while writes succeed.
    public var unavailable: Outage? { outage.withLock { $0 } }

    /// A write failed for a reason of the store.
    func failed(_ error: any Error, at date: Date) {
        let started = outage.withLock { outage -> Bool in
            guard outage == nil else { return false }
            outage = Outage(since: date, reason: "\(error)")
            return true
        }
        if started { logger.error("database unavailable; events wait until it takes writes again", metadata: ["error": "\(error)"]) }
    }

    /// A write committed.
    func succeeded(at date: Date) {
        guard
            let ended = outage.withLock({ outage -> Outage? in
                defer { outage = nil }
                return outage
            })
        else { return }
        logger.notice(
            "database available again", metadata: ["unavailable_seconds": "\(Int(date.timeIntervalSince(ended.since).rounded()))"])
    }
}
