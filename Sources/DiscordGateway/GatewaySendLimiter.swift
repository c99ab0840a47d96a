/// Discord's limit on what a client sends over one connection: 120 events per 60 seconds, past which
/// the gateway disconnects (4008). A sliding log of send times; ``reserve`` of the limit is kept for
/// heartbeats, Identify and Resume, so commands can never starve the heartbeat.
struct GatewaySendLimiter: Sendable, Hashable {
    enum Priority: Sendable {
        /// Heartbeats, Identify, Resume: the whole limit.
        case session
        /// Commands from the application: the limit minus the reserve.
        case command
    }

    let limit: Int
    let window: Duration
    let reserve: Int
    private var sent: [Duration] = []

    init(limit: Int, window: Duration, reserve: Int) {
        self.limit = max(1, limit)
        self.window = window
        self.reserve = min(max(0, reserve), self.limit - 1)
    }

    /// When a send of this priority is next allowed (`now` or later).
    mutating func nextAllowed(_ priority: Priority, now: Duration) -> Duration {
        sent.removeAll { now - $0 >= window }
        let allowed = priority == .session ? limit : limit - reserve
        guard sent.count >= allowed else { return now }
        return sent[sent.count - allowed] + window
    }

    /// Records a send at `now`; false (and nothing recorded) if the limit does not allow it now.
    mutating func record(_ priority: Priority, now: Duration) -> Bool {
        guard nextAllowed(priority, now: now) <= now else { return false }
        sent.append(now)
        return true
    }
}
