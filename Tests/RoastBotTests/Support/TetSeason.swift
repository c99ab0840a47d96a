import Foundation
import RoastBot
import RoastCore

/// Days of Tết 2026 (lunar 1/1 is 2026-02-17; the season runs 02-07 … 02-23) on which one person's
/// `/roast tết` can collect every roast of the shipped collection: each roast fits only some days of
/// the season (its phases), so the whole set takes the season, not one afternoon.
enum TetSeason {
    static func at(_ day: Int) -> Date { ISO8601DateFormatter().date(from: "2026-02-\(day < 10 ? "0" : "")\(day)T10:00:00+07:00")! }

    /// One date per `/roast tết` that collects the whole set in `language`: on each day of the season,
    /// as many as the roasts that fit that day and no earlier one.
    static func draws(language: Language = .vi) throws -> [Date] {
        let tet = try CollectionCatalogStore(path: BotFixture.collectionsPath).catalog.collection(id: "tet")!
        var collected: Set<String> = []
        var draws: [Date] = []
        for day in 7...23 {
            let date = LocalDate(at(day), in: BotDefaults.timeZone)
            let new = tet.roasts(in: language).filter { tet.fits($0, on: date) && !collected.contains($0.id) }
            draws += Array(repeating: at(day), count: new.count)
            collected.formUnion(new.map(\.id))
        }
        return draws
    }

    /// The set's size in `language`.
    static func size(language: Language = .vi) throws -> Int {
        try CollectionCatalogStore(path: BotFixture.collectionsPath).catalog.collection(id: "tet")!.roasts(in: language).count
    }

    /// The season's last day, when all of the set was drawn.
    static let afterAll = at(23)
}
