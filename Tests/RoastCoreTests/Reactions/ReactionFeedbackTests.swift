import RoastCore
import Testing

@Suite struct ReactionFeedbackTests {
    @Test func threeDislikesInTheLastTenCoolTheCategory() {
        let recent = [
            FeedbackFixtures.rated(.meetings, [.dislike: 2]), FeedbackFixtures.rated(.meetings, [.hilarious: 1]),
            FeedbackFixtures.rated(.meetings, [.dislike: 1, .fire: 1]),
            FeedbackFixtures.rated(.meetings, [.dislike: 1]),
        ]
        let feedback = ReactionFeedback(recent: recent)
        #expect(feedback.cooledCategories == [.meetings])
        #expect(feedback.categoryWeights == [.meetings: ReactionFeedback.cooledCategoryWeight])
        #expect(feedback.promptAdjustment(for: .meetings) != nil)
        #expect(feedback.promptAdjustment(for: .deadlines) == nil)
        #expect(feedback.weight(of: FeedbackFixtures.entry("en.meetings.001", .meetings, 1)) < 1)
    }

    @Test func twoDislikesDoNotCoolACategory() {
        let feedback = ReactionFeedback(recent: [
            FeedbackFixtures.rated(.kpis, [.dislike: 3]), FeedbackFixtures.rated(.kpis, [.dislike: 1]),
        ])
        #expect(feedback.cooledCategories.isEmpty)
    }

    @Test func onlyTheTenMostRecentRatedRoastsOfACategoryCount() {
        // Newest first: ten liked roasts, then three old dislikes.
        let recent =
            Array(repeating: FeedbackFixtures.rated(.kpis, [.hilarious: 1]), count: 10)
            + Array(repeating: FeedbackFixtures.rated(.kpis, [.dislike: 1]), count: 3)
        #expect(ReactionFeedback(recent: recent).cooledCategories.isEmpty)
        let unratedInBetween =
            Array(repeating: FeedbackFixtures.rated(.kpis, [:]), count: 20)
            + Array(repeating: FeedbackFixtures.rated(.kpis, [.dislike: 1]), count: 3)
        #expect(ReactionFeedback(recent: unratedInBetween).cooledCategories == [.kpis])
    }

    @Test func minorityDislikesDoNotCount() {
        let recent = Array(repeating: FeedbackFixtures.rated(.workload, [.dislike: 1, .hilarious: 2]), count: 5)
        #expect(ReactionFeedback(recent: recent).cooledCategories.isEmpty)
    }

    @Test func fireRaisesTheSameRoastAndSimilarOnesButNotOthers() {
        let feedback = ReactionFeedback(recent: [FeedbackFixtures.rated(.deadlines, spice: 2, id: "en.deadlines.003", [.fire: 2])])
        let same = feedback.weight(of: FeedbackFixtures.entry("en.deadlines.003", .deadlines, 2))
        let similar = feedback.weight(of: FeedbackFixtures.entry("en.deadlines.009", .deadlines, 2))
        let otherSpice = feedback.weight(of: FeedbackFixtures.entry("en.deadlines.010", .deadlines, 4))
        let otherCategory = feedback.weight(of: FeedbackFixtures.entry("en.kpis.001", .kpis, 2))
        #expect(same > similar)
        #expect(similar > 1)
        #expect(otherSpice == 1)
        #expect(otherCategory == 1)
    }

    @Test func similarBoostIsCapped() {
        let recent = Array(repeating: FeedbackFixtures.rated(.general, spice: 1, [.fire: 5]), count: 10)
        #expect(
            ReactionFeedback(recent: recent).weight(of: FeedbackFixtures.entry("en.general.001", .general, 1))
                == ReactionFeedback.maximumSimilarBoost)
    }

    @Test func aDislikedEntryComesBackLessOften() {
        let feedback = ReactionFeedback(recent: [FeedbackFixtures.rated(.colleagues, id: "en.colleagues.004", [.dislike: 1])])
        #expect(feedback.weight(of: FeedbackFixtures.entry("en.colleagues.004", .colleagues, 3)) == ReactionFeedback.dislikedRoastWeight)
        #expect(feedback.cooledCategories.isEmpty)
    }

    @Test func noFeedbackMeansEveryWeightIsOne() {
        #expect(ReactionFeedback.none.weight(of: FeedbackFixtures.entry("en.kpis.001", .kpis, 3)) == 1)
        #expect(ReactionFeedback.none.categoryWeights.isEmpty)
    }

    @Test func weightsByPositionAgreeWithWeightOfEveryRoast() throws {
        let library = try RoastPickerTests.library()
        let recent = [
            FeedbackFixtures.rated(.meetings, spice: 2, id: "en.meetings.002", [.fire: 3]),
            FeedbackFixtures.rated(.meetings, spice: 5, id: "en.meetings.004", [.dislike: 1]),
            FeedbackFixtures.rated(.general, spice: 1, id: "en.general.001", [.dislike: 2]),
            FeedbackFixtures.rated(.general, spice: 3, [.dislike: 1]),
            FeedbackFixtures.rated(.general, spice: 3, [.dislike: 1, .meh: 1]),
            FeedbackFixtures.rated(.general, spice: 1, id: "en.general.009", [.fire: 1]),
        ]
        let feedback = ReactionFeedback(recent: recent)
        #expect(feedback.cooledCategories == [.general])
        let weight = feedback.weights(in: library)
        let weights = library.all.indices.map(weight)
        #expect(weights == library.all.map(feedback.weight(of:)))
        // Not all the same, so the comparison above covers fired, disliked, similar and cooled roasts.
        #expect(Set(weights).count >= 4)
    }
}
