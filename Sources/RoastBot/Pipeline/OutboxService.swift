import Foundation
import Logging
import ServiceLifecycle

/// Runs the outbox delivery loop as a service; on graceful shutdown it stops the loop, then makes
/// one last delivery pass bounded by `grace` seconds of real time, so that queued replies go out
/// as far as the throttle allows. What is left stays in the outbox for the next start.
public struct OutboxService: Service {
    private let outbox: OutboxDeliverer
    private let grace: Double
    private let logger: Logger

    public init(outbox: OutboxDeliverer, grace: Double, logger: Logger) {
        self.outbox = outbox
        self.grace = grace
        self.logger = logger
    }

    public func run() async throws {
        let loop = Task { await outbox.run() }
        do {
            try await gracefulShutdown()
        } catch {
            loop.cancel()
            return
        }
        loop.cancel()
        await loop.value
        let left = await withTaskGroup(of: Int?.self) { group -> Int? in
            group.addTask { await outbox.deliverPending() }
            group.addTask {
                try? await Task.sleep(for: .seconds(grace))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        logger.info("outbox flushed for shutdown", metadata: ["left": "\(left.map(String.init) ?? "unknown (grace elapsed)")"])
        let unmarked = outbox.unmarkedCount
        if unmarked > 0 {
            logger.warning(
                "messages sent while the database could not record it will be sent again after the restart",
                metadata: ["messages": "\(unmarked)"])
        }
    }
}
