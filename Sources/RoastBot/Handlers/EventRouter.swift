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
    private let streaks: StreakHandler
    private let badges: BadgesHandler
    private let leaderboard: LeaderboardHandler
    /// Streak counting and badge awards around every event (see ``UpdateProcessor``).
    let activity: ActivityRecorder
    private let collections: CollectionsHandler
    private let settings = SettingsHandler()
    private let privacy = PrivacyHandler()
    private let sharing: InlineSharing
    private let logger: Logger
    private let moods = MoodHandler()
    private let records = RoastRecordsHandler()

    public init(
        library: RoastLibrary, badges catalog: BadgeCatalog = .standard, logger: Logger, safety: SafetyFilter = SafetyFilter(),
        collections: CollectionCatalogStore = CollectionCatalogStore()
    ) {
        self.welcome = WelcomeHandler()
        self.roasts = RoastHandler(library: library, safety: safety, collections: collections)
        self.reactions = ReactionHandler()
        self.streaks = StreakHandler()
        self.badges = BadgesHandler(catalog: catalog)
        self.leaderboard = LeaderboardHandler()
        self.activity = ActivityRecorder(catalog: catalog)
        self.collections = CollectionsHandler(collections: collections)
        self.sharing = InlineSharing(library: library)
        self.logger = logger
    }

    public func route(_ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64) throws -> HandlerOutcome {
        var outcome = try routeEvent(context, tx, &random)
        switch context.envelope.event {
        case .command, .mention:
            // A chat that joined mid-season gets the season's banner with its first command.
            outcome.replies.insert(contentsOf: try collections.dueBanners(context, tx), at: 0)
        default:
            break
        }
        return outcome
    }

    private func routeEvent(_ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64) throws -> HandlerOutcome
    {
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

    private func command(
        _ invocation: CommandInvocation, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64
    )
        throws -> HandlerOutcome
    {
        let command: BotCommand
        let arguments: [String]
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
        case .mood:
            return try moods.command(arguments, context, tx)
        case .favorites:
            return try records.favorites(context, tx)
        case .history:
            return try records.history(arguments, context, tx)
        case .stats:
            return try records.stats(context, tx)
        case .streak:
            return try streaks.show(context, tx)
        case .badges:
            return try badges.show(context, tx)
        case .top:
            return try leaderboard.command(context, tx)
        case .remind:
            return try streaks.remind(arguments, context, tx)
        case .collections:
            return try collections.list(context, tx)
        case .settings:
            return try settings.command(arguments, context, tx)
        case .forgetme:
            return privacy.forgetMe(context)
        case .export:
            return try privacy.export(arguments, context, tx)
        }
    }

    private func press(
        _ action: ButtonAction, message: MessageID?, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64
    )
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
        case .setMood(let mood):
            return try moods.press(mood, context, tx)
        case .favoritesPage(let page):
            return try records.turnFavorites(to: page, message: message, context, tx)
        case .restoreStreak(let owner):
            return try streaks.restore(owner: owner, message: message, context, tx)
        case .leaderboard(let metric):
            return try leaderboard.press(metric, message: message, context, tx)
        case .chooseCollection(let id):
            return try collections.choose(id, context, tx)
        case .tryCollection(let id):
            return try roasts.command([id], context, tx, &random)
        case .setting(let change):
            return try settings.press(change, message: message, context, tx)
        case .forget(let user, let confirm):
            return try privacy.confirmForget(user, confirm: confirm, message: message, context, tx)
        }
    }
}
