import ChatPlatform
import Foundation
import Logging
import RoastCore
import RoastStore
import ServiceLifecycle
import Timekeeping

/// Posts each seasonal banner when its season starts in a chat's timezone: wakes every `interval`
/// seconds of bot-clock time, finds active chats (banners on) whose local date lies inside a
/// season they have no banner for, claims and queues the banner in one transaction, and wakes the
/// outbox. Chats that join mid-season get theirs on the next sweep, or on their first command if
/// that comes first (see ``EventRouter``).
public struct SeasonalBannerService: Service {
    private let database: RoastDatabase
    private let platform: PlatformProfile
    private let collections: CollectionCatalogStore
    private let outbox: OutboxDeliverer
    private let clock: any WallClock
    private let interval: Double
    private let logger: Logger

    /// - Parameter platform: where a chat's banners go when no topic was picked for them.
    public init(
        database: RoastDatabase, platform: PlatformProfile, collections: CollectionCatalogStore, outbox: OutboxDeliverer,
        clock: any WallClock, interval: Double = 60, logger: Logger
    ) {
        self.database = database
        self.platform = platform
        self.collections = collections
        self.outbox = outbox
        self.clock = clock
        self.interval = interval
        self.logger = logger
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                if sweep(at: clock.now) > 0 { outbox.wake() }
                do { try await clock.sleep(for: interval) } catch { return }
            }
        }
    }

    /// Claims and queues every banner due at `now`; returns how many were queued.
    @discardableResult
    public func sweep(at now: Date) -> Int {
        let catalog = collections.catalog
        guard catalog.collections.contains(where: \.isSeasonal) else { return 0 }
        do {
            return try database.write { tx in
                var queued = 0
                for chat in try tx.activeChats() where chat.bannersEnabled {
                    // A chat whose posts have nowhere to go yet gets its banner once they do.
                    guard let placement = ReplyPlacement.scheduled(in: chat, on: platform) else { continue }
                    let posts = try SeasonalBanners.claimDue(in: chat, on: LocalDate(now, in: chat.zone), catalog: catalog, at: now, tx)
                    for post in posts {
                        try tx.enqueue(.send(placement.place(post)), chat: chat.chatID, anchor: nil, at: now, priority: .broadcast)
                        queued += 1
                    }
                }
                if queued > 0 { logger.info("seasonal banners queued", metadata: ["count": "\(queued)"]) }
                return queued
            }
        } catch {
            logger.error("seasonal banner sweep failed", metadata: ["error": "\(error)"])
            return 0
        }
    }
}
