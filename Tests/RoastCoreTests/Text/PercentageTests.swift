import Testing

@testable import RoastCore

struct PercentageTests {
    @Test(arguments: [
        (8, 12, 67), (2, 12, 17), (2, 3, 67), (1, 3, 33), (6, 10, 60), (0, 12, 0), (12, 12, 100), (25, 10, 100), (3, 0, 0),
    ])
    func roundsToTheNearestWholePercent(_ part: Int, _ whole: Int, _ expected: Int) {
        #expect(Percentage.of(part, whole) == expected)
    }

    /// Nearly there is not done, and a start is not nothing.
    @Test func neverShowsDoneBeforeItIsNorNothingAfterAStart() {
        #expect(Percentage.of(199, 200) == 99)
        #expect(Percentage.of(1, 300) == 1)
    }

    @Test func theTextIsTheNumberAndThePercentSign() {
        #expect(Percentage.text(8, of: 12) == "67 %")
    }

    @Test func progressOfBadgesAndCollectionsUsesIt() {
        #expect(BadgeCriterion.roasts(12).progress(ActivityTally(roasts: 8)).percent == 67)
        #expect(CollectionProgress(collectionID: "x", served: 2, total: 12).percent == 17)
    }
}
