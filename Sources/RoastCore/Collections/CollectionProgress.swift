/// How far a user got through a collection: how many of its roasts (in one language) they received.
public struct CollectionProgress: Sendable, Hashable {
    public let collectionID: String
    public let served: Int
    public let total: Int

    public init(collectionID: String, served: Int, total: Int) {
        self.collectionID = collectionID
        self.served = served
        self.total = total
    }

    /// - Parameter served: roast ids the user received in this chat (any collection; others ignored).
    public init(_ collection: RoastCollection, language: Language, served: Set<String>) {
        let ids = collection.roasts(in: language).map(\.id)
        self.init(collectionID: collection.id, served: ids.count(where: served.contains), total: ids.count)
    }

    public var isComplete: Bool { total > 0 && served >= total }

    /// 0…100, rounded to the nearest (``Percentage``; 100 only when complete).
    public var percent: Int { Percentage.of(served, total) }
}

extension CollectionCatalog {
    /// The collections whose every roast, in at least one language, the user has received: each
    /// unlocks its ``CollectionBadge``.
    /// - Parameter served: roast ids the user received in a chat (from the store).
    public func completedCollections(served: Set<String>) -> [RoastCollection] {
        collections.filter { collection in
            Language.allCases.contains { CollectionProgress(collection, language: $0, served: served).isComplete }
        }
    }
}
