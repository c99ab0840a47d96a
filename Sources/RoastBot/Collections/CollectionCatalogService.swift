import Logging
import ServiceLifecycle
import Timekeeping

/// Keeps ``CollectionCatalogStore`` in step with its file while the bot runs: looks at the file's
/// modification date every `interval` seconds, and re-reads it at once on each reload request
/// (SIGHUP). A rejected file is logged with the reason and the last good catalog stays.
public struct CollectionCatalogService: Service {
    private let store: CollectionCatalogStore
    private let clock: any WallClock
    private let interval: Double
    private let reloadRequests: AsyncStream<Void>?
    private let logger: Logger

    public init(
        store: CollectionCatalogStore, clock: any WallClock, interval: Double = 3, reloadRequests: AsyncStream<Void>? = nil, logger: Logger
    ) {
        self.store = store
        self.clock = clock
        self.interval = interval
        self.reloadRequests = reloadRequests
        self.logger = logger
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown { await watch() }
    }

    /// Watches until the task is cancelled.
    public func watch() async {
        await withTaskGroup(of: Void.self) { group in
            if let reloadRequests {
                group.addTask {
                    for await _ in reloadRequests {
                        report(store.reload(), trigger: "signal")
                    }
                }
            }
            group.addTask {
                while !Task.isCancelled {
                    do { try await clock.sleep(for: interval) } catch { return }
                    report(store.reloadIfChanged(), trigger: "file change")
                }
            }
            await group.waitForAll()
        }
    }

    private func report(_ outcome: CollectionCatalogStore.ReloadOutcome, trigger: String) {
        switch outcome {
        case .unchanged:
            break
        case .reloaded(let count):
            logger.notice("collections reloaded", metadata: ["collections": "\(count)", "trigger": "\(trigger)"])
        case .rejected(let reason):
            logger.error("collections file rejected; keeping the last good catalog", metadata: ["reason": "\(reason)"])
        }
    }
}
