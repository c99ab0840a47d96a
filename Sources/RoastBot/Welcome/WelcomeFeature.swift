import ChatPlatform
import RoastCore
import RoastStore

/// `/start` (with deep links that start with a roast), `/help`, the welcome when the bot joins a
/// group, and the chat's lifecycle (the bot added or removed, a group becoming a supergroup).
public struct WelcomeFeature: Feature {
    public enum Action: Sendable, Hashable {
        /// `/start`; a deep link (Telegram: `t.me/<bot>?start=roast_meetings_3`) adds a roast with those words.
        case start(deepLink: RoastRequest?)
        case help
        /// The bot's own membership in the chat changed.
        case membership(BotMembership)
        /// The group became a supergroup with a new id; its data follows.
        case migrated(to: ChatID)
    }

    public let commands = [
        CommandSpec(
            "start", vi: "bắt_đầu", summary: LocalizedText(vi: "Chào bot và xem bot làm được gì", en: "Say hello and see how the bot works")
        ),
        CommandSpec("help", vi: "trợ_giúp", summary: LocalizedText(vi: "Danh sách lệnh", en: "All commands")),
    ]
    private let roasts: RoastsFeature

    /// - Parameter roasts: serves the roast a deep link asks for.
    public init(roasts: RoastsFeature) {
        self.roasts = roasts
    }

    public let startLinks = ["roast"]

    public func decode(_ input: FeatureInput) -> Action? {
        switch input {
        case .command("start", _):
            return .start(deepLink: nil)
        case .startLink(let link):
            return .start(deepLink: roasts.request(words: link.fields.map { $0.lowercased() }))
        case .command:
            return .help
        case .event(.botMembership(let membership)):
            return .membership(membership)
        case .event(.migrated(let newChat)):
            return .migrated(to: newChat)
        case .button, .event:
            return nil
        }
    }

    public func needs(of action: Action) -> ActionNeeds {
        switch action {
        case .start(let deepLink?): ActionNeeds(roast: .request(deepLink))
        case .membership: ActionNeeds(freshAdmins: true)
        case .start, .help, .migrated: ActionNeeds()
        }
    }

    public func handle(_ action: Action, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64) throws
        -> HandlerOutcome
    {
        switch action {
        case .start(let deepLink):
            var outcome = start(context)
            if let deepLink { outcome.replies += try roasts.serve(deepLink, hintUnknownWords: true, context, tx, &random).replies }
            return outcome
        case .help:
            return HandlerOutcome(replies: [.send(OutgoingMessage(text: Self.helpText(context.language, menu: context.menu)))])
        case .membership(let membership):
            return try membershipChanged(membership, context, tx)
        case .migrated(let newChat):
            try tx.migrateChat(from: context.chatID, to: newChat)
            return .nothing
        }
    }

    /// `/help`'s text: every command of `menu`, the categories, spice levels, the freeze rule, privacy
    /// and how to switch to the other language.
    public static func helpText(_ language: Language, menu: CommandMenu) -> RichText {
        let words = Phrasebook(language)
        var text = RichText()
        text.append(.bold(words.helpTitle))
        text.append(.plain("\n"))
        for command in menu.commands {
            text.append(.plain("\n"))
            text.append(.code(command.usage(language)))
            text.append(.plain(" — " + command.summary(language)))
        }
        text.append(.plain("\n\n"))
        text.append(.bold(words.helpCategories + ": "))
        text.append(.plain(RoastCategory.allCases.map { "\($0.emoji) \($0.name(in: language))" }.joined(separator: ", ")))
        text.append(.plain("\n" + words.helpSpice + "\n\n" + words.helpFreezeRule + "\n\n" + words.helpPrivacy))
        text.append(.plain("\n\n" + words.otherLanguageHint))
        return text
    }

    private func start(_ context: EventContext) -> HandlerOutcome {
        let words = context.words
        var text = RichText()
        text.append(.bold(words.greeting(name: context.sender?.displayName ?? "👋")))
        text.append(.plain("\n\n" + words.howToStart))
        let reactions = context.platform.reactions
        if context.envelope.chat.isGroup, reactions.visibility == .asAdministrator {
            let shown = ReactionKind.allCases.compactMap { reactions.equivalents[$0.rawValue]?.first }.joined(separator: " ")
            text.append(.plain("\n\n" + words.groupAdminHint(platform: context.platform.name, emoji: shown)))
        }
        text.append(.plain("\n\n" + words.otherLanguageHint))
        return HandlerOutcome(replies: [.send(OutgoingMessage(text: text))])
    }

    private func membershipChanged(_ membership: BotMembership, _ context: EventContext, _ tx: borrowing StoreTransaction) throws
        -> HandlerOutcome
    {
        switch membership {
        case .member, .administrator:
            let wasActive = context.chat.isActive && context.chat.createdAt < context.envelope.date
            try tx.setChatActive(context.chatID, true, at: context.envelope.date)
            // Greet when added (or re-added), not when merely promoted or demoted.
            guard !wasActive else { return .nothing }
            guard context.envelope.chat.isGroup else { return .nothing }
            let words = context.words
            return HandlerOutcome(
                replies: [.send(OutgoingMessage(text: RichText(plain: words.welcomeToGroup + "\n\n" + words.languageSwitchHint)))])
        case .left, .kicked:
            try tx.setChatActive(context.chatID, false, at: context.envelope.date)
            return .nothing
        }
    }
}
