import Logging
import RoastBot
import RoastStore
import ServiceLifecycle
import TelegramAdapter

/// Long-polls Telegram and feeds each batch through the pipeline until graceful shutdown.
struct PollingService: Service {
    let poller: TelegramPoller
    let pipeline: EventPipeline
    let database: RoastDatabase
    let startOffset: Int64?
    let logger: Logger
    var metrics = BotMetrics.disabled

    func run() async throws {
        try await cancelWhenGracefulShutdown {
            try await poller.run(startOffset: startOffset) { batch in
                for skipped in batch.skipped { Self.skipped(skipped.updateID, skipped.reason, logger: logger, metrics: metrics) }
                // New numbering: the ids at or below the old mark are new updates, never to be skipped as applied.
                if batch.restartedNumbering, await !AppliedUpdateIDs.forgetMark(in: database, logger: logger) { return }
                await pipeline.process(batch.envelopes, from: .telegram, nextOffset: batch.nextOffset)
            }
        }
        logger.info("polling stopped")
    }

    /// An update the translator skips, polled or delivered to the webhook: logged and counted.
    static func skipped(_ updateID: Int64, _ reason: String, logger: Logger, metrics: BotMetrics) {
        logger.debug("update skipped", metadata: ["update": "\(updateID)", "reason": "\(reason)"])
        metrics.untranslatable()
    }
}
