import Foundation

/// Throttles one person who sends too many commands: more than `limit` within `window` seconds of
/// event time earns one polite notice, then their commands are ignored for `cooldown` seconds.
/// Everyone else is unaffected: the state is per key (chat and user).
///
/// A pure value: the caller passes each event's own timestamp and keeps the value (in memory).
public struct CommandRateLimiter<Key: Hashable & Sendable>: Sendable {
    public var limit: Int
    public var window: TimeInterval
    public var cooldown: TimeInterval
    private var recent: [Key: [Date]] = [:]
    private var mutedUntil: [Key: Date] = [:]

    public init(limit: Int = 5, window: TimeInterval = 10, cooldown: TimeInterval = 30) {
        self.limit = max(limit, 1)
        self.window = window
        self.cooldown = cooldown
    }

    /// Counts one command by `key` at `date` and decides what to do with it.
    public mutating func admit(_ key: Key, at date: Date) -> ThrottleVerdict {
        if let until = mutedUntil[key] {
            if date < until { return .ignore }
            mutedUntil[key] = nil
            recent[key] = nil
        }
        var times = (recent[key] ?? []).filter { date.timeIntervalSince($0) < window && $0 <= date }
        times.append(date)
        if times.count > limit {
            recent[key] = nil
            mutedUntil[key] = date.addingTimeInterval(cooldown)
            return .warn
        }
        recent[key] = times
        return .allow
    }

    /// Forgets keys with nothing recent at `date` (keeps memory bounded in a long-running process).
    public mutating func prune(at date: Date) {
        recent = recent.filter { _, times in times.contains { date.timeIntervalSince($0) < window } }
        mutedUntil = mutedUntil.filter { $0.value > date }
    }

    /// Number of keys currently tracked.
    public var trackedCount: Int { Set(recent.keys).union(mutedUntil.keys).count }
}

/// What to do with one command, as ``CommandRateLimiter`` decides.
public enum ThrottleVerdict: Sendable, Hashable {
    case allow
    /// Over the limit: tell the person once, then ignore.
    case warn
    case ignore
}
