import ChatPlatform
import Foundation
import Synchronization
import Timekeeping

/// Paces sends so that Telegram's rate limits are never hit: about one message per second in a
/// chat, at most 20 per minute in a group and at most 30 per second overall, plus the waits that
/// Telegram orders with `retry_after`.
///
/// Every ``acquire(chat:isGroup:)`` reserves the earliest instant that keeps every limit, then
/// sleeps on the injected clock until then. Reserving (instead of polling) makes the throttle
/// fair and cheap: callers for different chats do not wait for each other beyond the global
/// limit, a chat waiting out its own interval does not hold back other chats, sends to one chat
/// keep their order, and thousands of waiters each sleep exactly once.
///
/// The global limit holds in every window of one second, not just in fixed buckets; the group
/// limit in every window of 60 seconds. See https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this.
public final class SendThrottle: Sendable {
    /// Rate limits; a limit of zero (or less) is not enforced.
    public struct Limits: Sendable, Hashable {
        /// Least time between two sends to the same chat, in seconds.
        public var perChatInterval: Double
        /// Most sends to one group in any 60-second window.
        public var perGroupPerMinute: Int
        /// Most sends overall in any 1-second window.
        public var globalPerSecond: Int
        /// Seconds added to the 1-second and 60-second windows. Telegram counts sends as they arrive,
        /// and network delays vary from one request to the next: two sends spaced by exactly one
        /// window here can arrive a little closer together there. A few hundredths of a second keep
        /// the limits on Telegram's side too, at a cost of a few percent of the rate.
        public var margin: Double
        /// Also keep consecutive sends overall at least 1/`globalPerSecond` apart, instead of letting
        /// a second's worth go out in one burst. Bursts are exact for a sliding window, but network
        /// jitter can bunch one burst's requests against the next one's at the server, which
        /// counts with a token bucket (as the fake Bot API does): evenly spaced sends keep almost a
        /// full second of slack. Same throughput; on for Telegram.
        public var evenGlobalSpacing: Bool

        public init(
            perChatInterval: Double = 1.0, perGroupPerMinute: Int = 20, globalPerSecond: Int = 30, margin: Double = 0,
            evenGlobalSpacing: Bool = false
        ) {
            self.perChatInterval = perChatInterval
            self.perGroupPerMinute = perGroupPerMinute
            self.globalPerSecond = globalPerSecond
            self.margin = margin
            self.evenGlobalSpacing = evenGlobalSpacing
        }

        /// Telegram's published limits — about one message a second per chat, 20 a minute per group,
        /// 30 a second overall — with 30 ms of margin and even spacing for network jitter.
        public static let telegram = Limits(
            perChatInterval: 1.0, perGroupPerMinute: 20, globalPerSecond: 30, margin: 0.03, evenGlobalSpacing: true)
    }

    public let limits: Limits
    private let clock: any WallClock
    private let schedule: Mutex<SendSchedule>

    public init(limits: Limits = Limits(), clock: any WallClock) {
        self.limits = limits
        self.clock = clock
        self.schedule = Mutex(SendSchedule(limits: limits))
    }

    /// Suspends until a send to `chat` is allowed by every limit and back-off, then counts that
    /// send as made (at the moment this returns). Times are the clock's ``WallClock/uptime``: setting
    /// the machine's clock neither stalls nor rushes a send.
    ///
    /// Throws `CancellationError` if the task is cancelled while waiting; the reserved slot is
    /// then released for other callers.
    public func acquire(chat: ChatID, isGroup: Bool) async throws {
        try Task.checkCancellation()
        var slot = schedule.withLock { $0.reserve(chat: chat, isGroup: isGroup, now: microseconds(clock.uptime)) }
        while true {
            if slot.time > microseconds(clock.uptime) {
                do {
                    try await clock.sleep(untilUptime: .microseconds(slot.time))
                    try Task.checkCancellation()
                } catch {
                    schedule.withLock { $0.release(slot, chat: chat) }
                    throw error
                }
            }
            let next = schedule.withLock { $0.confirm(slot, chat: chat, isGroup: isGroup, now: microseconds(clock.uptime)) }
            guard let next else { return }
            slot = next
        }
    }

    /// Holds back every send to `chat` — or to every chat when `chat` is nil — for `seconds`
    /// from now, as Telegram's `retry_after` demands. Sends already waiting are pushed back too;
    /// a longer back-off already in force is kept.
    public func backOff(chat: ChatID?, seconds delay: Int) {
        // Bounded as the schedule bounds every span: a server's absurd retry_after must not overflow it.
        let until = microseconds(clock.uptime) + SendSchedule.microseconds(Double(delay))
        schedule.withLock { $0.backOff(chat: chat, until: until) }
    }

    /// Whole microseconds of uptime, rounded up, so that a sleeper woken at its deadline counts as
    /// having reached it.
    private func microseconds(_ uptime: Duration) -> Int64 {
        let parts = uptime.components
        return parts.seconds * 1_000_000 + (parts.attoseconds + 999_999_999_999) / 1_000_000_000_000
    }
}
