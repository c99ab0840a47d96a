/// A part of a season that some of its roasts are written for — the days before Tết, its first
/// days, Mid-Autumn's full-moon night — so that a roast about "the first day back after Tết" is
/// never drawn on lunar 1/1. A roast tagged with phases fits a day inside any of them; an untagged
/// roast fits the whole season.
public struct SeasonPhase: Sendable, Hashable, Identifiable {
    /// A name unique within its collection (`before`, `first_days`, `night`), as the roasts cite it.
    public let id: String
    /// The days of the phase, both ends inclusive, in the chat's local dates (the same calendar as
    /// the season's own window).
    public let window: SeasonWindow
    /// The banner line for a season that opens on one of the phase's days, when it differs from the
    /// season's own (“Tết sắp đến rồi!” on the days before Tết, where the season's says it is here).
    public let banners: [Language: String]

    public init(id: String, window: SeasonWindow, banners: [Language: String] = [:]) {
        self.id = id
        self.window = window
        self.banners = banners
    }

    /// Whether `date` is one of the phase's days.
    public func contains(_ date: LocalDate) -> Bool {
        window.occurrence(of: id, containing: date) != nil
    }
}
