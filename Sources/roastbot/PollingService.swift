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

    func run() async throws {
        try await cancelWhenGracefulShutdown {
            try await poller.run(startOffset: startOffset) { batch in
                for skipped in batch.skipped {
                    logger.debug("update skipped", metadata: ["update": "\(skipped.updateID)", "reason": "\(skipped.reason)"])
                }
                await pipeline.process(batch.envelopes, from: .telegram, nextOffset: batch.nextOffset)
            }
        }
        logger.info("polling stopped")
    }
}
