import RoastCore
import Testing

/// Drawing from one collection's own set: every roast once before any repeat, the chat's cap, an
/// asked spice before no-repeat, and progress toward the collection's badge.
@Suite struct CollectionPickerTests {
    @Test func aUserGetsEveryRoastOnceBeforeAnyRepeats() throws {
        let parsed = try CollectionFixtures.catalog([CollectionFixtures.collection("office")])
        let office = try #require(parsed.collection(id: "office"))
        var random = SplitMix64(seed: 1)
        var served: Set<String> = []
        for _ in 0..<12 {
            let choice = try #require(
                CollectionPicker().pick(
                    from: office, language: .en, spice: nil, maxSpice: .hottest, seen: SeenRoasts(served: served), using: &random))
            #expect(!choice.exhausted)
            #expect(served.insert(choice.roast.id).inserted)
        }
        #expect(CollectionProgress(office, language: .en, served: served).isComplete)
        let again = try #require(
            CollectionPicker().pick(
                from: office, language: .en, spice: nil, maxSpice: .hottest, seen: SeenRoasts(served: served), using: &random))
        #expect(again.exhausted)
    }

    @Test func theChatsSpiceCapIsRespected() throws {
        let office = try #require(try CollectionFixtures.catalog([CollectionFixtures.collection("office")]).collection(id: "office"))
        var random = SplitMix64(seed: 2)
        for _ in 0..<30 {
            let choice = CollectionPicker().pick(
                from: office, language: .vi, spice: SpiceLevel(clamping: 3), maxSpice: .mildest, seen: SeenRoasts(served: []),
                using: &random)
            #expect(choice?.roast.spice == .mildest)
            #expect(choice?.roast.language == .vi)
        }
    }

    /// An asked spice wins over no-repeat: with every roast of the asked level served, the next ask
    /// still gets that level (a repeat), not a fresh roast of another.
    @Test func anAskedSpiceComesBeforeNoRepeat() throws {
        let office = try #require(try CollectionFixtures.catalog([CollectionFixtures.collection("office")]).collection(id: "office"))
        let asked = try #require(office.roasts(in: .en).map(\.spice).max())
        let servedAtAsked = Set(office.roasts(in: .en).filter { $0.spice == asked }.map(\.id))
        var random = SplitMix64(seed: 3)
        for _ in 0..<20 {
            let choice = try #require(
                CollectionPicker().pick(
                    from: office, language: .en, spice: asked, maxSpice: .hottest, seen: SeenRoasts(served: servedAtAsked), using: &random))
            #expect(choice.roast.spice == asked)
            #expect(choice.exhausted)
        }
    }

    @Test func progressCountsOnlyThisCollectionsRoastsAndCompletionUnlocksItsBadge() throws {
        let parsed = try CollectionFixtures.catalog([
            CollectionFixtures.collection("office"), CollectionFixtures.collection("tet", kind: CollectionFixtures.lunarTet),
        ])
        let tet = try #require(parsed.collection(id: "tet"))
        let some: Set<String> = ["tet.vi.001", "tet.vi.002", "office.vi.001", "vi.meetings.001"]
        let progress = CollectionProgress(tet, language: .vi, served: some)
        #expect(progress.served == 2 && progress.total == 12 && progress.percent == 17 && !progress.isComplete)
        #expect(parsed.completedCollections(served: some).isEmpty)
        let all = Set(tet.roasts(in: .en).map(\.id))
        #expect(parsed.completedCollections(served: all).map(\.badge.id) == ["collection.tet"])
    }
}
