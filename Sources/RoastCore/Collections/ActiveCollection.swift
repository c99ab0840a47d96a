/// A collection on offer on some local date, with its current season when it is seasonal.
public struct ActiveCollection: Sendable, Hashable {
    public let collection: RoastCollection
    public let occurrence: SeasonOccurrence?

    public init(collection: RoastCollection, occurrence: SeasonOccurrence?) {
        self.collection = collection
        self.occurrence = occurrence
    }
}
