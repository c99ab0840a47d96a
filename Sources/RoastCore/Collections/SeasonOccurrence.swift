/// One yearly occurrence of a seasonal collection's window, in local dates (both ends inclusive).
public struct SeasonOccurrence: Sendable, Hashable {
    public let collectionID: String
    /// The year the occurrence belongs to: the lunar year for lunar windows (Tết 2026 starts on
    /// 2026-02-07 and belongs to lunar year 2026), the Gregorian year of its first day otherwise.
    /// Together with the collection id it names the event (one banner per event per chat).
    public let year: Int
    public let first: LocalDate
    public let last: LocalDate

    public init(collectionID: String, year: Int, first: LocalDate, last: LocalDate) {
        self.collectionID = collectionID
        self.year = year
        self.first = first
        self.last = last
    }

    public func contains(_ date: LocalDate) -> Bool { first <= date && date <= last }
}
