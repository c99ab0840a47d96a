extension BadgeCatalog {
    /// The standard badges plus one completion badge per collection: earned once a
    /// person has received every roast of the collection in a chat.
    ///
    /// The catalog is fixed when the bot starts; a collection added by a hot reload gets its badge at
    /// the next start.
    public init(collections catalog: CollectionCatalog) {
        self.init(
            extra: catalog.badges.compactMap { badge in
                guard let collection = catalog.collection(id: badge.collectionID) else { return nil }
                let count = Language.allCases.map { collection.roasts(in: $0).count }.min() ?? 0
                guard count > 0 else { return nil }
                return Badge(
                    id: BadgeID(rawValue: badge.id), icon: badge.icon, category: .collection,
                    criterion: .collectionRoasts(collection: badge.collectionID, count: count),
                    name: LocalizedText(vi: badge.name(in: .vi), en: badge.name(in: .en)),
                    description: LocalizedText(
                        vi: "Nhận đủ \(count) roast của bộ sưu tập \(collection.name(in: .vi))",
                        en: "Get all \(count) roasts of the \(collection.name(in: .en)) collection"))
            })
    }
}
