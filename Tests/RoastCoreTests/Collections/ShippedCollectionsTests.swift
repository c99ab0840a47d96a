import Foundation
import LunarCalendar
import RoastContent
import RoastCore
import Testing

private let root = Repository.root

/// `config/collections.json` as shipped.
let shippedCatalog = Result { () throws -> CollectionCatalog in
    try CollectionCatalog(data: Data(contentsOf: root.appending(path: "config/collections.json")))
}

@Suite struct ShippedCollectionsTests {
    @Test func shippedCatalogHasThePermanentMonthlyAndSeasonalCollections() throws {
        let catalog = try shippedCatalog.get()
        let ids = Set(catalog.collections.map(\.id))
        #expect(ids.isSuperset(of: ["classic_office", "tech_life", "meeting_madness", "tet", "mid_autumn"]))
        let monthly = catalog.collections.filter { if case .monthly = $0.kind { true } else { false } }
        #expect(monthly.count >= 6)
        #expect(catalog.collection(id: "classic_office")?.name(in: .en) == "Classic Office")
        #expect(catalog.collection(id: "tech_life")?.name(in: .en) == "Tech Life")
        #expect(catalog.collection(id: "meeting_madness")?.name(in: .en) == "Meeting Madness")
    }

    @Test(arguments: 1...12)
    func exactlyOneMonthlyCollectionRotatesInEachMonth(month: Int) throws {
        let catalog = try shippedCatalog.get()
        let active = catalog.active(on: LocalDate(year: 2027, month: month, day: 15))
        #expect(active.filter { if case .monthly = $0.collection.kind { true } else { false } }.count == 1)
    }

    @Test func everyCollectionHasItsOwnRoastsInBothLanguagesWithinLimits() throws {
        let catalog = try shippedCatalog.get()
        for collection in catalog.collections {
            for language in Language.allCases {
                let roasts = collection.roasts(in: language)
                #expect(roasts.count >= 12, "\(collection.id) \(language)")
                for roast in roasts {
                    #expect(roast.text.count <= 280, "\(roast.id)")
                    #expect(roast.id.hasPrefix("\(collection.id).\(language.rawValue)."))
                }
            }
            #expect(!collection.promptModifier.isEmpty)
            #expect(!collection.icon.isEmpty && !collection.theme.isEmpty)
        }
    }

    /// Vietnamese roasts are written with full diacritics (a roast without any is almost surely
    /// typed without them).
    @Test func vietnameseRoastsCarryDiacritics() throws {
        let catalog = try shippedCatalog.get()
        for collection in catalog.collections {
            for roast in collection.roasts(in: .vi) {
                #expect(roast.text.unicodeScalars.contains { $0.value > 0x7F && CharacterSet.letters.contains($0) }, "\(roast.id)")
            }
        }
    }

    @Test func noRoastIsANearDuplicateOfAnotherOrOfTheLibrary() throws {
        let catalog = try shippedCatalog.get()
        let library = try RoastLibrary.load(directory: root.appending(path: "config/library", directoryHint: .isDirectory))
        for language in Language.allCases {
            let mine = catalog.collections.flatMap { $0.roasts(in: language) }.map { ($0.id, TextSimilarity.trigrams($0.text)) }
            let theirs = library.all.filter { $0.language == language }.map { ($0.id, TextSimilarity.trigrams($0.text)) }
            for (index, (id, grams)) in mine.enumerated() {
                for (other, otherGrams) in mine[(index + 1)...] {
                    #expect(TextSimilarity.jaccard(grams, otherGrams) < 0.6, "\(id) ~ \(other)")
                }
                for (other, otherGrams) in theirs {
                    #expect(TextSimilarity.jaccard(grams, otherGrams) < 0.6, "\(id) ~ \(other)")
                }
            }
        }
    }

    /// Whole words only: "đèn lồng" (lantern) is not profanity.
    @Test func noProfanity() throws {
        let banned = ["fuck", "shit", "bitch", "damn", "địt", "đụ", "đéo", "lồn", "cặc", "vãi"]
        let catalog = try shippedCatalog.get()
        for roast in catalog.collections.flatMap({ $0.roasts.values.joined() }) {
            let words = Set(roast.text.lowercased().split { !$0.isLetter }.map(String.init))
            #expect(words.isDisjoint(with: banned), "\(roast.id)")
        }
    }

    /// The shipped phases lie inside their season every year, Tết's in order (before, eve, first
    /// days, after), and each has roasts in both languages.
    @Test(arguments: 2026...2035)
    func shippedPhasesLieInsideTheirSeason(year: Int) throws {
        let catalog = try shippedCatalog.get()
        for collection in catalog.collections where !collection.phases.isEmpty {
            guard case .seasonal(let window) = collection.kind else {
                Issue.record("\(collection.id) has phases but is not seasonal")
                continue
            }
            let season = try #require(window.occurrence(of: collection.id, inYear: year))
            for phase in collection.phases {
                let span = try #require(phase.window.occurrence(of: phase.id, inYear: year))
                #expect(season.contains(span.first) && season.contains(span.last), "\(collection.id) \(phase.id) \(year)")
            }
        }
        let tet = try #require(catalog.collection(id: "tet"))
        let spans = try tet.phases.map { try #require($0.window.occurrence(of: $0.id, inYear: year)) }
        let lunarNewYear = try VietnameseLunarCalendar.tet(ofLunarYear: year)
        let newYear = LocalDate(year: lunarNewYear.year, month: lunarNewYear.month, day: lunarNewYear.day)
        #expect(tet.phases.map(\.id) == ["before", "eve", "first_days", "after"])
        #expect(spans[0].last == newYear.adding(days: -1) && spans[1].first == newYear.adding(days: -1))
        #expect(spans[2].first == newYear && spans[2].last == newYear.adding(days: 2))
        #expect(spans[3].first == newYear.adding(days: 3))
    }

    @Test func theCalendarAgreesWithTheWindowsThatTheTestsAssume() throws {
        #expect(try VietnameseLunarCalendar.tet(ofLunarYear: 2026) == SolarDate(year: 2026, month: 2, day: 17))
        #expect(
            try VietnameseLunarCalendar.solarDate(for: LunarDate(day: 7, month: 1, year: 2026)) == SolarDate(year: 2026, month: 2, day: 23))
        #expect(try VietnameseLunarCalendar.midAutumn(ofLunarYear: 2026) == SolarDate(year: 2026, month: 9, day: 25))
        #expect(
            try VietnameseLunarCalendar.solarDate(for: LunarDate(day: 1, month: 8, year: 2026)) == SolarDate(year: 2026, month: 9, day: 11))
        let catalog = try shippedCatalog.get()
        guard case .seasonal(let tet) = catalog.collection(id: "tet")?.kind,
            case .seasonal(let moon) = catalog.collection(id: "mid_autumn")?.kind
        else {
            Issue.record("tet and mid_autumn must be seasonal")
            return
        }
        let tet2026 = try #require(tet.occurrence(of: "tet", inYear: 2026))
        #expect(tet2026.first == LocalDate(year: 2026, month: 2, day: 7))
        #expect(tet2026.last == LocalDate(year: 2026, month: 2, day: 23))
        let moon2026 = try #require(moon.occurrence(of: "mid_autumn", inYear: 2026))
        #expect(moon2026.first == LocalDate(year: 2026, month: 9, day: 11))
        #expect(moon2026.last == LocalDate(year: 2026, month: 9, day: 25))
        // Vietnam's Tết, not China's: 1985 began on 21 January in Vietnam.
        #expect(tet.occurrence(of: "tet", inYear: 1985)?.first == LocalDate(year: 1985, month: 1, day: 11))
    }
}
