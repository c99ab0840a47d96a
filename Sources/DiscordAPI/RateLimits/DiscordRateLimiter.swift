import Logging
import Synchronization
import Timekeeping

/// The transport's rate limiter: ``DiscordRateLimitState``'s decisions, carried out by waiting on an injected clock
/// (its monotonic ``WallClock/uptime``), so tests drive it with a `ManualClock`.
final class DiscordRateLimiter: Sendable {
    private let state: Mutex<DiscordRateLimitState>
    private let clock: any WallClock
    private let signal = CompletionSignal()
    private let logger: Logger
    /// A wait longer than this is not made: the request fails with ``DiscordError/rateLimited(retryAfter:global:)``.
    let maximumWait: Double

    init(configuration: DiscordRateLimitState.Configuration, maximumWait: Double, clock: any WallClock, logger: Logger) {
        self.state = Mutex(DiscordRateLimitState(configuration: configuration))
        self.maximumWait = maximumWait
        self.clock = clock
        self.logger = logger
    }

    /// Waits until a request on `route` may go, and reserves its place.
    ///
    /// Throws ``DiscordError/rateLimited(retryAfter:global:)`` when the wait would be longer than ``maximumWait``,
    /// and ``DiscordError/network(_:)`` with `.cancelled` when the calling task is cancelled.
    func acquire(_ route: DiscordRoute) async throws(DiscordError) -> DiscordRateLimitState.Ticket {
        var loggedGuard = false
        while true {
            if Task.isCancelled { throw .network(.cancelled) }
            let now = clock.uptime
            let (decision, completions) = state.withLock { ($0.reserve(route, now: now), $0.completions) }
            switch decision {
            case .proceed(let ticket):
                return ticket
            case .wait(let until, let reason):
                let seconds = (until - now).seconds
                guard seconds <= min(maximumWait, route.maximumWait ?? maximumWait) else {
                    throw .rateLimited(retryAfter: seconds, global: reason.isGlobal)
                }
                if reason == .invalidRequestGuard, !loggedGuard {
                    loggedGuard = true
                    logger.warning(
                        "Discord: too many refused requests (401/403/429) in the last minute; holding all requests",
                        metadata: ["wait_seconds": "\(seconds)"])
                } else {
                    logger.debug(
                        "Discord rate limit: waiting", metadata: ["route": "\(route)", "reason": "\(reason)", "wait_seconds": "\(seconds)"])
                }
                do {
                    try await clock.sleep(untilUptime: until)
                } catch {
                    throw .network(.cancelled)
                }
            case .awaitCompletion:
                await signal.wait(after: completions)
            }
        }
    }

    /// Learns from a response; see ``DiscordRateLimitState/complete(_:route:status:headers:retryAfter:global:now:)``.
    func complete(
        _ ticket: DiscordRateLimitState.Ticket, route: DiscordRoute, status: Int, headers: DiscordRateLimitHeaders,
        retryAfter: Double?, global: Bool?
    ) -> DiscordRateLimitState.Completion {
        let now = clock.uptime
        let (completion, count) = state.withLock { state in
            let completion = state.complete(
                ticket, route: route, status: status, headers: headers, retryAfter: retryAfter, global: global, now: now)
            return (completion, state.completions)
        }
        signal.signal(count: count)
        return completion
    }

    /// A reserved request ended without a response.
    func abandon(_ ticket: DiscordRateLimitState.Ticket, route: DiscordRoute) {
        let count = state.withLock { state in
            state.abandon(ticket, route: route)
            return state.completions
        }
        signal.signal(count: count)
    }

    /// Invalid responses (401, 403, counted 429s) within the guard's window.
    var invalidResponseCount: Int {
        let now = clock.uptime
        return state.withLock { $0.invalidResponseCount(now: now) }
    }
}
