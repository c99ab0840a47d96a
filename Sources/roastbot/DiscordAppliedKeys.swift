import ChatPlatform
import DiscordAdapter
import Foundation
import Logging
import RoastStore
import ServiceLifecycle
import Timekeeping

/// Forgets Discord's applied keys once they are older than ``DiscordReplayWindow`` — at start, then hourly — so
/// that the store's memory of applied events stays two days deep, as Telegram's does. The highest forgotten key
/// becomes the store's low-water mark for Discord, so a replay of a forgotten event still counts as applied.
struct DiscordAppliedKeys: Service {
    let database: RoastDatabase
    /// Real time: the keys' times are Discord's (see ``DiscordReplayWindow``).
    let clock: any WallClock
    let logger: Logger

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    let forgotten = try Self.forgetOld(in: database, at: clock.now)
                    if forgotten > 0 { logger.debug("old applied Discord keys forgotten", metadata: ["count": "\(forgotten)"]) }
                } catch {
                    logger.warning("cannot forget old applied Discord keys", metadata: ["error": "\(error)"])
                }
                try await clock.sleep(for: 3_600)
            }
        }
    }

    /// Forgets the keys older than the replay window at `now`; returns how many were forgotten.
    @discardableResult
    static func forgetOld(in database: RoastDatabase, at now: Date) throws -> Int {
        try database.write { tx in try tx.pruneApplied(from: .discord, below: DiscordReplayWindow.horizon(at: now)) }
    }
}
