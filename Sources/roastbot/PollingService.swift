import Logging
import RoastBot
import ServiceLifecycle
import TelegramAdapter

/// Long-polls Telegram and feeds each batch through the pipeline until graceful shutdown.
struct PollingService: Service {
    let poller: TelegramPoller
    let pipeline: EventPipeline
    let startOffset: Int64?
    let logger: Logger
    var metrics = BotMetrics.disabled

    func run() async throws {
        try await cancelWhenGracefulShutdown {
            try await poller.run(startOffset: startOffset) { batch in
                for skipped in batch.skipped { Self.skipped(skipped.updateID, skipped.reason, logger: logger, metrics: metrics) }
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
