/// A slash command as the bot registers it (bulk overwrite at start), with its Vietnamese and English names and
/// descriptions. <https://discord.com/developers/docs/interactions/application-commands#application-command-object>
public struct DiscordApplicationCommand: Sendable, Hashable, Encodable {
    /// 1–32 characters matching `^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`, lowercase.
    public var name: String
    public var nameLocalizations: [DiscordLocale: String]
    /// 1–100 characters.
    public var description: String
    public var descriptionLocalizations: [DiscordLocale: String]
    /// At most 25; required options first.
    public var options: [DiscordCommandOption]
    /// Who sees the command by default: nil for everyone; `.manageGuild` for server managers (admins can change it
    /// per server, so the bot still checks the invoker's permissions).
    public var defaultMemberPermissions: DiscordPermissions?
    /// Where it can be used; nil leaves Discord's default (servers and the bot's DMs).
    public var contexts: [DiscordInteractionContext]?

    public init(
        name: String, nameLocalizations: [DiscordLocale: String] = [:], description: String,
        descriptionLocalizations: [DiscordLocale: String] = [:], options: [DiscordCommandOption] = [],
        defaultMemberPermissions: DiscordPermissions? = nil, contexts: [DiscordInteractionContext]? = nil
    ) {
        self.name = name
        self.nameLocalizations = nameLocalizations
        self.description = description
        self.descriptionLocalizations = descriptionLocalizations
        self.options = options
        self.defaultMemberPermissions = defaultMemberPermissions
        self.contexts = contexts
    }

    enum CodingKeys: String, CodingKey {
        case type, name, description, options, contexts
        case nameLocalizations = "name_localizations"
        case descriptionLocalizations = "description_localizations"
        case defaultMemberPermissions = "default_member_permissions"
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(1, forKey: .type)
        try c.encode(name, forKey: .name)
        if !nameLocalizations.isEmpty { try c.encode(nameLocalizations, forKey: .nameLocalizations) }
        try c.encode(description, forKey: .description)
        if !descriptionLocalizations.isEmpty { try c.encode(descriptionLocalizations, forKey: .descriptionLocalizations) }
        if !options.isEmpty { try c.encode(options, forKey: .options) }
        // null (everyone) is written out: a bulk overwrite must clear a restriction an older version set.
        if let defaultMemberPermissions {
            try c.encode(defaultMemberPermissions, forKey: .defaultMemberPermissions)
        } else {
            try c.encodeNil(forKey: .defaultMemberPermissions)
        }
        try c.encodeIfPresent(contexts, forKey: .contexts)
    }
}

/// One parameter (or subcommand) of a slash command.
/// <https://discord.com/developers/docs/interactions/application-commands#application-command-object-application-command-option-structure>
public struct DiscordCommandOption: Sendable, Hashable, Encodable {
    public var type: Kind
    public var name: String
    public var nameLocalizations: [DiscordLocale: String]
    public var description: String
    public var descriptionLocalizations: [DiscordLocale: String]
    public var required: Bool
    /// The only values the person may pick (at most 25).
    public var choices: [DiscordCommandChoice]
    /// INTEGER and NUMBER options only.
    public var minValue: DiscordCommandNumber?
    public var maxValue: DiscordCommandNumber?
    /// STRING options only.
    public var maxLength: Int?
    /// Subcommands' parameters, or a group's subcommands.
    public var options: [DiscordCommandOption]

    public init(
        type: Kind, name: String, nameLocalizations: [DiscordLocale: String] = [:], description: String,
        descriptionLocalizations: [DiscordLocale: String] = [:], required: Bool = false, choices: [DiscordCommandChoice] = [],
        minValue: DiscordCommandNumber? = nil, maxValue: DiscordCommandNumber? = nil, maxLength: Int? = nil,
        options: [DiscordCommandOption] = []
    ) {
        self.type = type
        self.name = name
        self.nameLocalizations = nameLocalizations
        self.description = description
        self.descriptionLocalizations = descriptionLocalizations
        self.required = required
        self.choices = choices
        self.minValue = minValue
        self.maxValue = maxValue
        self.maxLength = maxLength
        self.options = options
    }

    /// An option's type. <https://discord.com/developers/docs/interactions/application-commands#application-command-object-application-command-option-type>
    public enum Kind: Int, Sendable, Hashable, Encodable {
        case subcommand = 1
        case subcommandGroup = 2
        case string = 3
        case integer = 4
        case boolean = 5
        case user = 6
        case channel = 7
        case role = 8
        case mentionable = 9
        case number = 10
        case attachment = 11
    }

    enum CodingKeys: String, CodingKey {
        case type, name, description, required, choices, options
        case nameLocalizations = "name_localizations"
        case descriptionLocalizations = "description_localizations"
        case minValue = "min_value"
        case maxValue = "max_value"
        case maxLength = "max_length"
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(type, forKey: .type)
        try c.encode(name, forKey: .name)
        if !nameLocalizations.isEmpty { try c.encode(nameLocalizations, forKey: .nameLocalizations) }
        try c.encode(description, forKey: .description)
        if !descriptionLocalizations.isEmpty { try c.encode(descriptionLocalizations, forKey: .descriptionLocalizations) }
        if required { try c.encode(true, forKey: .required) }
        if !choices.isEmpty { try c.encode(choices, forKey: .choices) }
        try c.encodeIfPresent(minValue, forKey: .minValue)
        try c.encodeIfPresent(maxValue, forKey: .maxValue)
        try c.encodeIfPresent(maxLength, forKey: .maxLength)
        if !options.isEmpty { try c.encode(options, forKey: .options) }
    }
}

/// A value an option may take, shown to the person under a (localized) name.
public struct DiscordCommandChoice: Sendable, Hashable, Encodable {
    /// 1–100 characters.
    public var name: String
    public var nameLocalizations: [DiscordLocale: String]
    public var value: Value

    public init(name: String, nameLocalizations: [DiscordLocale: String] = [:], value: Value) {
        self.name = name
        self.nameLocalizations = nameLocalizations
        self.value = value
    }

    /// A STRING option's choice is a string, an INTEGER option's an integer.
    public enum Value: Sendable, Hashable, Encodable {
        case string(String)
        case integer(Int64)
        case number(Double)

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            switch self {
            case .string(let value): try c.encode(value)
            case .integer(let value): try c.encode(value)
            case .number(let value): try c.encode(value)
            }
        }
    }

    enum CodingKeys: String, CodingKey {
        case name, value
        case nameLocalizations = "name_localizations"
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        if !nameLocalizations.isEmpty { try c.encode(nameLocalizations, forKey: .nameLocalizations) }
        try c.encode(value, forKey: .value)
    }
}

/// A bound of an INTEGER (written as an integer) or NUMBER option.
public enum DiscordCommandNumber: Sendable, Hashable, Encodable {
    case integer(Int64)
    case number(Double)

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .integer(let value): try c.encode(value)
        case .number(let value): try c.encode(value)
        }
    }
}

/// A command as Discord stored it: the answer to a bulk overwrite.
/// <https://discord.com/developers/docs/interactions/application-commands#application-command-object-application-command-structure>
public struct DiscordRegisteredCommand: Sendable, Hashable, Codable {
    public var id: DiscordCommandID
    public var applicationID: DiscordApplicationID
    public var guildID: DiscordGuildID?
    public var name: String
    public var version: String?

    public init(
        id: DiscordCommandID, applicationID: DiscordApplicationID, guildID: DiscordGuildID? = nil, name: String, version: String? = nil
    ) {
        self.id = id
        self.applicationID = applicationID
        self.guildID = guildID
        self.name = name
        self.version = version
    }

    enum CodingKeys: String, CodingKey {
        case id, name, version
        case applicationID = "application_id"
        case guildID = "guild_id"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(DiscordCommandID.self, forKey: .id)
        applicationID = try c.decode(DiscordApplicationID.self, forKey: .applicationID)
        guildID = try? c.decodeIfPresent(DiscordGuildID.self, forKey: .guildID)
        name = try c.decode(String.self, forKey: .name)
        version = try? c.decodeIfPresent(String.self, forKey: .version)
    }
}
