/// Decisions about seasons for schedulers: which banners are due in a chat, and where its Roast of
/// the Day comes from. Pure: the caller passes the chat's local date and what was already claimed.
public enum SeasonSchedule {
    /// A banner to post: the season and its collection.
    public struct Banner: Sendable, Hashable {
        public let collection: RoastCollection
        public let occurrence: SeasonOccurrence
    }

    /// The seasonal banners due in a chat on its local `date`: every season running then whose
    /// banner was not posted there yet. `alreadyPosted(collectionID, year)` asks the store.
    /// Chats with banners off get none.
    public static func bannersDue(
        _ catalog: CollectionCatalog, on date: LocalDate, bannersEnabled: Bool, alreadyPosted: (String, Int) throws -> Bool
    ) rethrows -> [Banner] {
        guard bannersEnabled else { return [] }
        var due: [Banner] = []
        for active in catalog.active(on: date) {
            guard let occurrence = active.occurrence, try !alreadyPosted(occurrence.collectionID, occurrence.year) else { continue }
            due.append(Banner(collection: active.collection, occurrence: occurrence))
        }
        return due
    }

    /// The collection today's Roast of the Day should come from in a chat whose local date is
    /// `date`: the running season (the earliest started, if several), else nil (the regular
    /// library). Pass the result to ``CollectionPicker`` (with no user history, or the chat's).
    public static func dailyRoastCollection(_ catalog: CollectionCatalog, on date: LocalDate) -> ActiveCollection? {
        catalog.active(on: date).first { $0.occurrence != nil }
    }
}
