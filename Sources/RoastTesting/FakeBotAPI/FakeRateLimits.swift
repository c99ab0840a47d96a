/// Telegram's broadcast limits, which the fake enforces when configured (off by default).
/// https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this
public struct FakeRateLimits: Sendable, Equatable {
    /// Steady rate per chat (Telegram: about one message per second).
    public var perChatPerSecond: Double
    /// Messages a chat may take at once before the steady rate applies (Telegram tolerates short bursts).
    public var perChatBurst: Int
    /// Messages per minute in one group or supergroup.
    public var perGroupPerMinute: Int
    /// Messages per second across all chats.
    public var globalPerSecond: Int

    public init(
        perChatPerSecond: Double = 1, perChatBurst: Int = 3, perGroupPerMinute: Int = 20,
        globalPerSecond: Int = 30
    ) {
        self.perChatPerSecond = perChatPerSecond
        self.perChatBurst = perChatBurst
        self.perGroupPerMinute = perGroupPerMinute
        self.globalPerSecond = globalPerSecond
    }

    public static let telegram = FakeRateLimits()
}
