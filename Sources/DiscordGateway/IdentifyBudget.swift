import DiscordAPI

/// The session starts the bot may still spend, from `session_start_limit`, counted down locally as
/// Identify is sent: at most `remaining` before `reset_after` passes, and at most `max_concurrency`
/// within any 5 seconds. Spending more gets every session terminated and the token reset, so this
/// is never exceeded; when it is spent the session waits for the reset and asks Discord again.
///
/// Discord measures the 5 seconds on its side, when each Identify arrives; the client counts from
/// when it decided to send. A first Identify that spent longer on its way than the next would arrive
/// less than 5 s before it, so the window is widened by a margin (``window``, 5 s + margin).
///
/// Times are the clock's uptime (monotonic), never the wall clock.
struct IdentifyBudget: Sendable, Hashable {
    /// When an Identify may be sent.
    enum Availability: Sendable, Hashable {
        case now
        /// The concurrency window is full until then.
        case after(Duration)
        /// Nothing remains; Discord resets the count then (ask `GET /gateway/bot` again after it).
        case exhausted(until: Duration)
    }

    /// Discord's window for `max_concurrency`.
    static let discordWindow: Duration = .seconds(5)

    /// The window the client keeps: Discord's plus the margin.
    let window: Duration

    private(set) var remaining: Int
    private(set) var resetAt: Duration
    private(set) var maxConcurrency: Int
    /// When the limit was learnt.
    private(set) var learnedAt: Duration
    /// Identifies sent within the last ``window``.
    private var recent: [Duration] = []

    init(_ limit: DiscordGatewayBot.SessionStartLimit, now: Duration, margin: Duration = .seconds(1)) {
        window = Self.discordWindow + margin
        remaining = max(0, limit.remaining)
        resetAt = now + .milliseconds(max(0, limit.resetAfter))
        maxConcurrency = max(1, limit.maxConcurrency)
        learnedAt = now
    }

    /// Takes Discord's newer numbers; identifies sent within the window still count against concurrency.
    mutating func update(_ limit: DiscordGatewayBot.SessionStartLimit, now: Duration) {
        let recent = self.recent
        self = IdentifyBudget(limit, now: now, margin: window - Self.discordWindow)
        self.recent = recent
    }

    func availability(now: Duration) -> Availability {
        guard remaining > 0 else { return .exhausted(until: resetAt) }
        let inWindow = recent.filter { now - $0 < window }
        guard inWindow.count >= maxConcurrency, let oldest = inWindow.min() else { return .now }
        return .after(oldest + window)
    }

    /// Records one Identify sent at `now`. Call only when ``availability(now:)`` is `.now`.
    mutating func spend(now: Duration) {
        precondition(remaining > 0, "identify budget exceeded")
        remaining -= 1
        recent = recent.filter { now - $0 < window } + [now]
    }
}
