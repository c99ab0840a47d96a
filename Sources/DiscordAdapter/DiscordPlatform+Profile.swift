import ChatPlatform
import DiscordAPI

/// What Discord is like, as this adapter tells the core (``PlatformProfile``): every Discord rule the core needs to
/// know is a value here, from Discord's documented limits (``DiscordLimits``).
extension DiscordPlatform {
    /// The most characters of one message's `content` (Discord: 2,000). The core keeps what it composes within it
    /// (visible text); the renderer splits again when markdown makes a part longer.
    public static let messageLimit = DiscordLimits.messageContent
    /// How long after its dispatch an interaction must be answered: past it, Discord shows "This interaction failed".
    public static let interactionDeadline = Duration.seconds(3)

    /// Discord's reactions that count as the bot's quick reactions (any Unicode emoji can be a reaction, so each
    /// counts as itself; 🤣 counts as 😂 too). The reactions intent shows them always.
    public static let nativeReactions = PlatformProfile.NativeReactions(
        equivalents: ["😂": ["😂", "🤣"], "🔥": ["🔥"], "😐": ["😐"], "👎": ["👎"]], visibility: .always)

    /// Discord: messages and captions of 2,000 characters; `custom_id`s of 100 (counted here in bytes of UTF-8,
    /// which is never more characters); a person's private chat is a DM channel the bot opens (``DiscordDirectory``);
    /// every command is an interaction answered within 3 seconds, and an answer can be for the person alone
    /// (ephemeral); no deep links and no inline mode; native reactions always seen; no main thread — a server's
    /// messages are all in some channel; rate limits per route (a channel's messages, an interaction's token), so a
    /// server's deliveries go in lanes: one interaction's answers, one message's edits, the rest.
    public static let standardProfile = PlatformProfile(
        name: "Discord", messageLimit: messageLimit, captionLimit: messageLimit, buttonPayloadLimit: DiscordLimits.customID,
        privateChats: .openedByTheBot,
        interactions: .init(commands: true, deadline: interactionDeadline, privateAnswers: true), deepLinks: nil, inlineMode: false,
        reactions: nativeReactions, hasMainThread: false, deliveryLanes: .perInteractionAndMessage)
}
