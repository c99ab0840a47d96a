import ChatPlatform

/// A tag naming what a payload does, then its fields, joined by the separator of the payload's
/// format: a button's callback data (``CallbackPayload``, `r:123:f`) or a deep link into the bot's
/// private chat (``StartLink``, `export_42`, which arrives as `/start export_42`). Each feature owns
/// its tags and encodes and decodes its own fields; the router finds the owner by tag. Platforms
/// limit the size (Telegram: 64 bytes), which their adapter checks.
///
/// A button of a personal panel (someone's favorites page, their `/forgetme` question, their freeze
/// offer) names the one person whose presses count: ``owner``, written first (`@851:fv:2`). The
/// router lets only that person's presses through (``EventRouter/screen(_:_:_:)``), before any
/// feature runs; the owner cannot be forged, since a press must carry exactly a payload issued on
/// its message.
public struct TaggedPayload<Format: TaggedPayloadFormat>: Sendable, Hashable {
    public let tag: String
    public let fields: [String]
    /// The only person a button is for (buttons only); nil: anyone in the chat.
    public let owner: UserID?

    public init(_ tag: String, _ fields: String..., for owner: UserID? = nil) {
        self.tag = tag
        self.fields = fields
        self.owner = Format.ownerMark == nil ? nil : owner
    }

    /// Splits `text` into its owner, tag and fields; nil for text without a tag.
    public init?(parsing text: String) {
        var text = Substring(text)
        var owner: UserID?
        if let mark = Format.ownerMark, text.first == mark {
            guard let end = text.firstIndex(of: Format.separator),
                let user = UserID(payloadField: String(text[text.index(after: text.startIndex)..<end]))
            else { return nil }
            owner = user
            text = text[text.index(after: end)...]
        }
        let parts = text.split(separator: Format.separator, omittingEmptySubsequences: false)
        guard let tag = parts.first, !tag.isEmpty else { return nil }
        self.tag = Format.tagIgnoresCase ? tag.lowercased() : String(tag)
        self.fields = parts.dropFirst().map(String.init)
        self.owner = owner
    }

    /// The text the button or link carries.
    public var encoded: String {
        let body = ([tag] + fields).joined(separator: String(Format.separator))
        guard let owner, let mark = Format.ownerMark else { return body }
        return "\(mark)\(owner.rawValue)\(Format.separator)\(body)"
    }
}

/// How a kind of ``TaggedPayload`` is written.
public protocol TaggedPayloadFormat: Sendable {
    static var separator: Character { get }
    /// Whether tags are matched in lower case (people may type a deep link's payload).
    static var tagIgnoresCase: Bool { get }
    /// The character that starts an owner (``TaggedPayload/owner``); nil where payloads have none.
    static var ownerMark: Character? { get }
}

/// Button callback data: `tag:field:field`, or `@owner:tag:field` for a personal panel's button.
public enum ButtonPayloadFormat: TaggedPayloadFormat {
    public static let separator: Character = ":"
    public static let tagIgnoresCase = false
    public static let ownerMark: Character? = "@"
}

/// Deep-link payloads: `tag_field_field`. Platforms allow only `A-Z a-z 0-9 _ -`, so fields never hold `_`.
public enum StartLinkFormat: TaggedPayloadFormat {
    public static let separator: Character = "_"
    public static let tagIgnoresCase = true
    public static let ownerMark: Character? = nil
}

/// A button's payload.
public typealias CallbackPayload = TaggedPayload<ButtonPayloadFormat>
/// The payload of a deep link into the bot's private chat.
public typealias StartLink = TaggedPayload<StartLinkFormat>
