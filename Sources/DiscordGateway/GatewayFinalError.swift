/// A close code after which reconnecting cannot help (discord-api-docs `topics/opcodes-and-status-codes.mdx`,
/// "Gateway Close Event Codes"): the session ends and the operator must act. ``operatorMessage`` is the
/// one line to show them.
public enum GatewayFinalError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 4004: the token is wrong (or Discord reset it).
    case authenticationFailed
    /// 4010.
    case invalidShard
    /// 4011: the bot is in too many servers for one connection.
    case shardingRequired
    /// 4012.
    case invalidAPIVersion
    /// 4013: the intents value is not a valid bitfield.
    case invalidIntents(GatewayIntents)
    /// 4014: a privileged intent was asked for that is not enabled in the Developer Portal.
    case disallowedIntents(GatewayIntents)

    /// The close code, or nil when `code` is not a final one.
    public init?(closeCode code: Int, intents: GatewayIntents) {
        switch code {
        case 4004: self = .authenticationFailed
        case 4010: self = .invalidShard
        case 4011: self = .shardingRequired
        case 4012: self = .invalidAPIVersion
        case 4013: self = .invalidIntents(intents)
        case 4014: self = .disallowedIntents(intents)
        default: return nil
        }
    }

    public var closeCode: Int {
        switch self {
        case .authenticationFailed: 4004
        case .invalidShard: 4010
        case .shardingRequired: 4011
        case .invalidAPIVersion: 4012
        case .invalidIntents: 4013
        case .disallowedIntents: 4014
        }
    }

    /// One line for the operator: what Discord refused and what to do. Never contains the token.
    public var operatorMessage: String {
        switch self {
        case .authenticationFailed:
            "Discord refused the bot token (gateway close 4004): the token is wrong or was reset. Copy it again from the Developer Portal (Bot → Reset Token) into DISCORD_BOT_TOKEN."
        case .invalidShard:
            "Discord refused the shard settings (gateway close 4010)."
        case .shardingRequired:
            "Discord requires sharding (gateway close 4011): the bot is in too many servers (2,500 or more) for one gateway connection."
        case .invalidAPIVersion:
            "Discord refused gateway API version 10 (gateway close 4012): this build is too old for Discord's gateway."
        case .invalidIntents(let intents):
            "Discord refused the gateway intents \(intents.rawValue) as invalid (gateway close 4013)."
        case .disallowedIntents(let intents):
            Self.disallowedMessage(intents)
        }
    }

    public var description: String { operatorMessage }

    private static func disallowedMessage(_ intents: GatewayIntents) -> String {
        let names = intents.privilegedNames
        guard !names.isEmpty else {
            return "Discord refused a privileged intent (gateway close 4014) although none was asked for: check the intents."
        }
        return
            "Discord refused a privileged intent (gateway close 4014): enable \(names.joined(separator: " and ")) in the Developer Portal (Bot → Privileged Gateway Intents), or configure the bot not to ask for it."
    }
}
