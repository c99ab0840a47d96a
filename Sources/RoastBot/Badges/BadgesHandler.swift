import ChatPlatform
import RoastCore
import RoastStore

/// `/badges`: the sender's earned badges and progress toward the others.
public struct BadgesHandler: Sendable {
    public let catalog: BadgeCatalog

    public init(catalog: BadgeCatalog = .standard) { self.catalog = catalog }

    public func show(_ context: EventContext, _ tx: borrowing StoreTransaction) throws -> HandlerOutcome {
        guard let profile = context.profile else { return .nothing }
        let view = BadgesView(
            name: profile.displayName, catalog: catalog, earned: try tx.earnedBadges(chat: profile.chatID, user: profile.userID),
            tally: try tx.activityTally(chat: profile.chatID, user: profile.userID), language: context.language)
        return HandlerOutcome(replies: [.send(view.message)])
    }
}
