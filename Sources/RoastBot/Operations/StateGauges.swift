import ChatPlatform
import CoreMetrics
import Foundation
import RoastStore
import Timekeeping

/// Figures that are states rather than events — the outbox's depth and the age of its oldest
/// pending row, the database's and its log's size, whether the store takes writes, how long ago
/// the platform answered — read when metrics are scraped (``refresh()``), from the database's
/// second connection, so that a scrape never waits for the writer.
public struct StateGauges: Sendable {
    /// The metric names, for docs/operating.md's list and the tests.
    public enum Name {
        public static let outboxPending = "roastbot_outbox_pending"
        public static let outboxOldestAge = "roastbot_outbox_oldest_pending_age_seconds"
        public static let databaseSize = "roastbot_database_size_bytes"
        public static let logSize = "roastbot_database_wal_size_bytes"
        public static let databaseAvailable = "roastbot_database_available"
        public static let contactAge = "roastbot_platform_last_contact_age_seconds"
    }

    private let database: RoastDatabase
    private let store: StoreHealth
    private let contact: PlatformContact?
    private let clock: any WallClock
    private let transportClock: any WallClock
    private let outboxPending: Gauge
    private let outboxOldestAge: Gauge
    private let databaseSize: Gauge
    private let logSize: Gauge
    private let databaseAvailable: Gauge
    private let contactAge: Gauge

    /// - Parameters:
    ///   - clock: the bot's clock, which dated the outbox rows.
    ///   - transportClock: the clock `contact` was recorded on.
    public init(
        factory: any MetricsFactory, database: RoastDatabase, store: StoreHealth, contact: PlatformContact?, clock: any WallClock,
        transportClock: any WallClock
    ) {
        self.database = database
        self.store = store
        self.contact = contact
        self.clock = clock
        self.transportClock = transportClock
        outboxPending = Gauge(label: Name.outboxPending, factory: factory)
        outboxOldestAge = Gauge(label: Name.outboxOldestAge, factory: factory)
        databaseSize = Gauge(label: Name.databaseSize, factory: factory)
        logSize = Gauge(label: Name.logSize, factory: factory)
        databaseAvailable = Gauge(label: Name.databaseAvailable, factory: factory)
        contactAge = Gauge(label: Name.contactAge, factory: factory)
    }

    /// Reads every figure now. An outbox the store cannot read keeps its last values.
    public func refresh() {
        if let summary = try? database.inspect({ try $0.pendingOutboxSummary() }) {
            outboxPending.record(summary.count)
            outboxOldestAge.record(summary.oldest.map { max(0, clock.now.timeIntervalSince($0)) } ?? 0)
        }
        let sizes = database.fileSizes
        databaseSize.record(sizes.database)
        logSize.record(sizes.log)
        databaseAvailable.record(store.unavailable == nil ? 1 : 0)
        let now = transportClock.uptime
        if let last = contact?.contact(atUptime: now).last {
            let age = now - last
            contactAge.record(Double(age.components.seconds) + Double(age.components.attoseconds) / 1e18)
        }
    }
}
