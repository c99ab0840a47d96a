/// An inline button. `data` is the bot's encoded payload, sent back when the button is pressed; the
/// adapter enforces its size limit (``PlatformProfile/buttonPayloadLimit``).
public struct Button: Sendable, Hashable, Codable {
    public var label: String
    public var data: String
    /// When set, the button sends nothing back: it opens the presser's private chat with the bot and
    /// starts it with this payload (Telegram: a `t.me/<bot>?start=<payload>` deep link; at most 64 of
    /// `A-Z a-z 0-9 _ -`). The private chat then receives `/start <payload>` from the presser. Only
    /// on platforms with deep links (``PlatformProfile/deepLinks``).
    public var startsPrivateChat: String?

    public init(_ label: String, data: String) {
        self.label = label
        self.data = data
    }

    /// A button that opens the presser's private chat with the bot, started with `payload`.
    public static func privateChat(_ label: String, start payload: String) -> Button {
        var button = Button(label, data: "")
        button.startsPrivateChat = payload
        return button
    }
}

/// A message the bot wants to post: text and, optionally, rows of buttons.
public struct OutgoingMessage: Sendable, Hashable, Codable {
    public var text: RichText
    public var buttons: [[Button]]
    /// Post as a reply to this message, when it still exists.
    public var replyTo: MessageID?
    /// Post in this topic (forum thread, channel) of the chat; nil posts in the chat's main thread.
    public var topic: TopicID?
    /// Deliver without a notification sound.
    public var silent: Bool

    public init(text: RichText, buttons: [[Button]] = [], replyTo: MessageID? = nil, topic: TopicID? = nil, silent: Bool = false) {
        self.text = text
        self.buttons = buttons
        self.replyTo = replyTo
        self.topic = topic
        self.silent = silent
    }
}

/// A file to send (used by `/export`).
public struct OutgoingDocument: Sendable, Hashable, Codable {
    public var filename: String
    public var contents: [UInt8]
    public var caption: RichText?
    /// Post as a reply to this message, when it still exists.
    public var replyTo: MessageID?
    /// Post in this topic (forum thread, channel) of the chat; nil posts in the chat's main thread.
    public var topic: TopicID?

    public init(filename: String, contents: [UInt8], caption: RichText? = nil, replyTo: MessageID? = nil, topic: TopicID? = nil) {
        self.filename = filename
        self.contents = contents
        self.caption = caption
        self.replyTo = replyTo
        self.topic = topic
    }
}
