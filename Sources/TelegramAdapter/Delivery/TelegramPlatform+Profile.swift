import ChatPlatform

/// What Telegram is like, as this adapter tells the core (``PlatformProfile``): every Telegram rule the
/// core needs to know is a value here.
extension TelegramPlatform {
    /// The most visible text the bot puts in one message: Telegram's 4,096 UTF-16 code units
    /// (``MessageSplitter/telegramLimit``), less a margin.
    public static let messageLimit = 4_000
    /// Telegram's limit on a caption's visible text (1,024), less a margin.
    public static let captionLimit = 1_000

    /// Telegram's reactions that count as the bot's quick reactions: 😂 is not one of Telegram's, so
    /// 🤣 and 😁 stand for it. Telegram shows a bot the reactions in a group only while it is an admin.
    public static let nativeReactions = PlatformProfile.NativeReactions(
        equivalents: ["😂": ["🤣", "😁", "😂"], "🔥": ["🔥", "❤‍🔥", "❤️‍🔥"], "😐": ["😐", "🥱"], "👎": ["👎", "💩"]],
        visibility: .asAdministrator)

    /// Telegram for the bot named `botUsername` (from `getMe`; its deep links need it, none without it):
    /// messages of 4,000, captions of 1,000, 64-byte callback data (``CallbackData``); a person's
    /// private chat exists once they started it; only button presses are answered, with no deadline
    /// and no private answers; deep links `t.me/<bot>?start=`; inline mode; reactions seen as an
    /// admin; a main thread in every chat.
    public static func profile(botUsername: String?) -> PlatformProfile {
        PlatformProfile(
            name: "Telegram", messageLimit: messageLimit, captionLimit: captionLimit, buttonPayloadLimit: CallbackData.maxBytes,
            privateChats: .openedByThePerson, interactions: .init(commands: false, deadline: nil, privateAnswers: false),
            deepLinks: botUsername.flatMap { $0.isEmpty ? nil : .init(publicPrefix: "t.me/\($0)?start=") }, inlineMode: true,
            reactions: nativeReactions, hasMainThread: true)
    }

    /// A person's private chat with the bot: on Telegram it has the person's id.
    public static func privateChat(of person: UserID) -> ChatID { ChatID(person.rawValue) }
}

extension MessageSplitter {
    /// Telegram's own limit on a message's visible text, in UTF-16 code units (after entity parsing).
    public static let telegramLimit = 4_096
    /// The splitter the Telegram renderer uses: at ``TelegramPlatform/messageLimit``.
    public static let telegram = MessageSplitter(limit: TelegramPlatform.messageLimit)
}
