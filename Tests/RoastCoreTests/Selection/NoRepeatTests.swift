import Foundation
import Testing

@testable import RoastCore

/// No repeats that a person or a chat notices: once a pool is used up the least recently seen roast
/// comes first, never one of the chat's latest few, and what the whole chat saw counts as seen.
struct NoRepeatTests {
    /// The narrowing rule on its own, as a table: the pool, the chat's latest, when each was seen.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let pool: [String]
        let latest: [String]
        let seen: [String: Int64]
        let candidates: Set<String>
        let exhausted: Bool
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "unseen first", pool: ["a", "b", "c"], latest: [], seen: ["a": 1], candidates: ["b", "c"], exhausted: false),
        Case(
            name: "all seen: the least recently seen", pool: ["a", "b", "c"], latest: [], seen: ["a": 5, "b": 2, "c": 9],
            candidates: ["b"], exhausted: true),
        Case(
            name: "the chat's latest are left out even when unseen by this person", pool: ["a", "b", "c"], latest: ["b"],
            seen: ["a": 1], candidates: ["c"], exhausted: false),
        Case(
            name: "the latest are left out before the least recently seen is taken", pool: ["a", "b", "c"], latest: ["b", "a"],
            seen: ["a": 1, "b": 2, "c": 3], candidates: ["c"], exhausted: true),
        Case(
            name: "as many of the latest as leave something", pool: ["a", "b"], latest: ["b", "a"], seen: ["a": 1, "b": 2],
            candidates: ["a"], exhausted: true),
        Case(name: "a pool of one is that one", pool: ["a"], latest: ["a"], seen: ["a": 7], candidates: ["a"], exhausted: true),
        Case(
            name: "only the latest five count", pool: ["a", "b", "c", "d", "e", "f", "g"], latest: ["a", "b", "c", "d", "e", "f"],
            seen: ["a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7], candidates: ["f"], exhausted: true),
    ]

    @Test(arguments: cases)
    func theNarrowingRule(_ test: Case) {
        let (candidates, exhausted) = SeenRoasts.narrow(test.pool, latest: test.latest, mark: { test.seen[$0] })
        #expect(Set(candidates) == test.candidates)
        #expect(exhausted == test.exhausted)
    }

    /// 25 asks for one (category, spice) pool of 7 by one person, each recorded as seen: never the same
    /// roast twice in a row, each roast once per round, and the same order again after the first round.
    @Test func aUsedUpPoolComesBackLeastRecentlySeenFirstNeverBackToBack() throws {
        let selector = try RoastSelectorTests.selector()
        let catalog = try shippedCatalog.get()
        var random = SplitMix64(seed: 22)
        var seen = SeenRoasts()
        var drawn: [String] = []
        for mark in 1...25 {
            var ask = RoastSelectorTests.ask(RoastRequest(category: .meetings, spice: SpiceLevel(clamping: 3)))
            ask.seen = seen
            let id = try #require(selector.select(ask, catalog: catalog, using: &random)?.libraryID)
            drawn.append(id)
            seen.lastSeen[id] = Int64(mark)
            seen.latestInChat = Array(([id] + seen.latestInChat).prefix(SeenRoasts.latestWindow))
        }
        let pool = selector.library.roasts(language: .en, category: .meetings).filter { $0.spice.rawValue == 3 && !$0.isPremium }
        #expect(Set(drawn.prefix(pool.count)) == Set(pool.map(\.id)))
        for (previous, next) in zip(drawn, drawn.dropFirst()) { #expect(previous != next) }
        // Least recently seen first: every later draw is the one seen longest ago.
        for index in pool.count..<drawn.count { #expect(drawn[index] == drawn[index - pool.count], "\(index)") }
    }

    /// Two people asking one after the other in a group, both having seen everything: the second does
    /// not get the roast the first just got.
    @Test func twoMembersInARowGetDifferentRoasts() throws {
        let selector = try RoastSelectorTests.selector()
        let catalog = try shippedCatalog.get()
        let pool = selector.library.roasts(language: .en, category: .kpis).filter { $0.spice.rawValue == 2 && !$0.isPremium }
        let everything = Dictionary(uniqueKeysWithValues: pool.enumerated().map { ($0.element.id, Int64($0.offset)) })
        var random = SplitMix64(seed: 23)
        for _ in 0..<20 {
            var first = RoastSelectorTests.ask(RoastRequest(category: .kpis, spice: SpiceLevel(clamping: 2)))
            first.seen = SeenRoasts(lastSeen: everything)
            let got = try #require(selector.select(first, catalog: catalog, using: &random)?.libraryID)
            var second = first
            second.seen.latestInChat = [got]
            #expect(try #require(selector.select(second, catalog: catalog, using: &random)?.libraryID) != got)
        }
    }

    /// The Roast of the Day of the last 30 days counts as seen by every member: a request draws what the
    /// member has not seen, the post included, before repeating.
    @Test func whatTheChatSawCountsAsSeen() throws {
        let selector = try RoastSelectorTests.selector()
        let catalog = try shippedCatalog.get()
        let pool = selector.library.roasts(language: .en, category: .deadlines).filter { $0.spice.rawValue == 1 && !$0.isPremium }
        let posted = pool[0]
        var random = SplitMix64(seed: 24)
        for _ in 0..<40 {
            var ask = RoastSelectorTests.ask(RoastRequest(category: .deadlines, spice: .mildest))
            ask.seen = SeenRoasts(lastSeen: [posted.id: 100])
            #expect(try #require(selector.select(ask, catalog: catalog, using: &random)?.libraryID) != posted.id)
        }
    }

    /// The same in a collection (a banner's button during a season): two presses seconds apart, after
    /// the Roast of the Day, get neither the post nor each other's roast.
    @Test func aCollectionsRoastsFollowTheSameRule() throws {
        let selector = try RoastSelectorTests.selector()
        let catalog = try shippedCatalog.get()
        let tet = try #require(catalog.collection(id: "tet"))
        var random = SplitMix64(seed: 25)
        for _ in 0..<20 {
            var daily = RoastSelectorTests.ask(purpose: .daily, on: RoastSelectorTests.tet)
            daily.seen = SeenRoasts()
            let post = try #require(selector.select(daily, catalog: catalog, using: &random)?.libraryID)
            #expect(tet.roasts(in: .en).contains { $0.id == post })
            var first = RoastSelectorTests.ask(RoastRequest(collection: "tet"), on: RoastSelectorTests.tet)
            first.seen = SeenRoasts(lastSeen: [post: 1], latestInChat: [post])
            let alice = try #require(selector.select(first, catalog: catalog, using: &random)?.libraryID)
            var second = RoastSelectorTests.ask(RoastRequest(collection: "tet"), on: RoastSelectorTests.tet)
            second.seen = SeenRoasts(lastSeen: [post: 1], latestInChat: [alice, post])
            let bob = try #require(selector.select(second, catalog: catalog, using: &random)?.libraryID)
            #expect(alice != post && bob != post && bob != alice)
        }
    }
}

/// What wins over a picked collection: a category the person names (from the collection when it has
/// one today, else from the library with a note), and a word asking for regular roasts.
struct CollectionOverrideTests {
    @Test func aNamedCategoryComesFromThePickedCollectionWhenItHasOne() throws {
        let selector = try RoastSelectorTests.selector()
        let catalog = try shippedCatalog.get()
        let tet = try #require(catalog.collection(id: "tet"))
        let categories = Set(tet.roasts(in: .en).filter { tet.fits($0, on: RoastSelectorTests.tet) }.map(\.category))
        var random = SplitMix64(seed: 30)
        for category in RoastCategory.allCases {
            let choice = try #require(
                selector.select(
                    RoastSelectorTests.ask(RoastRequest(category: category), chosen: "tet", on: RoastSelectorTests.tet), catalog: catalog,
                    using: &random))
            #expect(choice.category == category, "\(category)")
            if categories.contains(category) {
                #expect(choice.collection == "tet" && choice.notes.isEmpty, "\(category)")
            } else {
                #expect(choice.collection == nil, "\(category)")
                #expect(choice.notes == [.collectionLacksCategory(id: "tet", category: category)], "\(category)")
            }
        }
        #expect(categories.count < RoastCategory.allCases.count, "the test needs a category Tết lacks")
    }

    @Test func aNamedCollectionLackingTheCategoryAlsoGivesWayWithANote() throws {
        let selector = try RoastSelectorTests.selector()
        let catalog = try shippedCatalog.get()
        let office = try #require(catalog.collection(id: "classic_office"))
        let lacking = try #require(
            RoastCategory.allCases.first { category in !office.roasts(in: .en).contains { $0.category == category } })
        var random = SplitMix64(seed: 31)
        let choice = try #require(
            selector.select(
                RoastSelectorTests.ask(RoastRequest(category: lacking, collection: "classic_office")), catalog: catalog, using: &random))
        #expect(choice.category == lacking && choice.collection == nil)
        #expect(choice.notes == [.collectionLacksCategory(id: "classic_office", category: lacking)])
    }

    @Test func aWordForRegularRoastsLeavesThePick() throws {
        let selector = try RoastSelectorTests.selector()
        let catalog = try shippedCatalog.get()
        var random = SplitMix64(seed: 32)
        for _ in 0..<20 {
            let choice = try #require(
                selector.select(
                    RoastSelectorTests.ask(RoastRequest(leavesCollection: true), chosen: "classic_office"), catalog: catalog, using: &random
                ))
            #expect(choice.collection == nil)
            #expect(choice.notes.isEmpty)
        }
    }

    /// The AI writes in a collection's theme for the named category only; else the library's roast and the note.
    @Test func theAIRoastOfACompletedCollectionMustBeOfTheNamedCategory() throws {
        let selector = try RoastSelectorTests.selector()
        let catalog = try shippedCatalog.get()
        let office = try #require(catalog.collection(id: "classic_office"))
        let all = Set(office.roasts(in: .en).map(\.id))
        var random = SplitMix64(seed: 33)
        let prepared = PreparedRoast(
            category: .general, spice: SpiceLevel(clamping: 2), mood: nil, collection: "classic_office",
            text: "The printer queue has its own stand-up now.")
        let ask = RoastSelectorTests.ask(RoastRequest(category: .kpis), chosen: "classic_office", served: all)
        let choice = try #require(selector.select(ask, prepared: prepared, catalog: catalog, using: &random))
        #expect(choice.origin != .ai && choice.category == .kpis)
    }
}
