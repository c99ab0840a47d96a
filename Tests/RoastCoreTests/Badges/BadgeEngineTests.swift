import RoastCore
import Testing

struct BadgeEngineTests {
    struct ProgressCase: Sendable, CustomTestStringConvertible {
        var criterion: BadgeCriterion
        var tally: ActivityTally
        var percent: Int
        var remaining: Int
        var testDescription: String { "\(criterion) → \(percent) %" }
    }

    @Test(arguments: [
        ProgressCase(criterion: .streakDays(7), tally: ActivityTally(longestStreak: 3), percent: 43, remaining: 4),
        ProgressCase(criterion: .roasts(10), tally: ActivityTally(roasts: 6), percent: 60, remaining: 4),
        ProgressCase(criterion: .roasts(10), tally: ActivityTally(roasts: 25), percent: 100, remaining: 0),
        ProgressCase(criterion: .categoriesTried(8), tally: ActivityTally(categoriesTried: 2), percent: 25, remaining: 6),
        ProgressCase(criterion: .spiceLevelsTried(5), tally: ActivityTally(spiceLevelsTried: 5), percent: 100, remaining: 0),
        ProgressCase(criterion: .favorites(1), tally: ActivityTally(), percent: 0, remaining: 1),
        ProgressCase(criterion: .shares(10), tally: ActivityTally(shares: 9), percent: 90, remaining: 1),
        ProgressCase(criterion: .fireReceived(50), tally: ActivityTally(fireReceived: 49), percent: 98, remaining: 1),
        ProgressCase(
            criterion: .collectionRoasts(collection: "tet", count: 20), tally: ActivityTally(collectionRoasts: ["tet": 5, "other": 20]),
            percent: 25, remaining: 15),
    ])
    func progressIsMeasuredOnTheRightCount(_ case: ProgressCase) {
        let progress = `case`.criterion.progress(`case`.tally)
        #expect(progress.percent == `case`.percent)
        #expect(progress.remaining == `case`.remaining)
        #expect(progress.isComplete == (`case`.percent == 100))
    }

    @Test func standardCatalogHasTheRequiredBadgesWithUniqueIDs() {
        let catalog = BadgeCatalog.standard
        #expect(Set(catalog.badges.map(\.id)).count == catalog.badges.count)
        let criteria = Set(catalog.badges.map(\.criterion))
        for required: BadgeCriterion in [
            .streakDays(3), .streakDays(7), .streakDays(30), .roasts(10), .roasts(50), .roasts(100), .categoriesTried(8),
            .spiceLevelsTried(5), .favorites(1), .favorites(10), .shares(1), .shares(10), .fireReceived(10), .fireReceived(50),
        ] {
            #expect(criteria.contains(required), "missing \(required)")
        }
        #expect(catalog["streak-3"]?.name(.en) == "Getting Started")
        #expect(catalog["streak-7"]?.name(.en) == "Week Warrior")
        #expect(catalog["streak-30"]?.name(.en) == "Monthly Master")
        #expect(catalog["roasts-10"]?.name(.en) == "Roast Rookie")
        #expect(catalog["explorer"]?.category == .exploration)
        #expect(catalog.badges.allSatisfy { !$0.name.vi.isEmpty && !$0.description.vi.isEmpty && !$0.icon.isEmpty })
    }

    @Test func unlocksAreReportedOnlyOnce() {
        let catalog = BadgeCatalog.standard
        let tally = ActivityTally(longestStreak: 7, roasts: 10)
        let first = catalog.newlyEarned(tally, alreadyEarned: [])
        #expect(first.map(\.id) == ["streak-3", "streak-7", "roasts-10"])
        #expect(catalog.newlyEarned(tally, alreadyEarned: Set(first.map(\.id))).isEmpty)
        let more = ActivityTally(longestStreak: 7, roasts: 50)
        #expect(catalog.newlyEarned(more, alreadyEarned: Set(first.map(\.id))).map(\.id) == ["roasts-50"])
    }

    @Test func extraEntriesAreAppendedOrReplaceTheirStandardNamesake() {
        let tet = Badge(
            id: "collection-tet", icon: "🧧", category: .collection, criterion: .collectionRoasts(collection: "tet", count: 3),
            name: LocalizedText(vi: "Tết trọn vẹn", en: "Tết Complete"), description: LocalizedText(vi: "…", en: "…"))
        var rookie = BadgeCatalog.standard["roasts-10"]!
        rookie.icon = "🐥"
        let catalog = BadgeCatalog(extra: [tet, rookie])
        #expect(catalog.badges.count == BadgeCatalog.standard.badges.count + 1)
        #expect(catalog.badges.last == tet)
        #expect(catalog["roasts-10"]?.icon == "🐥")
        #expect(catalog.newlyEarned(ActivityTally(collectionRoasts: ["tet": 3]), alreadyEarned: []).map(\.id) == ["collection-tet"])
    }

    /// Spice levels above the cap are never served; the ones already tried (under an earlier, higher
    /// cap) still count, so only the untried levels above the cap put the badge out of reach.
    @Test func spiceVarietyIsOutOfReachOnlyForUntriedLevelsAboveTheCap() {
        let adventurer = BadgeCriterion.spiceLevelsTried(5)
        let three = SpiceLevel(clamping: 3)
        let lowOnly = ActivityTally(spiceLevelsTried: 3, spiceLevels: Set(SpiceLevel.all.prefix(3)))
        #expect(adventurer.levelsBeyond(cap: three, lowOnly) == [SpiceLevel(clamping: 4), .hottest])
        #expect(adventurer.levelsBeyond(cap: .hottest, lowOnly).isEmpty)
        let triedHotEarlier = ActivityTally(spiceLevelsTried: 3, spiceLevels: [.mildest, SpiceLevel(clamping: 4), .hottest])
        #expect(adventurer.levelsBeyond(cap: three, triedHotEarlier).isEmpty)
        #expect(BadgeCriterion.roasts(10).levelsBeyond(cap: .mildest, lowOnly).isEmpty)
    }

    /// A collection's completion needs every roast the chat cannot be served as well: out of reach
    /// under a cap below some of them (unless enough were received earlier), within reach when the
    /// cap allows all; a collection entirely above the cap is served its gentlest, so that counts.
    @Test(arguments: [
        (cap: 3, received: 0, hot: false, beyond: [Int]()), (cap: 2, received: 0, hot: false, beyond: [3]),
        (cap: 1, received: 2, hot: false, beyond: [2, 3]), (cap: 2, received: 4, hot: false, beyond: []),
        (cap: 3, received: 0, hot: true, beyond: []), (cap: 1, received: 0, hot: true, beyond: []),
    ])
    func aCollectionBadgeIsOutOfReachOnlyForRoastsTheChatCannotBeServed(cap: Int, received: Int, hot: Bool, beyond: [Int]) throws {
        var entry = CollectionFixtures.collection("office")
        if hot, var roasts = entry["roasts"] as? [String: [[String: Any]]] {
            for language in roasts.keys {
                roasts[language] = roasts[language]!.map {
                    var roast = $0
                    roast["spice"] = 4
                    return roast
                }
            }
            entry["roasts"] = roasts
        }
        let catalog = try CollectionFixtures.catalog([entry])
        let criterion = BadgeCriterion.collectionRoasts(collection: "office", count: 12)
        let tally = ActivityTally(collectionRoasts: ["office": received])
        #expect(
            criterion.levelsBeyond(cap: SpiceLevel(clamping: cap), tally, collections: catalog, language: .en)
                == beyond.map { SpiceLevel(clamping: $0) })
    }
}
