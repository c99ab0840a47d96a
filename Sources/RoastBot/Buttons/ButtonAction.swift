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
    /// Pick a collection for the presser's next roasts (`/collections`); nil: back to regular roasts.
    case chooseCollection(String?)
    /// A roast from a collection right now (the seasonal banner's button).
    case tryCollection(String)

    public var payload: String {
        switch self {
        case .react(let id, let kind): "r:\(id.rawValue):\(kind.code)"
        case .favorite(let id): "f:\(id.rawValue)"
        case .another(let id): "a:\(id.rawValue)"
        case .chooseCollection(let id): "c:\(id ?? "")"
        case .tryCollection(let id): "t:\(id)"
        }
    }

    /// Decodes a payload; nil for anything malformed.
    public init?(payload: String) {
        guard payload.utf8.count <= 64 else { return nil }
        let parts = payload.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard let tag = parts.first else { return nil }
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
        case ("c", 2):
            guard parts[1].isEmpty || Self.isCollectionID(parts[1]) else { return nil }
            self = .chooseCollection(parts[1].isEmpty ? nil : parts[1])
        case ("t", 2):
            guard Self.isCollectionID(parts[1]) else { return nil }
            self = .tryCollection(parts[1])
        default:
            return nil
        }
    }

    /// Collection ids as the catalog allows them (whether one exists is the handler's question).
    private static func isCollectionID(_ text: String) -> Bool {
        text.utf8.count <= 24 && !text.isEmpty && text.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F }
    }

    private static func roastID(_ text: String) -> RoastID? {
        guard text.count <= 19, let raw = Int64(text), raw > 0 else { return nil }
        return RoastID(rawValue: raw)
    }
}
