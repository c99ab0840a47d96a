/// A slash command as used: its name, the subcommand path taken, and its arguments flattened into one list.
/// <https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object-application-command-data-structure>
public struct DiscordCommandInvocation: Sendable, Hashable {
    /// The registered command's id.
    public var commandID: DiscordCommandID
    /// The command's default (unlocalized) name, whatever language the user saw.
    public var name: String
    /// 1 for a slash command, 2 a user command, 3 a message command.
    public var commandType: Int
    /// Subcommand group and subcommand names, outermost first; empty for a command without subcommands.
    public var subcommandPath: [String]
    /// The values the user gave, in the order Discord sent them.
    public var arguments: [Argument]
    /// Users named by `user` options, as Discord resolved them.
    public var resolvedUsers: [DiscordUserID: DiscordUser]
    /// For a user or message command, the user or message it was used on.
    public var targetID: Int64?

    public init(
        commandID: DiscordCommandID, name: String, commandType: Int = 1, subcommandPath: [String] = [], arguments: [Argument] = [],
        resolvedUsers: [DiscordUserID: DiscordUser] = [:], targetID: Int64? = nil
    ) {
        self.commandID = commandID
        self.name = name
        self.commandType = commandType
        self.subcommandPath = subcommandPath
        self.arguments = arguments
        self.resolvedUsers = resolvedUsers
        self.targetID = targetID
    }

    /// One named value.
    public struct Argument: Sendable, Hashable {
        public var name: String
        public var value: Value

        public init(name: String, value: Value) {
            self.name = name
            self.value = value
        }
    }

    /// A value, typed by its option type; a type this library does not read is ``unsupported(type:)``.
    public enum Value: Sendable, Hashable {
        case string(String)
        case integer(Int64)
        case number(Double)
        case boolean(Bool)
        case user(DiscordUserID)
        case channel(DiscordChannelID)
        case role(DiscordRoleID)
        /// A user or a role id.
        case mentionable(Int64)
        case attachment(DiscordAttachmentID)
        case unsupported(type: Int)
    }

    /// The value of the argument called `name`.
    public subscript(name: String) -> Value? { arguments.first { $0.name == name }?.value }

    /// A string argument's text.
    public func string(_ name: String) -> String? {
        guard case .string(let text)? = self[name] else { return nil }
        return text
    }

    /// An integer argument's value.
    public func integer(_ name: String) -> Int64? {
        guard case .integer(let value)? = self[name] else { return nil }
        return value
    }

    /// A boolean argument's value.
    public func boolean(_ name: String) -> Bool? {
        guard case .boolean(let value)? = self[name] else { return nil }
        return value
    }
}

extension DiscordCommandInvocation: Decodable {
    enum CodingKeys: String, CodingKey {
        case id, name, type, options, resolved
        case targetID = "target_id"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        commandID = try c.decode(DiscordCommandID.self, forKey: .id)
        name = try c.decode(String.self, forKey: .name)
        commandType = (try? c.decodeIfPresent(Int.self, forKey: .type)) ?? 1
        targetID = (try? c.decodeIfPresent(Snowflake<DiscordMessage>.self, forKey: .targetID))?.rawValue
        let options = try c.decodeIfPresent([RawOption].self, forKey: .options) ?? []
        var path: [String] = []
        var arguments: [Argument] = []
        Self.flatten(options, path: &path, into: &arguments)
        subcommandPath = path
        self.arguments = arguments
        resolvedUsers = (try? c.decodeIfPresent(Resolved.self, forKey: .resolved))?.users ?? [:]
    }

    /// Walks subcommand groups and subcommands (each holds the next level in `options`) down to the values.
    private static func flatten(_ options: [RawOption], path: inout [String], into arguments: inout [Argument]) {
        for option in options {
            if let nested = option.options, option.type == 1 || option.type == 2 {
                path.append(option.name)
                flatten(nested, path: &path, into: &arguments)
            } else if let value = option.value {
                arguments.append(Argument(name: option.name, value: value))
            }
        }
    }

    /// One entry of `data.options`.
    private struct RawOption: Decodable {
        var name: String
        var type: Int
        var value: Value?
        var options: [RawOption]?

        enum CodingKeys: String, CodingKey { case name, type, value, options }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            name = try c.decode(String.self, forKey: .name)
            type = try c.decode(Int.self, forKey: .type)
            options = try c.decodeIfPresent([RawOption].self, forKey: .options)
            guard c.contains(.value) else {
                value = nil
                return
            }
            value =
                switch type {
                case 3: .string(try c.decode(String.self, forKey: .value))
                case 4: Self.integer(try c.decode(Double.self, forKey: .value)).map(Value.integer) ?? .unsupported(type: type)
                case 5: .boolean(try c.decode(Bool.self, forKey: .value))
                case 6: .user(try c.decode(DiscordUserID.self, forKey: .value))
                case 7: .channel(try c.decode(DiscordChannelID.self, forKey: .value))
                case 8: .role(try c.decode(DiscordRoleID.self, forKey: .value))
                case 9: .mentionable(try c.decode(Snowflake<DiscordUser>.self, forKey: .value).rawValue)
                case 10: .number(try c.decode(Double.self, forKey: .value))
                case 11: .attachment(try c.decode(DiscordAttachmentID.self, forKey: .value))
                default: .unsupported(type: type)
                }
        }

        /// INTEGER values are JSON numbers within ±2^53, exact in a Double.
        private static func integer(_ value: Double) -> Int64? {
            guard value.rounded() == value, abs(value) <= 9_007_199_254_740_991 else { return nil }
            return Int64(value)
        }
    }

    private struct Resolved: Decodable {
        var users: [DiscordUserID: DiscordUser]

        enum CodingKeys: String, CodingKey { case users }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            let raw = (try? c.decodeIfPresent([String: DiscordUser].self, forKey: .users)) ?? [:]
            var users: [DiscordUserID: DiscordUser] = [:]
            for (key, user) in raw {
                if let id = DiscordUserID(key) { users[id] = user }
            }
            self.users = users
        }
    }
}
