import Synchronization

/// When the bot last heard from its platform: the adapter records each successful poll (or webhook
/// delivery, or webhook check) with the monotonic time it happened, and the health check asks how
/// long ago that was. A bot that has not heard from its platform for a while receives nothing, however
/// healthy it looks otherwise.
public final class PlatformContact: Sendable {
    /// What counts as contact, for messages ("poll", "webhook delivery or check").
    public let name: String
    private let last = Mutex<Duration?>(nil)

    public init(name: String) {
        self.name = name
    }

    /// The platform answered at `uptime` (a ``Timekeeping``-style monotonic reading).
    public func succeeded(atUptime uptime: Duration) {
        last.withLock { last in last = max(last ?? uptime, uptime) }
    }

    /// The uptime of the last successful contact, nil before the first.
    public var lastSuccess: Duration? { last.withLock { $0 } }
}
