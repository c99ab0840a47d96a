/// A press on a component of one of the bot's messages: the `custom_id` the bot gave it.
/// <https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object-message-component-data-structure>
public struct DiscordComponentPress: Sendable, Hashable, Codable {
    public var customID: String
    public var componentType: DiscordComponentType
    /// What was picked in a select; empty for a button.
    public var values: [String]

    public init(customID: String, componentType: DiscordComponentType = .button, values: [String] = []) {
        self.customID = customID
        self.componentType = componentType
        self.values = values
    }

    enum CodingKeys: String, CodingKey {
        case values
        case customID = "custom_id"
        case componentType = "component_type"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        customID = try c.decode(String.self, forKey: .customID)
        componentType = try c.decode(DiscordComponentType.self, forKey: .componentType)
        values = (try? c.decodeIfPresent([String].self, forKey: .values)) ?? []
    }
}
