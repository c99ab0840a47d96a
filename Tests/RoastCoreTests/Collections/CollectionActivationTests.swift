import Foundation
import RoastCore
import Testing

@Suite struct CollectionActivationTests {
    /// Window edges are inclusive: Tết 2026 runs 2026-02-07 … 2026-02-23, Mid-Autumn 2026-09-11 … 09-25.
    @Test(arguments: [
        ("2026-02-06", [String]()), ("2026-02-07", ["tet"]), ("2026-02-17", ["tet"]), ("2026-02-23", ["tet"]), ("2026-02-24", []),
        ("2026-09-10", []), ("2026-09-11", ["mid_autumn"]), ("2026-09-25", ["mid_autumn"]), ("2026-09-26", []),
        ("2025-01-19", ["tet"]), ("2025-01-18", []), ("2025-10-06", ["mid_autumn"]), ("2025-10-07", []),
    ])
    func seasonalCollectionsAreActiveExactlyInsideTheirWindow(date: String, expected: [String]) throws {
        let catalog = try shippedCatalog.get()
        let day = try #require(LocalDate(iso: date))
        #expect(catalog.seasons(on: day).map(\.collectionID) == expected)
    }

    /// The chat's local date decides: one instant can be Tết-eve-minus-ten in UTC and already the
    /// first day of the Tết window in Vietnam, and the window's last day in UTC but over in Vietnam.
    @Test(arguments: [
        ("2026-02-06T17:30:00Z", "Asia/Ho_Chi_Minh", true), ("2026-02-06T17:30:00Z", "UTC", false),
        ("2026-02-06T17:30:00Z", "America/Los_Angeles", false), ("2026-02-07T07:59:00Z", "America/Los_Angeles", false),
        ("2026-02-07T08:00:00Z", "America/Los_Angeles", true), ("2026-02-06T16:59:59Z", "Asia/Ho_Chi_Minh", false),
        ("2026-02-23T18:00:00Z", "Asia/Ho_Chi_Minh", false), ("2026-02-23T18:00:00Z", "UTC", true),
        ("2026-02-23T16:59:59Z", "Asia/Ho_Chi_Minh", true), ("2026-02-23T18:00:00Z", "America/Los_Angeles", true),
    ])
    func theChatsLocalDateDecidesTheSeason(instant: String, zone: String, tetActive: Bool) throws {
        let catalog = try shippedCatalog.get()
        let date = try #require(ISO8601DateFormatter().date(from: instant))
        let timeZone = try #require(TimeZone(identifier: zone))
        #expect(catalog.seasons(on: LocalDate(date, in: timeZone)).contains { $0.collectionID == "tet" } == tetActive)
    }

    @Test func seasonalComesFirstThenTheMonthsCollectionThenPermanentOnes() throws {
        let catalog = try shippedCatalog.get()
        let active = catalog.active(on: LocalDate(year: 2026, month: 2, day: 10))
        #expect(active.map(\.collection.id) == ["tet", "work_from_home", "classic_office", "tech_life", "meeting_madness"])
        #expect(active.first?.occurrence?.year == 2026)
        let ordinary = catalog.active(on: LocalDate(year: 2026, month: 3, day: 10))
        #expect(ordinary.map(\.collection.id) == ["quarter_end_crunch", "classic_office", "tech_life", "meeting_madness"])
    }

    @Test func theSeasonOfLateJanuaryBelongsToTheComingLunarYear() throws {
        let catalog = try shippedCatalog.get()
        // Tết 2025 was 2025-01-29: its window opened on 2025-01-19, still lunar year 2024 by date.
        let season = try #require(catalog.seasons(on: LocalDate(year: 2025, month: 1, day: 20)).first)
        #expect(season.year == 2025)
        #expect(season.first == LocalDate(year: 2025, month: 1, day: 19))
    }

    @Test func gregorianWindowsMayRunOverNewYear() {
        let window = SeasonWindow.gregorian(from: .init(month: 12, day: 20), to: .init(month: 1, day: 5))
        #expect(window.occurrence(of: "x", containing: LocalDate(year: 2026, month: 12, day: 19)) == nil)
        #expect(window.occurrence(of: "x", containing: LocalDate(year: 2026, month: 12, day: 20))?.year == 2026)
        #expect(window.occurrence(of: "x", containing: LocalDate(year: 2027, month: 1, day: 5))?.year == 2026)
        #expect(window.occurrence(of: "x", containing: LocalDate(year: 2027, month: 1, day: 6)) == nil)
    }

    @Test func dailyRoastComesFromTheRunningSeasonOnly() throws {
        let catalog = try shippedCatalog.get()
        #expect(SeasonSchedule.dailyRoastCollection(catalog, on: LocalDate(year: 2026, month: 2, day: 17))?.collection.id == "tet")
        #expect(SeasonSchedule.dailyRoastCollection(catalog, on: LocalDate(year: 2026, month: 9, day: 11))?.collection.id == "mid_autumn")
        #expect(SeasonSchedule.dailyRoastCollection(catalog, on: LocalDate(year: 2026, month: 3, day: 1)) == nil)
    }

    @Test func bannerIsDueOncePerSeasonAndNeverWithBannersOff() throws {
        let catalog = try shippedCatalog.get()
        let day = LocalDate(year: 2026, month: 2, day: 7)
        let due = SeasonSchedule.bannersDue(catalog, on: day, bannersEnabled: true) { _, _ in false }
        #expect(due.map(\.collection.id) == ["tet"])
        #expect(due.first?.occurrence.year == 2026)
        #expect(SeasonSchedule.bannersDue(catalog, on: day, bannersEnabled: true) { id, year in id == "tet" && year == 2026 }.isEmpty)
        #expect(SeasonSchedule.bannersDue(catalog, on: day, bannersEnabled: false) { _, _ in false }.isEmpty)
        #expect(
            SeasonSchedule.bannersDue(catalog, on: LocalDate(year: 2026, month: 3, day: 1), bannersEnabled: true) { _, _ in false }.isEmpty)
    }

    @Test func everyCollectionHasABadgeNamedAfterIt() throws {
        let catalog = try shippedCatalog.get()
        #expect(catalog.badges.count == catalog.collections.count)
        let tet = try #require(catalog.badges.first { $0.collectionID == "tet" })
        #expect(tet.id == "collection.tet")
        #expect(tet.icon == "🧧")
        #expect(tet.name(in: .vi).contains("Tết"))
    }
}
