import ChatPlatform
import RoastCore
import RoastStore

/// `/collections`, picking a collection with its button, and due seasonal banners on interaction.
public struct CollectionsHandler: Sendable {
    private let collections: CollectionCatalogStore

    public init(collections: CollectionCatalogStore) {
        self.collections = collections
    }

    /// `/collections`: what is on offer on the chat's local date, with the sender's progress.
    public func list(_ context: EventContext, _ tx: borrowing StoreTransaction) throws -> HandlerOutcome {
        let active = collections.catalog.active(on: context.seasonDate)
        var chosen: String?
        var served: [String: Set<String>]?
        if let sender = context.sender {
            chosen = try tx.chosenCollection(chat: context.chatID, user: sender.id)
            served = try tx.collectionRoastsServed(chat: context.chatID, user: sender.id)
        }
        let view = CollectionsView(
            active: active, language: context.language, chosen: active.contains { $0.collection.id == chosen } ? chosen : nil,
            served: served)
        return HandlerOutcome(replies: [.send(view.message)])
    }

    /// A collection button: the presser's next roasts come from it (nil: regular roasts again).
    public func choose(_ id: String?, _ context: EventContext, _ tx: borrowing StoreTransaction) throws -> HandlerOutcome {
        let words = context.words
        guard let sender = context.sender, !sender.isBot, context.profile != nil else {
            return HandlerOutcome(notice: words.collectionPickNeedsPerson)
        }
        guard let id else {
            try tx.chooseCollection(nil, chat: context.chatID, user: sender.id, at: context.envelope.date)
            return HandlerOutcome(notice: words.collectionCleared)
        }
        guard let active = collections.catalog.activeCollection(id: id, on: context.seasonDate) else {
            return HandlerOutcome(notice: words.collectionUnavailable)
        }
        try tx.chooseCollection(id, chat: context.chatID, user: sender.id, at: context.envelope.date)
        let collection = active.collection
        return HandlerOutcome(notice: words.collectionChosen("\(collection.icon) \(collection.name(in: context.language))"))
    }

    /// Banners of running seasons this chat has not had yet (a chat that joined mid-season gets
    /// its banner on its first command), claimed in the event's transaction.
    public func dueBanners(_ context: EventContext, _ tx: borrowing StoreTransaction) throws -> [Reply] {
        try SeasonalBanners.claimDue(
            in: context.chat, on: context.seasonDate, catalog: collections.catalog, at: context.processedAt, tx
        ).map { .send($0) }
    }
}
