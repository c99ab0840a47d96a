/// Where an outgoing action goes: a chat — or, inside it, one person alone — and the interaction it
/// answers, if any. The adapter resolves it (``ChatPlatform/perform(_:at:)``).
public struct Destination: Sendable, Hashable, Codable {
    /// The chat the action belongs to, whose queue orders it: where it is posted unless ``person`` is set.
    public var chat: ChatID
    /// Only this person sees it. The adapter posts it in their private chat with the bot (Telegram:
    /// the chat with the person's id; Discord: a DM channel it opens), or — when the platform answers
    /// privately in place (``PlatformProfile/Interactions/privateAnswers``) and ``interaction`` is
    /// still open — as a private answer to the interaction. Personal data (an export) goes no other way.
    public var person: UserID?
    /// The interaction this delivery answers (Discord: posted as the interaction's response or a
    /// follow-up, within the 15 minutes its token lives); nil when it answers none. Telegram ignores it.
    public var interaction: Interaction?

    public init(chat: ChatID, person: UserID? = nil, interaction: Interaction? = nil) {
        self.chat = chat
        self.person = person
        self.interaction = interaction
    }
}
