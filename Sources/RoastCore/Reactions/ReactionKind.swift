/// The four quick reactions on a roast.
public enum ReactionKind: String, Sendable, Hashable, Codable, CaseIterable {
    case hilarious = "😂"
    case fire = "🔥"
    case meh = "😐"
    case dislike = "👎"

    /// Compact code for button payloads and storage.
    public var code: String {
        switch self {
        case .hilarious: "h"
        case .fire: "f"
        case .meh: "m"
        case .dislike: "d"
        }
    }

    public init?(code: String) {
        guard let kind = Self.allCases.first(where: { $0.code == code }) else { return nil }
        self = kind
    }

    /// Maps a native platform reaction emoji to a quick reaction. 😂 is not a Telegram reaction,
    /// so 🤣 and 😁 stand for it; other emoji are ignored (nil).
    public init?(nativeEmoji: String) {
        switch nativeEmoji {
        case "🤣", "😁", "😂": self = .hilarious
        case "🔥", "❤‍🔥", "❤️‍🔥": self = .fire
        case "😐", "🥱": self = .meh
        case "👎", "💩": self = .dislike
        default: return nil
        }
    }
}
