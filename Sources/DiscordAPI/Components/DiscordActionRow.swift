import APIDecoding

/// A row of up to 5 buttons; a legacy message (text beside its buttons) holds up to 5 rows.
/// <https://discord.com/developers/docs/components/reference#action-row>
public struct DiscordActionRow: Sendable, Hashable, Codable {
    public var buttons: [DiscordButton]

    public init(_ buttons: [DiscordButton]) { self.buttons = buttons }

    enum CodingKeys: String, CodingKey { case type, components }

    /// Fails only when it is not an action row; selects and other children in it are dropped.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard try c.decode(DiscordComponentType.self, forKey: .type) == .actionRow else {
            throw DecodingError.dataCorruptedError(forKey: .type, in: c, debugDescription: "not an action row")
        }
        buttons = (try? c.decodeIfPresent(LossyArray<DiscordButton>.self, forKey: .components))?.elements ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(DiscordComponentType.actionRow, forKey: .type)
        try c.encode(buttons, forKey: .components)
    }
}
