/// The four quick reactions on a roast. A platform's own reactions count as them by the mapping its
/// adapter gives (ChatPlatform's `PlatformProfile.NativeReactions`), by their emoji (``rawValue``).
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
}
