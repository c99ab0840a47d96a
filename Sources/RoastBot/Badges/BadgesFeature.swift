import ChatPlatform
import RoastCore
import RoastStore

/// `/badges`: the sender's earned badges and progress toward the others.
public struct BadgesFeature: Feature {
    public enum Action: Sendable, Hashable {
        case show
    }

    public let commands = [
        CommandSpec(
            "badges", vi: "huy_hiệu", summary: LocalizedText(vi: "Huy hiệu và tiến độ của bạn", en: "Your badges and progress"),
            personal: true)
    ]
    public let catalog: BadgeCatalog

    /// The collections whose completion badges the catalog holds.
    public let collections: CollectionCatalogStore?

    public init(catalog: BadgeCatalog = .standard, collections: CollectionCatalogStore? = nil) {
        self.catalog = catalog
        self.collections = collections
    }

    public func decode(_ input: FeatureInput) -> Action? {
        guard case .command = input else { return nil }
        return .show
    }

    public func handle(_ action: Action, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64) throws
        -> HandlerOutcome
    {
        guard let profile = context.profile else { return .nothing }
        let view = BadgesView(
            name: profile.displayName, catalog: catalog, earned: try tx.earnedBadges(chat: profile.chatID, user: profile.userID),
            tally: try tx.activityTally(chat: profile.chatID, user: profile.userID), language: context.language,
            maxSpice: context.chat.maxSpice, collections: collections?.catalog)
        return HandlerOutcome(replies: [.send(view.message)])
    }
}
