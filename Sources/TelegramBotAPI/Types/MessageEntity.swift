/// A special span in a message's text: a command, a mention, a link…
/// <https://core.telegram.org/bots/api#messageentity>
///
/// `offset` and `length` count UTF-16 code units, as Telegram does.
public struct MessageEntity: Sendable, Hashable, Codable {
    /// The entity's kind; unknown future kinds decode as themselves instead of failing.
    public struct Kind: RawRepresentable, Sendable, Hashable, Codable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let botCommand = Kind(rawValue: "bot_command")
        /// `@username`.
        public static let mention = Kind(rawValue: "mention")
        /// A mention of a user without a username; carries `user`.
        public static let textMention = Kind(rawValue: "text_mention")
        public static let url = Kind(rawValue: "url")
        public static let textLink = Kind(rawValue: "text_link")
        public static let customEmoji = Kind(rawValue: "custom_emoji")
    }

    public var type: Kind
    public var offset: Int
    public var length: Int
    public var url: String?
    public var user: User?

    public init(type: Kind, offset: Int, length: Int, url: String? = nil, user: User? = nil) {
        self.type = type
        self.offset = offset
        self.length = length
        self.url = url
        self.user = user
    }

    /// The part of `text` this entity covers, or nil when the offsets fall outside it.
    public func substring(of text: String) -> Substring? {
        let utf16 = text.utf16
        guard offset >= 0, length >= 0, offset + length <= utf16.count,
            let start = utf16.index(utf16.startIndex, offsetBy: offset, limitedBy: utf16.endIndex),
            let end = utf16.index(start, offsetBy: length, limitedBy: utf16.endIndex),
            let lower = String.Index(start, within: text), let upper = String.Index(end, within: text)
        else { return nil }
        return text[lower..<upper]
    }
}
