import Foundation

/// An `answerCallbackQuery` call the fake accepted.
public struct FakeCallbackAnswer: Sendable, Equatable {
    public var callbackQueryID: String
    public var text: String?
    public var showAlert: Bool
    public var url: String?
    public var cacheTime: Int?
}

/// A `setMyCommands` list, for one scope and language (the latest call per pair wins).
public struct FakeCommandSet: Sendable, Equatable {
    /// `BotCommandScope.type`: "default", "all_private_chats", "all_group_chats", "chat", …
    public var scopeType: String
    /// For chat-specific scopes.
    public var scopeChatID: Int64?
    /// Empty for all languages.
    public var languageCode: String
    public var commands: [FakeBotCommand]
}

public struct FakeBotCommand: Sendable, Equatable {
    public var command: String
    public var description: String

    public init(command: String, description: String) {
        self.command = command
        self.description = description
    }
}

/// A file the bot sent with `sendDocument`.
public struct FakeDocument: Sendable, Equatable {
    public var chatID: Int64
    public var messageID: Int64
    /// nil when the document was referenced by file_id or URL instead of uploaded.
    public var filename: String?
    public var contentType: String?
    public var contents: Data
    public var caption: String?
}

/// A photo the bot posted with `sendPhoto`: uploaded, or sent again by a file id the fake issued.
public struct FakePhoto: Sendable, Equatable {
    public var chatID: Int64
    public var messageID: Int64
    /// The uploaded image; nil when the photo was sent by file id.
    public var uploaded: Data?
    /// The file id the request named instead of an upload.
    public var sentByFileID: String?
    /// The file id of the largest size, which posts this photo again.
    public var fileID: String
    public var width: Int
    public var height: Int
    public var caption: String?
    public var messageThreadID: Int64?
    public var replyToMessageID: Int64?
}

/// One stored size of a photo, as `sendPhoto` answers it.
struct FakePhotoSize: Sendable, Equatable {
    var fileID: String
    var width: Int
    var height: Int
    var fileSize: Int

    var json: FakeJSON {
        .object([
            "file_id": .string(fileID), "file_unique_id": .string("u" + fileID), "width": .int(Int64(width)),
            "height": .int(Int64(height)), "file_size": .int(Int64(fileSize)),
        ])
    }
}

/// An `answerInlineQuery` call the fake accepted.
public struct FakeInlineAnswer: Sendable, Equatable {
    public var inlineQueryID: String
    /// The `results` parameter as compact JSON.
    public var resultsJSON: String
    public var resultCount: Int
}

/// What an injected update was given, so a test can refer to it later.
public struct FakeInjectedUpdate: Sendable, Equatable {
    public var updateID: Int
    /// For message updates: the message's id in its chat.
    public var messageID: Int64?
    /// For callback queries.
    public var callbackQueryID: String?
    /// For inline queries.
    public var inlineQueryID: String?
    /// The update object exactly as it will be delivered.
    public var json: String
}
