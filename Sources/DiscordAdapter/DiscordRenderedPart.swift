import DiscordAPI

/// One Discord message's worth of a rendered ``ChatPlatform/OutgoingMessage``: markdown content within 2,000
/// characters, the people its `<@id>` mentions may notify, and the buttons (on the last part only).
public struct DiscordRenderedPart: Sendable, Hashable {
    public var content: String
    /// The people named by `.mention` spans: the only ones `allowed_mentions` lets the message notify.
    public var mentions: [DiscordUserID]
    public var components: [DiscordActionRow]

    public init(content: String, mentions: [DiscordUserID] = [], components: [DiscordActionRow] = []) {
        self.content = content
        self.mentions = mentions
        self.components = components
    }

    /// The payload that posts it: `allowed_mentions` with `parse: []` always, so nothing in the text (an echoed
    /// `@everyone`, a role) can ping; only the people it mentions on purpose, and never the author of a replied-to
    /// message.
    public func payload(flags: DiscordMessageFlags? = nil, reference: DiscordMessageReference? = nil) -> DiscordMessagePayload {
        DiscordMessagePayload(
            content: content, components: components, allowedMentions: DiscordAllowedMentions(users: mentions), flags: flags,
            reference: reference)
    }
}
