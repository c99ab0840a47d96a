import ChatPlatform
import RoastCore
import RoastStore

/// `/start`, `/help`, and the welcome when the bot joins a group.
public struct WelcomeHandler: Sendable {
    public init() {}

    public func start(payload: [String], _ context: EventContext) -> HandlerOutcome {
        let words = context.words
        var text = RichText()
        text.append(.bold(words.greeting(name: context.sender?.displayName ?? "👋")))
        text.append(.plain("\n\n" + words.howToStart))
        if context.chat.chatID.rawValue < 0 || context.envelope.chat.isGroup {
            text.append(.plain("\n\n" + words.groupAdminHint))
        }
        return HandlerOutcome(replies: [.send(OutgoingMessage(text: text))])
    }

    /// `/help`, generated from ``BotCommand``.
    public func help(_ context: EventContext) -> HandlerOutcome {
        HandlerOutcome(replies: [.send(OutgoingMessage(text: Self.helpText(context.language)))])
    }

    public func botMembershipChanged(_ membership: BotMembership, _ context: EventContext, _ tx: borrowing StoreTransaction) throws
        -> HandlerOutcome
    {
        switch membership {
        case .member, .administrator:
            let wasActive = context.chat.isActive && context.chat.createdAt < context.envelope.date
            try tx.setChatActive(context.chatID, true)
            // Greet when added (or re-added), not when merely promoted or demoted.
            guard !wasActive else { return .nothing }
            guard context.envelope.chat.isGroup else { return .nothing }
            return HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: context.words.welcomeToGroup)))])
        case .left, .kicked:
            try tx.setChatActive(context.chatID, false)
            return .nothing
        }
    }

    public static func helpText(_ language: Language) -> RichText {
        let words = Phrasebook(language)
        var text = RichText()
        text.append(.bold(words.helpTitle))
        text.append(.plain("\n"))
        for command in BotCommand.allCases {
            text.append(.plain("\n"))
            text.append(.code(command.usage(in: language)))
            text.append(.plain(" — " + command.summary(in: language)))
        }
        text.append(.plain("\n\n"))
        text.append(.bold(words.helpCategories + ": "))
        text.append(.plain(RoastCategory.allCases.map { "\($0.emoji) \($0.name(in: language))" }.joined(separator: ", ")))
        text.append(.plain("\n" + words.helpSpice + "\n\n" + words.helpFreezeRule + "\n\n" + words.helpPrivacy))
        return text
    }
}
