import Foundation

/// Days of Tết 2026 (lunar 1/1 is 2026-02-17; the season runs 02-07 … 02-23) on which one person's
/// `/roast tết` can collect all twelve roasts of the shipped collection: each roast fits only some
/// days of the season (its phases), so the whole set takes the season, not one afternoon.
enum TetSeason {
    static func at(_ day: String) -> Date { ISO8601DateFormatter().date(from: "2026-02-\(day)T10:00:00+07:00")! }

    /// Five draws before Tết, one on its eve, three in its first days and three after them.
    static let twelveDraws: [Date] =
        Array(repeating: at("10"), count: 5) + [at("16")] + Array(repeating: at("18"), count: 3) + Array(repeating: at("21"), count: 3)

    /// A day after all twelve, still in the season.
    static let afterTheTwelve = at("22")
}
