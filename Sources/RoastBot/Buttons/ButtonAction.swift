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
    /// A settings-panel button (admins only in groups).
    case setting(SettingChange)
    /// `/forgetme`'s confirmation (`confirm` true) or cancel, valid only for `user`.
    case forget(UserID, confirm: Bool)

    public var payload: String {
        switch self {
        case .react(let id, let kind): "r:\(id.rawValue):\(kind.code)"
        case .favorite(let id): "f:\(id.rawValue)"
        case .another(let id): "a:\(id.rawValue)"
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
        case ("x", 3):
            guard parts[1] == "0" || parts[1] == "1", let user = Int64(parts[2]) else { return nil }
            self = .forget(UserID(user), confirm: parts[1] == "1")
        default:
            return nil
        }
    }

    private static func roastID(_ text: String) -> RoastID? {
        guard text.count <= 19, let raw = Int64(text), raw > 0 else { return nil }
        return RoastID(rawValue: raw)
    }
}
