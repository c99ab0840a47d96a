/// An emoji as reactions and buttons carry it: a Unicode emoji has only a `name` (the emoji itself); a custom one has
/// an `id` and its name. <https://discord.com/developers/docs/resources/emoji#emoji-object>
public struct DiscordEmoji: Sendable, Hashable, Codable {
    public var id: DiscordEmojiID?
    /// The emoji itself for a Unicode emoji; the custom emoji's name otherwise (nil when it was deleted).
    public var name: String?
    public var animated: Bool?

    public init(id: DiscordEmojiID? = nil, name: String?, animated: Bool? = nil) {
        self.id = id
        self.name = name
        self.animated = animated
    }

    /// A standard Unicode emoji (😂, 🔥).
    public static func unicode(_ emoji: String) -> DiscordEmoji { DiscordEmoji(name: emoji) }

    /// The Unicode emoji, or nil for a custom one.
    public var unicodeValue: String? { id == nil ? name : nil }

    enum CodingKeys: String, CodingKey { case id, name, animated }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try? c.decodeIfPresent(DiscordEmojiID.self, forKey: .id)
        name = try? c.decodeIfPresent(String.self, forKey: .name)
        animated = try? c.decodeIfPresent(Bool.self, forKey: .animated)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encodeIfPresent(name, forKey: .name)
        if animated == true { try c.encode(true, forKey: .animated) }
    }
}
