/// Token buckets for Telegram's send limits: per chat (steady rate with a burst), per group (a one-minute
/// window) and global. Time is passed in, in seconds on a monotonic clock, so the rules are plain values.
struct SendRateLimiter: Sendable {
    var limits: FakeRateLimits
    private var chatBuckets: [Int64: Bucket] = [:]
    private var groupSends: [Int64: [Double]] = [:]
    private var global: Bucket?

    init(limits: FakeRateLimits) {
        self.limits = limits
    }

    /// Counts one message to `chatID` at `now`, or returns the whole seconds to wait (≥ 1) without counting.
    mutating func admit(chatID: Int64, isGroup: Bool, countsGlobally: Bool, now: Double) -> Int? {
        var chat =
            chatBuckets[chatID]
            ?? Bucket(
                capacity: Double(max(1, limits.perChatBurst)), refillPerSecond: limits.perChatPerSecond,
                now: now)
        var globalBucket =
            global
            ?? Bucket(
                capacity: Double(max(1, limits.globalPerSecond)),
                refillPerSecond: Double(limits.globalPerSecond), now: now
            )
        chat.refill(now: now)
        globalBucket.refill(now: now)
        var window = (groupSends[chatID] ?? []).filter { now - $0 < 60 }

        var wait = 0.0
        if chat.tokens < 1 { wait = max(wait, chat.secondsUntilToken) }
        if countsGlobally, globalBucket.tokens < 1 { wait = max(wait, globalBucket.secondsUntilToken) }
        if isGroup, window.count >= limits.perGroupPerMinute, let oldest = window.first {
            wait = max(wait, 60 - (now - oldest))
        }
        if wait > 0 {
            chatBuckets[chatID] = chat
            global = globalBucket
            return max(1, Int(wait.rounded(.up)))
        }
        chat.tokens -= 1
        if countsGlobally { globalBucket.tokens -= 1 }
        if isGroup { window.append(now) }
        chatBuckets[chatID] = chat
        global = globalBucket
        groupSends[chatID] = window
        return nil
    }

    private struct Bucket: Sendable {
        var capacity: Double
        var refillPerSecond: Double
        var tokens: Double
        var updatedAt: Double

        init(capacity: Double, refillPerSecond: Double, now: Double) {
            self.capacity = capacity
            self.refillPerSecond = refillPerSecond
            self.tokens = capacity
            self.updatedAt = now
        }

        mutating func refill(now: Double) {
            tokens = min(capacity, tokens + (now - updatedAt) * refillPerSecond)
            updatedAt = now
        }

        var secondsUntilToken: Double {
            guard refillPerSecond > 0 else { return 3600 }
            return (1 - tokens) / refillPerSecond
        }
    }
}
