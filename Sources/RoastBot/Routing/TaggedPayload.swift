/// A tag naming what a payload does, then its fields, joined by the separator of the payload's
/// format: a button's callback data (``CallbackPayload``, `r:123:f`) or a deep link into the bot's
/// private chat (``StartLink``, `export_42`, which arrives as `/start export_42`). Each feature owns
/// its tags and encodes and decodes its own fields; the router finds the owner by tag. Platforms
/// limit the size (Telegram: 64 bytes), which their adapter checks.
public struct TaggedPayload<Format: TaggedPayloadFormat>: Sendable, Hashable {
    public let tag: String
    public let fields: [String]

    public init(_ tag: String, _ fields: String...) {
        self.tag = tag
        self.fields = fields
    }

    /// Splits `text` into its tag and fields; nil for text without a tag.
    public init?(parsing text: String) {
        let parts = text.split(separator: Format.separator, omittingEmptySubsequences: false)
        guard let tag = parts.first, !tag.isEmpty else { return nil }
        self.tag = Format.tagIgnoresCase ? tag.lowercased() : String(tag)
        self.fields = parts.dropFirst().map(String.init)
    }

    /// The text the button or link carries.
    public var encoded: String {
        ([tag] + fields).joined(separator: String(Format.separator))
    }
}

/// How a kind of ``TaggedPayload`` is written.
public protocol TaggedPayloadFormat: Sendable {
    static var separator: Character { get }
    /// Whether tags are matched in lower case (people may type a deep link's payload).
    static var tagIgnoresCase: Bool { get }
}

/// Button callback data: `tag:field:field`.
public enum ButtonPayloadFormat: TaggedPayloadFormat {
    public static let separator: Character = ":"
    public static let tagIgnoresCase = false
}

/// Deep-link payloads: `tag_field_field`. Platforms allow only `A-Z a-z 0-9 _ -`, so fields never hold `_`.
public enum StartLinkFormat: TaggedPayloadFormat {
    public static let separator: Character = "_"
    public static let tagIgnoresCase = true
}

/// A button's payload.
public typealias CallbackPayload = TaggedPayload<ButtonPayloadFormat>
/// The payload of a deep link into the bot's private chat.
public typealias StartLink = TaggedPayload<StartLinkFormat>
