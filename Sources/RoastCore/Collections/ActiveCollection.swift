/// A collection on offer on some local date, with its current season when it is seasonal.
public struct ActiveCollection: Sendable, Hashable {
    public let collection: RoastCollection
    public let occurrence: SeasonOccurrence?
    /// The local date it is on offer (a season's banner line depends on the day).
    public let date: LocalDate

    public init(collection: RoastCollection, occurrence: SeasonOccurrence?, date: LocalDate) {
        self.collection = collection
        self.occurrence = occurrence
        self.date = date
    }

    /// The collection's banner line on ``date``.
    public func banner(in language: Language) -> String { collection.banner(in: language, on: date) }
}
