/// A reaction on a message. <https://core.telegram.org/bots/api#reactiontype>
///
/// Types Telegram adds later decode as ``unknown(type:)`` rather than failing the update.
public enum ReactionType: Sendable, Hashable, Codable {
    case emoji(String)
    case customEmoji(id: String)
    case paid
    case unknown(type: String)

    enum CodingKeys: String, CodingKey {
        case type, emoji
        case customEmojiID = "custom_emoji_id"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let type = try c.decode(String.self, forKey: .type)
        switch type {
        case "emoji": self = .emoji(try c.decode(String.self, forKey: .emoji))
        case "custom_emoji": self = .customEmoji(id: try c.decode(String.self, forKey: .customEmojiID))
        case "paid": self = .paid
        default: self = .unknown(type: type)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .emoji(let emoji):
            try c.encode("emoji", forKey: .type)
            try c.encode(emoji, forKey: .emoji)
        case .customEmoji(let id):
            try c.encode("custom_emoji", forKey: .type)
            try c.encode(id, forKey: .customEmojiID)
        case .paid:
            try c.encode("paid", forKey: .type)
        case .unknown(let type):
            try c.encode(type, forKey: .type)
        }
    }
}
