import Foundation
import Testing

@testable import RoastCore

/// Seasonal roasts carry where in the season they fit (`phases` in `config/collections.json`), and
/// the selector draws, for `/roast tết` and the Roast of the Day alike, only those that fit the day.
struct SeasonPhaseTests {
    // Tết 2026: lunar 1/1 is 2026-02-17; the season runs 02-07 … 02-23. Mid-Autumn 2026: lunar 8/1
    // is 09-11 and the full moon 8/15 is 09-25.
    static let tenDaysBeforeTet = LocalDate(year: 2026, month: 2, day: 7)
    static let tetEve = LocalDate(year: 2026, month: 2, day: 16)
    static let mung1 = LocalDate(year: 2026, month: 2, day: 17)
    static let mung5 = LocalDate(year: 2026, month: 2, day: 21)
    static let lunarAugustSecond = LocalDate(year: 2026, month: 9, day: 12)
    static let fullMoon = LocalDate(year: 2026, month: 9, day: 25)

    /// Every roast `/roast <collection>` and the Roast of the Day draw on `date`, 300 times each.
    static func drawn(_ collection: String, language: Language, on date: LocalDate) throws -> Set<String> {
        let selector = RoastSelector(library: try RoastSelectorTests.library.get())
        let catalog = try shippedCatalog.get()
        var random = SplitMix64(seed: UInt64(date.dayNumber))
        var ids: Set<String> = []
        for purpose in [RoastAsk.Purpose.request, .daily] {
            for _ in 0..<300 {
                let ask = RoastAsk(
                    purpose: purpose, request: RoastRequest(collection: purpose == .request ? collection : nil), language: language,
                    maxSpice: .hottest, date: date)
                let choice = try #require(selector.select(ask, catalog: catalog, using: &random))
                if let id = choice.libraryID { ids.insert(id) }
            }
        }
        return ids
    }

    static func language(of id: String) -> Language { id.contains(".vi.") ? .vi : .en }

    @Test(arguments: [
        (mung1, "tet.en.009"),  // "First day back after Tết…"
        (mung1, "tet.vi.009"),
        (tenDaysBeforeTet, "tet.en.005"),  // "On the last day before Tết…"
        (tenDaysBeforeTet, "tet.vi.005"),
        (mung5, "tet.en.001"),  // "Ten days before Tết…"
        (lunarAugustSecond, "mid_autumn.en.005"),  // "The full moon is glorious tonight…"
        (fullMoon, "mid_autumn.en.008"),  // "…send the revision before the full moon"
    ])
    func aSeasonalRoastIsNeverDrawnOnADayItDoesNotFit(_ date: LocalDate, _ id: String) throws {
        let collection = String(id.prefix { $0 != "." })
        #expect(!(try Self.drawn(collection, language: Self.language(of: id), on: date)).contains(id))
    }

    @Test(arguments: [(tetEve, "tet.en.005"), (mung1, "tet.vi.004"), (fullMoon, "mid_autumn.vi.005")])
    func andIsDrawnOnTheDaysItFits(_ date: LocalDate, _ id: String) throws {
        let collection = String(id.prefix { $0 != "." })
        #expect(try Self.drawn(collection, language: Self.language(of: id), on: date).contains(id))
    }
}
