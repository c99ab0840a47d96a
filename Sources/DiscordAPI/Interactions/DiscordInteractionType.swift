/// What started an interaction; kinds this library does not name decode as ``unknown(_:)``.
/// <https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object-interaction-type>
public enum DiscordInteractionType: Sendable, Hashable, Codable {
    case ping
    /// A slash command (or a user or message command).
    case applicationCommand
    /// A button press (or a select).
    case messageComponent
    case autocomplete
    case modalSubmit
    case unknown(Int)

    public init(rawValue: Int) {
        self =
            switch rawValue {
            case 1: .ping
            case 2: .applicationCommand
            case 3: .messageComponent
            case 4: .autocomplete
            case 5: .modalSubmit
            default: .unknown(rawValue)
            }
    }

    public var rawValue: Int {
        switch self {
        case .ping: 1
        case .applicationCommand: 2
        case .messageComponent: 3
        case .autocomplete: 4
        case .modalSubmit: 5
        case .unknown(let value): value
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

/// Where an interaction happened, and where a command may be used.
/// <https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object-interaction-context-types>
public enum DiscordInteractionContext: Sendable, Hashable, Codable {
    /// In a server.
    case guild
    /// In a DM with the bot.
    case botDM
    /// In a group DM or another person's DM (user-installed apps).
    case privateChannel
    case unknown(Int)

    public init(rawValue: Int) {
        self =
            switch rawValue {
            case 0: .guild
            case 1: .botDM
            case 2: .privateChannel
            default: .unknown(rawValue)
            }
    }

    public var rawValue: Int {
        switch self {
        case .guild: 0
        case .botDM: 1
        case .privateChannel: 2
        case .unknown(let value): value
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
