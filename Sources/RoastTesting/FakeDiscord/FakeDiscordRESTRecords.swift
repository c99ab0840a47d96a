import Foundation

/// A message as the fake Discord keeps it: everything a test may want to check about what the bot wrote.
public struct FakeDiscordMessage: Sendable, Equatable {
    public var id: Int64
    public var channelID: Int64
    public var guildID: Int64?
    public var authorID: Int64
    public var content: String
    /// Action rows of buttons, as sent.
    public var rows: [[FakeDiscordButton]]
    public var flags: Int
    public var attachments: [FakeDiscordAttachment]
    /// The message it replies to, when the reference resolved.
    public var replyTo: Int64?
    /// The `allowed_mentions` object of the last write.
    public var allowedMentions: FakeJSON?
    /// The interaction it answers (callback 4/5, `@original`, followups).
    public var interactionID: Int64?
    /// A deferred answer (callback 5) not yet edited: the person sees "thinking…".
    public var isLoading: Bool
    public var editCount: Int
    public var createdAt: Date
    public var editedAt: Date?

    /// Seen only by the person who used the interaction.
    public var isEphemeral: Bool { flags & 64 != 0 }

    /// Every button's custom_id, row by row.
    public var customIDs: [String] { rows.flatMap { $0.compactMap(\.customID) } }
}

/// A button as sent in an action row.
public struct FakeDiscordButton: Sendable, Equatable {
    public var style: Int
    public var label: String?
    /// The emoji's name (the emoji itself for a Unicode one).
    public var emoji: String?
    public var customID: String?
    public var url: String?
    public var disabled: Bool
}

/// A file uploaded with a message.
public struct FakeDiscordAttachment: Sendable, Equatable {
    public var id: Int64
    public var filename: String
    public var contentType: String?
    public var size: Int
    /// Starts with the 8 PNG signature bytes.
    public var isPNG: Bool
    public var contents: Data
}

/// One interaction the fake dispatched (to be delivered over the gateway, or by a test directly), and what the bot
/// did with it.
public struct FakeDiscordInteraction: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case command(name: String)
        case component(customID: String, messageID: Int64)
    }

    public var id: Int64
    public var token: String
    public var applicationID: Int64
    public var kind: Kind
    public var channelID: Int64
    public var guildID: Int64?
    public var userID: Int64
    /// The INTERACTION_CREATE data (`d`) to deliver.
    public var payload: FakeJSON
    /// The fake's monotonic time of the dispatch: the 3-second deadline counts from it.
    public var dispatchedAt: Double
    /// The callback type the bot answered with (4, 5, 6, 7), once answered.
    public var responseType: Int?
    /// Seconds from dispatch to the accepted callback.
    public var responseDelay: Double?
    /// The message `@original` names: the answer (4/5) or, for 6/7, the message the button is on.
    public var originalMessageID: Int64?
    public var followupIDs: [Int64]
    /// Callbacks refused (too late, twice, wrong type), in order.
    public var refusedCallbacks: [Int]

    /// The payload as JSON bytes.
    public var payloadData: Data { Data(payload.jsonText.utf8) }
}

/// One REST request the fake received.
public struct FakeDiscordRequest: Sendable, Equatable {
    public var method: String
    /// The route with placeholders (`/channels/{channel_id}/messages`), or the raw path when unknown.
    public var route: String
    public var path: String
    public var status: Int
    /// The JSON error code answered, when refused.
    public var errorCode: Int?
    public var arrivedAt: Double
    public var userAgent: String?
    public var contentType: String?
    public var hadAuthorization: Bool
}

/// A command set by a bulk overwrite.
public struct FakeDiscordCommand: Sendable, Equatable {
    public var id: Int64
    public var name: String
    public var description: String
    public var nameLocalizations: [String: String]
    public var descriptionLocalizations: [String: String]
    public var defaultMemberPermissions: String?
    public var contexts: [Int]?
    /// The options as sent.
    public var options: FakeJSON
}

/// A channel the fake knows.
public struct FakeDiscordChannel: Sendable, Equatable {
    public var id: Int64
    /// Discord's channel type: 0 text, 1 DM, 5 announcement, 11 public thread, 15 forum…
    public var type: Int
    public var guildID: Int64?
    public var parentID: Int64?
    public var name: String?
    public var archived: Bool
    public var locked: Bool
    /// A DM's recipient.
    public var recipientID: Int64?

    public init(
        id: Int64, type: Int = 0, guildID: Int64? = nil, parentID: Int64? = nil, name: String? = nil, archived: Bool = false,
        locked: Bool = false, recipientID: Int64? = nil
    ) {
        self.id = id
        self.type = type
        self.guildID = guildID
        self.parentID = parentID
        self.name = name
        self.archived = archived
        self.locked = locked
        self.recipientID = recipientID
    }

    var json: FakeJSON {
        var object: [String: FakeJSON] = ["id": .string(String(id)), "type": .int(Int64(type))]
        if let guildID { object["guild_id"] = .string(String(guildID)) }
        if let parentID { object["parent_id"] = .string(String(parentID)) }
        if let name { object["name"] = .string(name) }
        if let recipientID { object["recipients"] = [["id": .string(String(recipientID)), "username": .string("user\(recipientID)")]] }
        if [10, 11, 12].contains(type) { object["thread_metadata"] = ["archived": .bool(archived), "locked": .bool(locked)] }
        return .object(object)
    }
}

/// A person the fake knows (for interactions and DMs).
public struct FakeDiscordUser: Sendable, Equatable {
    public var id: Int64
    public var username: String
    public var isBot: Bool

    public init(id: Int64, username: String, isBot: Bool = false) {
        self.id = id
        self.username = username
        self.isBot = isBot
    }

    var json: FakeJSON {
        var object: [String: FakeJSON] = ["id": .string(String(id)), "username": .string(username), "global_name": .null]
        if isBot { object["bot"] = true }
        return .object(object)
    }
}

/// A refusal a test schedules for the next matching request(s).
public struct FakeDiscordFault: Sendable, Equatable {
    public var status: Int
    public var code: Int
    public var message: String

    public init(status: Int, code: Int, message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    public static let missingAccess = FakeDiscordFault(status: 403, code: 50001, message: "Missing Access")
    public static let missingPermissions = FakeDiscordFault(status: 403, code: 50013, message: "Missing Permissions")
    public static let unknownMessage = FakeDiscordFault(status: 404, code: 10008, message: "Unknown Message")
    public static let unknownChannel = FakeDiscordFault(status: 404, code: 10003, message: "Unknown Channel")
    public static let serverError = FakeDiscordFault(status: 500, code: 0, message: "500: Internal Server Error")
    public static let badGateway = FakeDiscordFault(status: 502, code: 0, message: "502: Bad Gateway")
}
