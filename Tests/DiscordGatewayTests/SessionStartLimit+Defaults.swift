import DiscordAPI

extension DiscordGatewayBot.SessionStartLimit {
    /// A fresh day's budget: 1,000 session starts, one Identify per 5 seconds.
    static let plenty = Self(total: 1_000, remaining: 1_000, resetAfter: 86_400_000, maxConcurrency: 1)

    static func limit(total: Int = 1_000, remaining: Int, resetAfter: Int = 86_400_000, maxConcurrency: Int = 1) -> Self {
        Self(total: total, remaining: remaining, resetAfter: resetAfter, maxConcurrency: maxConcurrency)
    }
}
