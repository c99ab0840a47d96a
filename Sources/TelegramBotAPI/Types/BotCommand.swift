/// A command shown in the client's command menu. <https://core.telegram.org/bots/api#botcommand>
public struct BotCommand: Sendable, Hashable, Codable {
    /// 1–32 characters: lowercase letters, digits and underscores, without the slash.
    public var command: String
    /// 1–256 characters.
    public var description: String

    public init(command: String, description: String) {
        self.command = command
        self.description = description
    }
}

/// Which chats a command list applies to. <https://core.telegram.org/bots/api#botcommandscope>
public enum BotCommandScope: Sendable, Hashable, Codable {
    case `default`
    case allPrivateChats
    case allGroupChats
    case allChatAdministrators
    case chat(chatID: Int64)
    case chatAdministrators(chatID: Int64)
    case chatMember(chatID: Int64, userID: Int64)

    enum CodingKeys: String, CodingKey {
        case type
        case chatID = "chat_id"
        case userID = "user_id"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let type = try c.decode(String.self, forKey: .type)
        switch type {
        case "default": self = .default
        case "all_private_chats": self = .allPrivateChats
        case "all_group_chats": self = .allGroupChats
        case "all_chat_administrators": self = .allChatAdministrators
        case "chat": self = .chat(chatID: try c.decode(Int64.self, forKey: .chatID))
        case "chat_administrators": self = .chatAdministrators(chatID: try c.decode(Int64.self, forKey: .chatID))
        case "chat_member":
            self = .chatMember(
                chatID: try c.decode(Int64.self, forKey: .chatID), userID: try c.decode(Int64.self, forKey: .userID))
        default:
            throw DecodingError.dataCorruptedError(forKey: .type, in: c, debugDescription: "unknown command scope")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .default: try c.encode("default", forKey: .type)
        case .allPrivateChats: try c.encode("all_private_chats", forKey: .type)
        case .allGroupChats: try c.encode("all_group_chats", forKey: .type)
        case .allChatAdministrators: try c.encode("all_chat_administrators", forKey: .type)
        case .chat(let chatID):
            try c.encode("chat", forKey: .type)
            try c.encode(chatID, forKey: .chatID)
        case .chatAdministrators(let chatID):
            try c.encode("chat_administrators", forKey: .type)
            try c.encode(chatID, forKey: .chatID)
        case .chatMember(let chatID, let userID):
            try c.encode("chat_member", forKey: .type)
            try c.encode(chatID, forKey: .chatID)
            try c.encode(userID, forKey: .userID)
        }
    }
}
