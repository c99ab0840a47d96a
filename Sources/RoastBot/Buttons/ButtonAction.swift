import ChatPlatform
import RoastCore
import RoastStore

/// What an inline button does. Encoded compactly (`r:123:f`) so that every payload stays far below
/// Telegram's 64-byte callback-data limit; anything that does not decode is a stale or forged press.
public enum ButtonAction: Sendable, Hashable {
    /// A quick reaction on a roast.
    case react(RoastID, ReactionKind)
    /// Toggle ⭐ on a roast.
    case favorite(RoastID)
    /// 🔁 another roast like this one.
    case another(RoastID)
    /// Sets the presser's mood for today; nil clears it.
    case setMood(Mood?)
    /// Shows a page (from 1) of the presser's favorites.
    case favoritesPage(Int)
    /// 🧊 use the freeze to restore this person's broken streak (only they may press it).
    case restoreStreak(UserID)
    /// Switch `/top` to another tab, editing the message in place.
    case leaderboard(LeaderboardMetric)
    /// Pick a collection for the presser's next roasts (`/collections`); nil: back to regular roasts.
    case chooseCollection(String?)
    /// A roast from a collection right now (the seasonal banner's button).
    case tryCollection(String)
    /// A settings-panel button (admins only in groups).
    case setting(SettingChange)
    /// `/forgetme`'s confirmation (`confirm` true) or cancel, valid only for `user`.
    case forget(UserID, confirm: Bool)

    public var payload: String {
        switch self {
        case .react(let id, let kind): "r:\(id.rawValue):\(kind.code)"
        case .favorite(let id): "f:\(id.rawValue)"
        case .another(let id): "a:\(id.rawValue)"
        case .setMood(let mood): "md:\(mood?.rawValue ?? "off")"
        case .favoritesPage(let page): "fv:\(page)"
        case .restoreStreak(let user): "z:\(user.rawValue)"
        case .leaderboard(let metric): "t:\(metric.code)"
        case .chooseCollection(let id): "c:\(id ?? "")"
        case .tryCollection(let id): "tc:\(id)"
        case .setting(let change): "s:" + change.payload
        case .forget(let user, let confirm): "x:\(confirm ? 1 : 0):\(user.rawValue)"
        }
    }

    /// Decodes a payload; nil for anything malformed.
    public init?(payload: String) {
        guard payload.utf8.count <= 64 else { return nil }
        let parts = payload.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard let tag = parts.first else { return nil }
        if tag == "s" {
            guard let change = SettingChange(payload: String(payload.dropFirst(2))) else { return nil }
            self = .setting(change)
            return
        }
        switch (tag, parts.count) {
        case ("r", 3):
            guard let id = Self.roastID(parts[1]), let kind = ReactionKind(code: parts[2]) else { return nil }
            self = .react(id, kind)
        case ("f", 2):
            guard let id = Self.roastID(parts[1]) else { return nil }
            self = .favorite(id)
        case ("a", 2):
            guard let id = Self.roastID(parts[1]) else { return nil }
            self = .another(id)
        case ("md", 2):
            guard parts[1] == "off" || Mood(rawValue: parts[1]) != nil else { return nil }
            self = .setMood(Mood(rawValue: parts[1]))
        case ("fv", 2):
            guard parts[1].count <= 4, let page = Int(parts[1]), page >= 1 else { return nil }
            self = .favoritesPage(page)
        case ("z", 2):
            guard parts[1].count <= 19, let raw = Int64(parts[1]), raw > 0 else { return nil }
            self = .restoreStreak(UserID(raw))
        case ("t", 2):
            guard let metric = LeaderboardMetric(code: parts[1]) else { return nil }
            self = .leaderboard(metric)
        case ("c", 2):
            guard parts[1].isEmpty || Self.isCollectionID(parts[1]) else { return nil }
            self = .chooseCollection(parts[1].isEmpty ? nil : parts[1])
        case ("tc", 2):
            guard Self.isCollectionID(parts[1]) else { return nil }
            self = .tryCollection(parts[1])
        case ("x", 3):
            guard parts[1] == "0" || parts[1] == "1", let user = Int64(parts[2]) else { return nil }
            self = .forget(UserID(user), confirm: parts[1] == "1")
        default:
            return nil
        }
    }

    /// Collection ids as the catalog allows them (whether one exists is the handler's question).
    private static func isCollectionID(_ text: String) -> Bool {
        text.utf8.count <= 24 && !text.isEmpty
            && text.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F }
    }

    private static func roastID(_ text: String) -> RoastID? {
        guard text.count <= 19, let raw = Int64(text), raw > 0 else { return nil }
        return RoastID(rawValue: raw)
    }
}
