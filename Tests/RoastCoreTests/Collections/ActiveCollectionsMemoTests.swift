import Foundation
import Testing

@testable import RoastCore

/// ``CollectionCatalog/active(on:)`` remembers its answers per date: they must be the answers worked
/// out afresh, on every day, in every zone, around Tết and Mid-Autumn, and after a reload.
@Suite struct ActiveCollectionsMemoTests {
    /// Every hour of Tết 2026, Mid-Autumn 2026 and New Year 2027 (with the days either side), seen
    /// from zones UTC−12 to UTC+14, so that the chats' dates straddle day boundaries and the memo
    /// fills past its capacity.
    @Test func rememberedAnswersEqualFreshOnesAcrossDaysZonesAndSeasons() throws {
        let catalog = try shippedCatalog.get()
        let zones = [-12, -8, 0, 5, 7, 9, 14].compactMap { TimeZone(secondsFromGMT: $0 * 3600) }
        let periods = [("2026-02-04", "2026-02-26"), ("2026-09-08", "2026-09-28"), ("2026-12-29", "2027-01-03")]
        var seasonalDays = Set<String>()
        for (start, end) in periods {
            let first = try #require(LocalDate(iso: start)).start(in: TimeZone(secondsFromGMT: 0)!)
            let last = try #require(LocalDate(iso: end)).start(in: TimeZone(secondsFromGMT: 0)!)
            var instant = first
            while instant <= last {
                for zone in zones {
                    let date = LocalDate(instant, in: zone)
                    let remembered = catalog.active(on: date)
                    #expect(remembered == catalog.computeActive(on: date), "\(date)")
                    #expect(catalog.seasons(on: date) == catalog.computeActive(on: date).compactMap(\.occurrence))
                    for active in remembered where active.occurrence != nil { seasonalDays.insert("\(active.collection.id) \(date)") }
                }
                instant += 3600
            }
        }
        // Both seasons were running on some of those days.
        #expect(seasonalDays.contains { $0.hasPrefix("tet ") })
        #expect(seasonalDays.contains { $0.hasPrefix("mid_autumn ") })
    }

    /// A reload builds a new catalog; what the old one remembered never answers for the new one.
    @Test func aReloadedCatalogAnswersForItsOwnCollections() throws {
        let day = LocalDate(year: 2026, month: 2, day: 10)
        let before = try CollectionFixtures.catalog([CollectionFixtures.collection("tet", kind: CollectionFixtures.lunarTet)])
        #expect(before.active(on: day).map(\.collection.id) == ["tet"])
        let after = try CollectionFixtures.catalog([
            CollectionFixtures.collection(
                "spring",
                kind: ["kind": "seasonal", "banner": ["vi": "X", "en": "X"], "window": ["gregorian": ["from": "02-01", "to": "02-28"]]]),
            CollectionFixtures.collection("always"),
        ])
        #expect(after.active(on: day).map(\.collection.id) == ["spring", "always"])
        #expect(before.active(on: day).map(\.collection.id) == ["tet"])
        #expect(after.active(on: day.adding(days: 30)).map(\.collection.id) == ["always"])
    }

    @Test func bannersDueFollowTheRememberedAnswers() throws {
        let catalog = try shippedCatalog.get()
        let eve = LocalDate(year: 2026, month: 2, day: 16)
        let due = SeasonSchedule.bannersDue(catalog, on: eve, bannersEnabled: true) { _, _ in false }
        #expect(due.map(\.collection.id) == ["tet"])
        #expect(SeasonSchedule.bannersDue(catalog, on: eve, bannersEnabled: true) { id, year in id == "tet" && year == 2026 }.isEmpty)
        #expect(SeasonSchedule.bannersDue(catalog, on: eve.adding(days: 8), bannersEnabled: true) { _, _ in false }.isEmpty)
    }
}
