import ChatPlatform
import RoastCore
import RoastStore

/// `/top` and its tab buttons: the chat's top 10 by current streak, roasts and 🔥 received, among
/// the people who interacted with the bot there.
public struct LeaderboardHandler: Sendable {
    public let rules: StreakRules
    public let limit: Int

    public init(rules: StreakRules = .standard, limit: Int = 10) {
        self.rules = rules
        self.limit = limit
    }

    public func command(_ context: EventContext, _ tx: borrowing StoreTransaction) throws -> HandlerOutcome {
        HandlerOutcome(replies: [.send(try board(.streak, context, tx))])
    }

    /// A tab pressed: the same message switches to `metric`.
    public func press(_ metric: LeaderboardMetric, message: MessageID?, _ context: EventContext, _ tx: borrowing StoreTransaction) throws
        -> HandlerOutcome
    {
        let content = try board(metric, context, tx)
        guard let message else { return HandlerOutcome(replies: [.send(content)]) }
        return HandlerOutcome(replies: [.edit(message, content)], notice: context.words.leaderboardTab(metric))
    }

    /// The ranked board for `metric` as of the event's local day.
    public func board(_ metric: LeaderboardMetric, _ context: EventContext, _ tx: borrowing StoreTransaction) throws -> OutgoingMessage {
        let standings = try tx.streakStandings(chat: context.chatID)
        let fire = metric == .fire ? try tx.fireReceived(chat: context.chatID) : [:]
        let entries = standings.map { standing in
            let value: Int
            switch metric {
            case .streak: value = standing.streak.current(on: context.localDate)
            case .roasts: value = standing.profile.roastCount
            case .fire: value = fire[standing.userID, default: 0]
            }
            return LeaderboardEntry(
                member: standing.userID, name: standing.profile.displayName, value: value, hasFlame: standing.streak.hasFlame(rules))
        }
        return LeaderboardView(metric: metric, ranked: Leaderboard.rank(entries, limit: limit), language: context.language).message
    }
}
