import ChatPlatform
import Logging
import RoastCore
import RoastStore

/// Sends each event to the one handler responsible for it. The `switch`es are exhaustive: a new
/// command or event kind does not compile until it is routed.
public struct EventRouter: Sendable {
    private let welcome: WelcomeHandler
    private let roasts: RoastHandler
    private let reactions: ReactionHandler
    private let settings = SettingsHandler()
    private let privacy = PrivacyHandler()
    private let sharing: InlineSharing
    private let logger: Logger

    public init(library: RoastLibrary, logger: Logger) {
        self.welcome = WelcomeHandler()
        self.roasts = RoastHandler(library: library)
        self.reactions = ReactionHandler()
        self.sharing = InlineSharing(library: library)
        self.logger = logger
    }

    public func route(_ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64) throws -> HandlerOutcome {
        switch context.envelope.event {
        case .command(let name, let arguments, _):
            return try command(CommandInvocation(name: name, arguments: arguments), context, tx, &random)
        case .mention(let text, _):
            return try roasts.mention(text, context, tx, &random)
        case .buttonPress(_, let data, let message):
            guard let action = ButtonAction(payload: data) else {
                logger.info("stale or forged button payload", metadata: ["chat": "\(context.chatID)"])
                return HandlerOutcome(notice: context.words.staleButton)
            }
            return try press(action, message: message, context, tx, &random)
        case .reactionChange(let message, let old, let new):
            return try reactions.nativeChange(message: message, old: old, new: new, context, tx)
        case .botMembership(let membership):
            return try welcome.botMembershipChanged(membership, context, tx)
        case .migrated(let newChat):
            try tx.migrateChat(from: context.chatID, to: newChat)
            return .nothing
        case .inlineQuery:
            return .nothing  // answered by the pipeline after commit (InlineSharing)
        case .inlineChosen(let resultID, _):
            return try sharing.chosen(resultID, context, tx)
        }
    }

    private func command(_ invocation: CommandInvocation, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64)
        throws -> HandlerOutcome
    {
        let command: BotCommand, arguments: [String]
        switch invocation {
        case .unknown(let name):
            return HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: context.words.unknownCommand(name))))])
        case .known(let known, let words):
            (command, arguments) = (known, words)
        }
        switch command {
        case .start:
            var outcome = welcome.start(payload: arguments, context)
            // Deep link t.me/<bot>?start=roast_meetings_3 → a roast right after the greeting.
            if let payload = arguments.first?.lowercased(), payload == "roast" || payload.hasPrefix("roast_") {
                let words = payload.split(separator: "_").dropFirst().map(String.init)
                outcome.replies += try roasts.command(words, context, tx, &random).replies
            }
            return outcome
        case .help:
            return welcome.help(context)
        case .roast:
            return try roasts.command(arguments, context, tx, &random)
        case .settings:
            return try settings.command(arguments, context, tx)
        case .forgetme:
            return privacy.forgetMe(context)
        case .export:
            return try privacy.export(arguments, context, tx)
        case .mood, .streak, .badges, .collections, .favorites, .history, .stats, .top, .remind:
            return HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: context.words.comingSoon(command))))])
        }
    }

    private func press(_ action: ButtonAction, message: MessageID?, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64)
        throws -> HandlerOutcome
    {
        switch action {
        case .react(let id, let kind):
            return try reactions.press(kind, on: id, message: message, context, tx)
        case .favorite(let id):
            return try reactions.favorite(id, context, tx)
        case .another(let id):
            guard let original = try tx.roast(id), original.chatID == context.chatID else {
                return HandlerOutcome(notice: context.words.staleButton)
            }
            return try roasts.another(like: original, context, tx, &random)
        case .setting(let change):
            return try settings.press(change, message: message, context, tx)
        case .forget(let user, let confirm):
            return try privacy.confirmForget(user, confirm: confirm, message: message, context, tx)
        }
    }
}
