import Foundation
import Logging
import RoastStore
import ServiceLifecycle
import TelegramAdapter
import Timekeeping

/// Webhook mode's service: sets the webhook (once the listener is up), checks it every poll
/// timeout, forgets applied update ids older than two days once an hour (Telegram stops redelivering
/// long before; the highest forgotten stays as the store's low-water mark, so a replay of an older
/// one is still recognised, and the mark itself is forgotten after six quiet days, see
/// ``AppliedUpdateIDs``), and on graceful shutdown answers further deliveries 503 and lets those under
/// way finish. The webhook stays set: Telegram keeps the updates that arrive meanwhile for the next start.
struct WebhookService: Service {
    static let appliedMemory: TimeInterval = 2 * 86_400

    let registration: TelegramWebhookRegistration
    let receiver: TelegramWebhookReceiver
    let database: RoastDatabase
    /// The bot's clock, which dates applied events.
    let clock: any WallClock
    let checkInterval: Double
    let logger: Logger

    func run() async throws {
        try await cancelWhenGracefulShutdown {
            guard try await registration.register() else { return }
            await withDiscardingTaskGroup { group in
                group.addTask { await registration.watch(every: checkInterval) }
                group.addTask { await pruneHourly() }
            }
        }
        await receiver.close()
        logger.info("webhook deliveries stopped")
    }

    private func pruneHourly() async {
        while !Task.isCancelled {
            do {
                let forgotten = try database.write { tx in
                    try tx.pruneApplied(from: .telegram, appliedBefore: clock.now.addingTimeInterval(-Self.appliedMemory))
                }
                if forgotten > 0 { logger.debug("old applied update ids forgotten", metadata: ["count": "\(forgotten)"]) }
            } catch {
                logger.warning("cannot forget old applied update ids", metadata: ["error": "\(error)"])
            }
            AppliedUpdateIDs.forgetStaleMark(in: database, at: clock.now, logger: logger)
            do { try await clock.sleep(for: 3_600) } catch { return }
        }
    }
}
