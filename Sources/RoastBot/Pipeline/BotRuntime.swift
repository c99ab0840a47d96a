import AIRoasts
import ChatPlatform
import Logging
import RoastCore
import RoastStore
import Timekeeping

/// The bot's moving parts wired together for one platform: processor, per-chat pipeline, outbox.
public struct BotRuntime: Sendable {
    public let database: RoastDatabase
    /// What the platform is like, as it described itself.
    public let platform: PlatformProfile
    public let pipeline: EventPipeline
    public let outbox: OutboxDeliverer
    public let seed: UInt64
    /// The Roast of the Day and streak reminders (run by ``SchedulerService``, or pass by pass).
    public let scheduler: Scheduler
    public let adminCheck: AdminCheck
    /// Every command, for the platform's menus.
    public let menu: CommandMenu
    /// Decodes events into the features' actions.
    public let router: EventRouter

    /// - Parameters:
    ///   - administration: how admin status is checked (nil: nobody counts as a group admin).
    ///   - streakRisk: who the evening reminder mentions.
    ///   - inline: answers inline queries (nil: inline mode is off).
    ///   - abuseGate: throttles people who spam commands (nil: no throttle).
    ///   - pictures: draws share cards and streak heatmaps (``NoPictures``: they are posted as text); what it drew is
    ///     reused for a few minutes (``PictureCache``).
    ///   - metrics: where the pipeline, outbox, scheduler and AI preparation record (nothing by default).
    ///   - health: whether the store takes writes, shared with whoever reports health.
    ///   - clockRate: seconds of `clock` per real second (a simulated clock's rate): how long an answer
    ///     may wait in the outbox is real time, for people waiting (``OutboxDeliverer/replyDeadline``).
    public init(
        database: RoastDatabase, library: RoastLibrary, platform: any ChatPlatform, clock: any WallClock, logger: Logger,
        seed configuredSeed: UInt64?, safety: SafetyFilter = SafetyFilter(), ai: (any AIRoastSource)? = nil,
        collections: CollectionCatalogStore = CollectionCatalogStore(), administration: (any ChatAdministration)? = nil,
        streakRisk: any StreakRiskSource = StoredStreakRisk(), inline: (any InlineAnswering)? = nil,
        abuseGate: AbuseGate? = nil, pictures: any PictureRendering = NoPictures(), metrics: BotMetrics = .disabled,
        health: StoreHealth? = nil, clockRate: Double = 1
    ) throws {
        self.database = database
        self.platform = platform.profile
        self.seed = try Self.seed(database, configured: configuredSeed)
        let selector = RoastSelector(library: library, safety: safety)
        let seed = self.seed
        let preparer = ai.map { source in
            RoastPreparer(
                database: database, source: source, selector: selector, collections: collections, seed: seed, logger: logger,
                metrics: metrics)
        }
        let processor = UpdateProcessor(
            database: database, platform: platform.profile, selector: selector, collections: collections, seed: seed, logger: logger,
            metrics: metrics, aiAvailable: ai != nil)
        router = processor.router
        menu = processor.router.menu
        outbox = OutboxDeliverer(
            database: database, platform: platform, pictures: PictureCache(drawing: pictures), clock: clock, logger: logger,
            metrics: metrics,
            replyDeadline: OutboxDeliverer.standardReplyDeadline * clockRate,
            broadcastWait: OutboxDeliverer.standardBroadcastWait * clockRate)
        adminCheck = AdminCheck(administration: administration, clock: clock, logger: logger)
        scheduler = Scheduler(
            database: database, platform: platform.profile, selector: selector, collections: collections, streakRisk: streakRisk,
            seed: seed, logger: logger,
            metrics: metrics)
        pipeline = EventPipeline(
            processor: processor, database: database, platform: platform, outbox: outbox, clock: clock, logger: logger,
            preparer: preparer, adminCheck: adminCheck, abuseGate: abuseGate, inline: inline, health: health, metrics: metrics)
    }

    /// The configured seed, else the one stored at first start (so that choices replayed after a
    /// crash match the ones made before it), else a fresh one that is then stored.
    static func seed(_ database: RoastDatabase, configured: UInt64?) throws -> UInt64 {
        try database.write { tx in
            if let configured { return configured }
            if let stored = try tx.value(forKey: "seed").flatMap(UInt64.init) { return stored }
            let fresh = UInt64.random(in: 1...UInt64.max)
            try tx.setValue(String(fresh), forKey: "seed")
            return fresh
        }
    }
}
