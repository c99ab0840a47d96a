import Foundation

/// A message the bot sent through the fake, as a test inspects it.
public struct FakeSentMessage: Sendable, Equatable {
    public let messageID: Int64
    public let chatID: Int64
    /// What a user sees: tags removed and entities decoded for HTML; the caption for documents.
    public var text: String
    /// The `text` parameter exactly as sent when `parse_mode` was HTML.
    public var html: String?
    public var parseMode: String?
    /// The inline keyboard, row by row.
    public var buttons: [[FakeButton]]
    public var replyToMessageID: Int64?
    /// The forum topic it was posted in; nil in General and in chats without topics.
    public var messageThreadID: Int64?
    public let date: Date
    public var editDate: Date?
    /// Every successful edit in order, each with the content it set.
    public var edits: [FakeMessageEdit]
    public var isDeleted: Bool
    /// Set for `sendDocument`.
    public var documentFilename: String?
    /// For a photo message: the file id of the photo it shows now (its largest size), which
    /// `editMessageMedia` replaces.
    public var photoFileID: String? = nil

    public var allButtons: [FakeButton] { buttons.flatMap { $0 } }
}

/// One inline keyboard button.
public struct FakeButton: Sendable, Equatable {
    public var text: String
    public var callbackData: String?
    public var url: String?

    public init(text: String, callbackData: String? = nil, url: String? = nil) {
        self.text = text
        self.callbackData = callbackData
        self.url = url
    }
}

/// The content one edit set.
public struct FakeMessageEdit: Sendable, Equatable {
    public var text: String
    public var html: String?
    public var buttons: [[FakeButton]]
    public var date: Date
    /// For `editMessageMedia`: the file id of the photo the edit put in place.
    public var photoFileID: String? = nil
}
