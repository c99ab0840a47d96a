/// A button in an action row: an action button sends an interaction with its `custom_id` (1–100 characters, unique in
/// its message); a link button opens its URL and sends nothing. A label is at most 80 characters; a button shows a
/// label, an emoji or both. <https://discord.com/developers/docs/components/reference#button>
public struct DiscordButton: Sendable, Hashable, Codable {
    public var style: Style
    public var label: String?
    public var emoji: DiscordEmoji?
    /// Action buttons only.
    public var customID: String?
    /// Link buttons only.
    public var url: String?
    public var disabled: Bool

    public init(
        style: Style, label: String? = nil, emoji: DiscordEmoji? = nil, customID: String? = nil, url: String? = nil,
        disabled: Bool = false
    ) {
        self.style = style
        self.label = label
        self.emoji = emoji
        self.customID = customID
        self.url = url
        self.disabled = disabled
    }

    /// A button that sends an interaction carrying `customID` when pressed.
    public static func action(
        customID: String, label: String? = nil, emoji: DiscordEmoji? = nil, style: Style = .secondary, disabled: Bool = false
    ) -> DiscordButton {
        DiscordButton(style: style, label: label, emoji: emoji, customID: customID, disabled: disabled)
    }

    /// A button that opens `url`.
    public static func link(url: String, label: String? = nil, emoji: DiscordEmoji? = nil) -> DiscordButton {
        DiscordButton(style: .link, label: label, emoji: emoji, url: url)
    }

    /// A button's look. <https://discord.com/developers/docs/components/reference#button-button-styles>
    public enum Style: Sendable, Hashable, Codable {
        case primary
        case secondary
        case success
        case danger
        case link
        case premium
        case other(Int)

        public init(rawValue: Int) {
            self =
                switch rawValue {
                case 1: .primary
                case 2: .secondary
                case 3: .success
                case 4: .danger
                case 5: .link
                case 6: .premium
                default: .other(rawValue)
                }
        }

        public var rawValue: Int {
            switch self {
            case .primary: 1
            case .secondary: 2
            case .success: 3
            case .danger: 4
            case .link: 5
            case .premium: 6
            case .other(let value): value
            }
        }

        public init(from decoder: any Decoder) throws {
            self.init(rawValue: try decoder.singleValueContainer().decode(Int.self))
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }
    }

    enum CodingKeys: String, CodingKey {
        case type, style, label, emoji, url, disabled
        case customID = "custom_id"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard try c.decode(DiscordComponentType.self, forKey: .type) == .button else {
            throw DecodingError.dataCorruptedError(forKey: .type, in: c, debugDescription: "not a button")
        }
        style = try c.decode(Style.self, forKey: .style)
        label = try? c.decodeIfPresent(String.self, forKey: .label)
        emoji = try? c.decodeIfPresent(DiscordEmoji.self, forKey: .emoji)
        customID = try? c.decodeIfPresent(String.self, forKey: .customID)
        url = try? c.decodeIfPresent(String.self, forKey: .url)
        disabled = (try? c.decodeIfPresent(Bool.self, forKey: .disabled)) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(DiscordComponentType.button, forKey: .type)
        try c.encode(style, forKey: .style)
        try c.encodeIfPresent(label, forKey: .label)
        try c.encodeIfPresent(emoji, forKey: .emoji)
        try c.encodeIfPresent(customID, forKey: .customID)
        try c.encodeIfPresent(url, forKey: .url)
        if disabled { try c.encode(true, forKey: .disabled) }
    }
}
