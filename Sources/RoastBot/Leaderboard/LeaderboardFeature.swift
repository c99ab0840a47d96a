import ChatPlatform
import RoastCore
import RoastStore

/// `/top` and its tab buttons: the chat's top 10 by current streak, roasts and 🔥 received, among
/// the people who interacted with the bot there.
public struct LeaderboardFeature: Feature {
    public enum Action: Sendable, Hashable {
        /// `/top`: the streak tab.
        case show
        /// A tab pressed: the same message switches to `metric`.
        case tab(LeaderboardMetric, message: MessageID?)
    }

    /// A tab button.
    public struct ButtonAction: Sendable, Hashable {
        public var metric: LeaderboardMetric

        public init(_ metric: LeaderboardMetric) { self.metric = metric }

        public var payload: String { CallbackPayload("t", metric.code).encoded }

        public init?(_ payload: CallbackPayload) {
            guard payload.tag == "t", payload.fields.count == 1, let metric = LeaderboardMetric(code: payload.fields[0]) else { return nil }
            self.metric = metric
        }
    }

    public let commands = [
        CommandSpec("top", vi: "bảng_xếp_hạng", summary: LocalizedText(vi: "Bảng xếp hạng của nhóm", en: "This chat's leaderboard"))
    ]
    public let buttonTags = ["t"]
    public let rules: StreakRules
    public let limit: Int

    public init(rules: StreakRules = .standard, limit: Int = 10) {
        self.rules = rules
        self.limit = limit
    }

    public func decode(_ input: FeatureInput) -> Action? {
        switch input {
        case .command: .show
        case .button(let payload, let message): ButtonAction(payload).map { .tab($0.metric, message: message) }
        case .event, .startLink: nil
        }
    }

    public func handle(_ action: Action, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64) throws
        -> HandlerOutcome
    {
        switch action {
        case .show: HandlerOutcome(replies: [.send(try board(.streak, context, tx))])
        case .tab(let metric, let message): try press(metric, message: message, context, tx)
        }
    }

    private func press(_ metric: LeaderboardMetric, message: MessageID?, _ context: EventContext, _ tx: borrowing StoreTransaction) throws
        -> HandlerOutcome
    {
        let content = try board(metric, context, tx)
        guard let message else { return HandlerOutcome(replies: [.send(content)]) }
        return HandlerOutcome(replies: [.edit(message, content)], notice: context.privateWords.leaderboardTab(metric))
    }

    /// The ranked board for `metric` as of the event's local day.
    func board(_ metric: LeaderboardMetric, _ context: EventContext, _ tx: borrowing StoreTransaction) throws -> OutgoingMessage {
        let ranked = try Self.ranked(metric, chat: context.chatID, on: context.localDate, limit: limit, rules: rules, tx)
        return LeaderboardView(metric: metric, ranked: ranked, language: context.language).message
    }

    /// The chat's top `limit` people by `metric` on its local `date` (current streaks count
    /// yesterday's activity as still alive): what `/top` and the Roast of the Day's streak line show.
    public static func ranked(
        _ metric: LeaderboardMetric, chat: ChatID, on date: LocalDate, limit: Int, rules: StreakRules = .standard,
        _ tx: borrowing StoreTransaction
    ) throws -> [RankedEntry<UserID>] {
        let standings = try tx.streakStandings(chat: chat)
        let fire = metric == .fire ? try tx.fireReceived(chat: chat) : [:]
        let entries = standings.map { standing in
            let value: Int
            switch metric {
            case .streak: value = standing.streak.current(on: date)
            case .roasts: value = standing.profile.roastCount
            case .fire: value = fire[standing.userID, default: 0]
            }
            return LeaderboardEntry(
                member: standing.userID, name: standing.profile.displayName, value: value, hasFlame: standing.streak.hasFlame(rules))
        }
        return Leaderboard.rank(entries, limit: limit)
    }
}
