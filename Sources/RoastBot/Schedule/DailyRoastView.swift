import ChatPlatform
import RoastCore
import RoastStore

/// The Roast of the Day as posted and redrawn: the roast with its buttons, then a line with the
/// chat's current streak leaders (plain names: a morning post should not ping anyone).
public struct DailyRoastView: Sendable {
    /// How many leaders the line names.
    public static let leaderCount = 3

    public let roast: RoastView
    public let leaders: [RankedEntry<UserID>]

    public init(roast: RoastView, leaders: [RankedEntry<UserID>]) {
        self.roast = roast
        self.leaders = leaders
    }

    /// The view of `stored` with the chat's streak leaders on its local `date`, read from the store.
    public init(
        _ stored: StoredRoast, counts: [ReactionKind: Int], on date: LocalDate, catalog: CollectionCatalog, _ tx: borrowing StoreTransaction
    ) throws {
        let label = stored.collection.flatMap { RoastView.collectionLabel($0, in: catalog, language: stored.language) }
        self.init(
            roast: RoastView(roast: stored, counts: counts, requesterName: nil, requesterID: nil, collectionLabel: label),
            leaders: try LeaderboardFeature.ranked(.streak, chat: stored.chatID, on: date, limit: Self.leaderCount, tx))
    }

    public var message: OutgoingMessage {
        var message = roast.message
        let words = Phrasebook(roast.roast.language)
        let line = words.streakLeaders(
            leaders.map { (medal: $0.medal ?? "\($0.rank).", name: $0.entry.name + ($0.entry.hasFlame ? " 🔥" : ""), days: $0.entry.value) })
        message.text.append(.plain("\n\n" + line))
        return message
    }
}
