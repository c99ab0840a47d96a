import Synchronization

/// When the bot last heard from its platform: the adapter records each successful poll (or webhook
/// delivery, or webhook check) with the monotonic time it happened, and the health check asks how
/// long ago that was. A bot that has not heard from its platform for a while receives nothing, however
/// healthy it looks otherwise.
///
/// A platform that keeps a link open instead (Discord's gateway session) records when it opened and
/// closed: the bot is in contact for as long as the link is open, and since it closed once it is not.
public final class PlatformContact: Sendable {
    /// What counts as contact, for messages ("poll", "webhook delivery or check", "gateway session").
    public let name: String
    private let state = Mutex<(last: Duration?, isOpen: Bool)>((nil, false))

    public init(name: String) {
        self.name = name
    }

    /// The platform answered at `uptime` (a ``Timekeeping``-style monotonic reading).
    public func succeeded(atUptime uptime: Duration) {
        state.withLock { state in state.last = max(state.last ?? uptime, uptime) }
    }

    /// The link opened at `uptime`: in contact from now until ``closed(atUptime:)``.
    public func opened(atUptime uptime: Duration) {
        state.withLock { state in
            state.last = max(state.last ?? uptime, uptime)
            state.isOpen = true
        }
    }

    /// The link closed at `uptime`, the last moment of contact; nothing when it was not open.
    public func closed(atUptime uptime: Duration) {
        state.withLock { state in
            guard state.isOpen else { return }
            state.last = max(state.last ?? uptime, uptime)
            state.isOpen = false
        }
    }

    /// The uptime of the last successful contact, nil before the first (an open link's is when it opened).
    public var lastSuccess: Duration? { state.withLock { $0.last } }

    /// The last contact as of `now`: `now` while a link is open, else ``lastSuccess``; and whether it is open.
    public func contact(atUptime now: Duration) -> (last: Duration?, isOpen: Bool) {
        state.withLock { state in state.isOpen ? (now, true) : (state.last, false) }
    }
}
