/// The session starts the bot may still spend, from `session_start_limit`, counted down locally as
/// Identify is sent: at most `remaining` before `reset_after` passes, and at most `max_concurrency`
/// within any 5 seconds. Spending more gets every session terminated and the token reset, so this
/// is never exceeded; when it is spent the session waits for the reset and asks Discord again.
///
/// Times are the clock's uptime (monotonic), never the wall clock.
struct IdentifyBudget: Sendable, Hashable {
    /// When an Identify may be sent.
    enum Availability: Sendable, Hashable {
        case now
        /// The 5-second window is full until then.
        case after(Duration)
        /// Nothing remains; Discord resets the count then (ask `GET /gateway/bot` again after it).
        case exhausted(until: Duration)
    }

    static let concurrencyWindow: Duration = .seconds(5)

    private(set) var remaining: Int
    private(set) var resetAt: Duration
    private(set) var maxConcurrency: Int
    /// When the limit was learnt.
    private(set) var learnedAt: Duration
    /// Identifies sent in the last 5 seconds.
    private var recent: [Duration] = []

    init(_ limit: SessionStartLimit, now: Duration) {
        remaining = max(0, limit.remaining)
        resetAt = now + .milliseconds(max(0, limit.resetAfter))
        maxConcurrency = max(1, limit.maxConcurrency)
        learnedAt = now
    }

    /// Takes Discord's newer numbers; identifies sent in the last 5 s still count against concurrency.
    mutating func update(_ limit: SessionStartLimit, now: Duration) {
        let recent = self.recent
        self = IdentifyBudget(limit, now: now)
        self.recent = recent
    }

    func availability(now: Duration) -> Availability {
        guard remaining > 0 else { return .exhausted(until: resetAt) }
        let window = recent.filter { now - $0 < Self.concurrencyWindow }
        guard window.count >= maxConcurrency, let oldest = window.min() else { return .now }
        return .after(oldest + Self.concurrencyWindow)
    }

    /// Records one Identify sent at `now`. Call only when ``availability(now:)`` is `.now`.
    mutating func spend(now: Duration) {
        precondition(remaining > 0, "identify budget exceeded")
        remaining -= 1
        recent = recent.filter { now - $0 < Self.concurrencyWindow } + [now]
    }
}
