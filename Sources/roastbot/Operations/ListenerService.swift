import HTTPServing
import Logging
import ServiceLifecycle

/// Keeps the HTTP listeners (started before the service group, so that a busy port stops start-up
/// with one line) until graceful shutdown, then stops them.
struct ListenerService: Service {
    let listeners: [HTTPServer]
    let logger: Logger

    func run() async throws {
        try? await gracefulShutdown()
        for listener in listeners { await listener.stop() }
        logger.info("HTTP listeners stopped")
    }
}
