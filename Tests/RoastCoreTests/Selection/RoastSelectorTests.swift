import Foundation
import RoastContent
import Testing

@testable import RoastCore

/// The selector's rules on the shipped library and collections.
struct RoastSelectorTests {
    static let library = Result { () throws -> RoastLibrary in
        try RoastLibrary.load(directory: Repository.library)
    }
    /// Inside Tết 2026 (its collection on offer) and a day out of any season.
    static let tet = LocalDate(year: 2026, month: 2, day: 10)
    static let ordinary = LocalDate(year: 2026, month: 3, day: 10)

    static func selector(blocking terms: [String] = []) throws -> RoastSelector {
        RoastSelector(library: try library.get(), safety: SafetyFilter(blockList: terms))
    }

    static func ask(
        _ request: RoastRequest = RoastRequest(), purpose: RoastAsk.Purpose = .request, chosen: String? = nil, maxSpice: Int = 3,
        served: Set<String> = [], on date: LocalDate = ordinary
    ) -> RoastAsk {
        RoastAsk(
            purpose: purpose, request: request, chosenCollection: chosen, language: .en, maxSpice: SpiceLevel(clamping: maxSpice),
            served: served, date: date)
    }

    @Test(arguments: 1...5)
    func nothingIsSpicierThanTheCap(_ cap: Int) throws {
        let selector = try Self.selector()
        var random = SplitMix64(seed: UInt64(cap))
        for _ in 0..<200 {
            let choice = try #require(selector.select(Self.ask(maxSpice: cap), catalog: try shippedCatalog.get(), using: &random))
            #expect(choice.spice.rawValue <= cap)
        }
    }

    @Test func askingAboveTheCapSaysSoAndServesAtTheCap() throws {
        var random = SplitMix64(seed: 1)
        let choice = try #require(
            try Self.selector().select(
                Self.ask(RoastRequest(category: .meetings, spice: .hottest), maxSpice: 3), catalog: try shippedCatalog.get(), using: &random
            ))
        #expect(choice.spice.rawValue == 3)
        #expect(choice.notes == [.spiceCapped(cap: SpiceLevel(clamping: 3))])
    }

    @Test func aCollectionOnOfferServesItsOwnRoastsAndOneNotOnOfferIsSaid() throws {
        let selector = try Self.selector()
        let catalog = try shippedCatalog.get()
        var random = SplitMix64(seed: 2)
        let inSeason = try #require(
            selector.select(Self.ask(RoastRequest(collection: "tet"), on: Self.tet), catalog: catalog, using: &random))
        #expect(inSeason.collection == "tet")
        #expect(catalog.collectionID(ofRoast: inSeason.libraryID ?? "") == "tet")
        let offSeason = try #require(
            selector.select(Self.ask(RoastRequest(collection: "tet"), on: Self.ordinary), catalog: catalog, using: &random))
        #expect(offSeason.collection == nil)
        #expect(offSeason.notes == [.collectionNotOnOffer(id: "tet")])
        // A pick made during the season is silently ignored after it.
        let stalePick = try #require(selector.select(Self.ask(chosen: "tet", on: Self.ordinary), catalog: catalog, using: &random))
        #expect(stalePick.collection == nil)
        #expect(stalePick.notes.isEmpty)
    }

    @Test func theRoastOfTheDayComesFromTheRunningSeason() throws {
        let selector = try Self.selector()
        let catalog = try shippedCatalog.get()
        var random = SplitMix64(seed: 3)
        #expect(selector.select(Self.ask(purpose: .daily, on: Self.tet), catalog: catalog, using: &random)?.collection == "tet")
        #expect(selector.select(Self.ask(purpose: .daily, on: Self.ordinary), catalog: catalog, using: &random)?.collection == nil)
    }

    @Test func servedRoastsComeBackOnlyOnceThePoolIsExhausted() throws {
        let selector = try Self.selector()
        let catalog = try shippedCatalog.get()
        var random = SplitMix64(seed: 4)
        var served: Set<String> = []
        let pool = try Self.library.get().roasts(language: .en, category: .kpis).filter { $0.spice.rawValue <= 3 }
        for _ in pool {
            let choice = try #require(
                selector.select(Self.ask(RoastRequest(category: .kpis), served: served), catalog: catalog, using: &random))
            #expect(served.insert(try #require(choice.libraryID)).inserted)
        }
        #expect(served == Set(pool.map(\.id)))
    }

    /// An AI roast is sent only when it passes the filter and the cap; otherwise the library answers.
    @Test(arguments: [
        ("Your sprint board has more columns than a spreadsheet.", 3, true),
        ("Your sprint board has more columns than a spreadsheet.", 5, false),
        ("Your roadmap is pure blorptastic fiction.", 2, false),
    ])
    func anAIRoastMustPassTheSameRules(_ text: String, _ spice: Int, _ used: Bool) throws {
        let selector = try Self.selector(blocking: ["blorptastic"])
        var random = SplitMix64(seed: 5)
        let prepared = PreparedRoast(category: .workload, spice: SpiceLevel(clamping: spice), mood: nil, collection: nil, text: text)
        let choice = try #require(
            selector.select(Self.ask(maxSpice: 3), prepared: prepared, catalog: try shippedCatalog.get(), using: &random))
        #expect((choice.origin == .ai) == used)
        #expect(selector.allows(choice.text))
    }

    @Test func theAIWritesForACollectionOnlyOnceItsOwnRoastsAreUsedUp() throws {
        let selector = try Self.selector()
        let catalog = try shippedCatalog.get()
        let tet = try #require(catalog.collection(id: "tet"))
        var random = SplitMix64(seed: 6)
        let fresh = Self.ask(RoastRequest(collection: "tet"), on: Self.tet)
        #expect(selector.prompt(for: fresh, catalog: catalog, using: &random) == nil)
        let exhausted = Self.ask(RoastRequest(collection: "tet"), served: Set(tet.roasts(in: .en).map(\.id)), on: Self.tet)
        let plan = try #require(selector.prompt(for: exhausted, catalog: catalog, using: &random))
        #expect(plan.collection == "tet")
        #expect(plan.prompt.collectionModifier == tet.promptModifier)
        let prepared = PreparedRoast(
            category: plan.prompt.category, spice: plan.prompt.spice, mood: nil, collection: "tet", text: "Red envelopes, empty inbox.")
        #expect(selector.select(exhausted, prepared: prepared, catalog: catalog, using: &random)?.origin == .ai)
        #expect(selector.select(fresh, prepared: prepared, catalog: catalog, using: &random)?.origin != .ai)
    }

    @Test func blockedRoastsAreNeverDrawnNorCountAsFresh() throws {
        let library = try Self.library.get()
        let pool = library.roasts(language: .en, category: .deadlines).filter { $0.spice.rawValue <= 3 }
        // Block all but one roast of the pool, each by its whole text.
        let kept = pool[0]
        let selector = RoastSelector(library: library, safety: SafetyFilter(blockList: pool.dropFirst().map(\.text)))
        var random = SplitMix64(seed: 8)
        for _ in 0..<20 {
            let choice = try #require(
                selector.select(
                    Self.ask(RoastRequest(category: .deadlines), served: [kept.id]), catalog: try shippedCatalog.get(), using: &random))
            #expect(choice.libraryID == kept.id)
        }
    }

    /// Asking a collection for more spice than it holds gives its spiciest roast, and says so.
    @Test func askingACollectionAboveItsSpiciestSaysSo() throws {
        let selector = try Self.selector()
        let tet = try #require(try shippedCatalog.get().collection(id: "tet"))
        let highest = try #require(tet.roasts(in: .en).filter { tet.fits($0, on: Self.tet) }.map(\.spice).max())
        try #require(highest < .hottest)
        var random = SplitMix64(seed: 9)
        for _ in 0..<50 {
            let choice = try #require(
                selector.select(
                    Self.ask(RoastRequest(spice: .hottest, collection: "tet"), maxSpice: 5, on: Self.tet),
                    catalog: try shippedCatalog.get(),
                    using: &random))
            #expect(choice.collection == "tet")
            #expect(choice.spice == highest)
            #expect(choice.notes == [.collectionSpiceUnavailable(id: "tet", highest: highest)])
        }
        // Within what it holds, nothing to say.
        let held = try #require(
            selector.select(
                Self.ask(RoastRequest(spice: SpiceLevel(clamping: 2), collection: "tet"), maxSpice: 5, on: Self.tet),
                catalog: try shippedCatalog.get(), using: &random))
        #expect(held.spice == SpiceLevel(clamping: 2) && held.notes.isEmpty)
    }

    /// A spice asked for comes before no-repeat, in a collection as in the library: once every one of
    /// the collection's spiciest roasts was served, the next ask for more still gets one of them (the
    /// note says that level), not a milder roast it has not had.
    @Test func anAskedSpiceComesBeforeNoRepeatInACollection() throws {
        let selector = try Self.selector()
        let catalog = try shippedCatalog.get()
        let tet = try #require(catalog.collections.first { $0.id == "tet" })
        let fitting = tet.roasts(in: .en).filter { tet.fits($0, on: Self.tet) }
        let highest = try #require(fitting.map(\.spice).max())
        try #require(highest < .hottest)
        let spiciest = fitting.filter { $0.spice == highest }
        var random = SplitMix64(seed: 10)
        for _ in 0..<30 {
            let choice = try #require(
                selector.select(
                    Self.ask(RoastRequest(spice: .hottest, collection: "tet"), maxSpice: 5, served: Set(spiciest.map(\.id)), on: Self.tet),
                    catalog: catalog, using: &random))
            #expect(choice.spice == highest)
            #expect(choice.notes == [.collectionSpiceUnavailable(id: "tet", highest: highest)])
        }
    }

    /// What the chat's Roast of the Day showed everyone today is not a request's roast while another may be.
    @Test func aRequestIsNotTodaysRoastOfTheDayWhileAnotherMayBe() throws {
        let selector = try Self.selector()
        let catalog = try shippedCatalog.get()
        var random = SplitMix64(seed: 11)
        let pool = selector.library.roasts(language: .en, category: .deadlines).filter { $0.spice.rawValue <= 3 && !$0.isPremium }
        // Everything but two served; one of those two was today's Roast of the Day.
        let (posted, other) = (pool[0], pool[1])
        for _ in 0..<30 {
            var ask = Self.ask(RoastRequest(category: .deadlines), served: Set(pool.dropFirst(2).map(\.id)))
            ask.postedToday = [posted.id]
            let choice = try #require(selector.select(ask, catalog: catalog, using: &random))
            #expect(choice.libraryID == other.id)
        }
        // Only the posted one left in the pool: it is drawn rather than nothing.
        var ask = Self.ask(RoastRequest(category: .deadlines), served: Set(pool.dropFirst(1).map(\.id)))
        ask.postedToday = Set(pool.map(\.id))
        #expect(selector.select(ask, catalog: catalog, using: &random) != nil)
    }
}
