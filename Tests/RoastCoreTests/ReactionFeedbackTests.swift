import RoastCore
import Testing

private func rated(_ category: RoastCategory, spice: Int = 3, id: String? = nil, _ counts: [ReactionKind: Int]) -> RatedRoast {
    RatedRoast(category: category, spice: SpiceLevel(clamping: spice), libraryID: id, counts: counts)
}

private func entry(_ id: String, _ category: RoastCategory, _ spice: Int) -> LibraryRoast {
    LibraryRoast(id: id, language: .en, category: category, spice: SpiceLevel(clamping: spice), moods: [], text: "x", isPremium: false)
}

@Suite struct ReactionFeedbackTests {
    @Test func threeDislikesInTheLastTenCoolTheCategory() {
        let recent = [
            rated(.meetings, [.dislike: 2]), rated(.meetings, [.hilarious: 1]), rated(.meetings, [.dislike: 1, .fire: 1]),
            rated(.meetings, [.dislike: 1]),
        ]
        let feedback = ReactionFeedback(recent: recent)
        #expect(feedback.cooledCategories == [.meetings])
        #expect(feedback.categoryWeights == [.meetings: ReactionFeedback.cooledCategoryWeight])
        #expect(feedback.promptAdjustment(for: .meetings) != nil)
        #expect(feedback.promptAdjustment(for: .deadlines) == nil)
        #expect(feedback.weight(of: entry("en.meetings.001", .meetings, 1)) < 1)
    }

    @Test func twoDislikesDoNotCoolACategory() {
        let feedback = ReactionFeedback(recent: [rated(.kpis, [.dislike: 3]), rated(.kpis, [.dislike: 1])])
        #expect(feedback.cooledCategories.isEmpty)
    }

    @Test func onlyTheTenMostRecentRatedRoastsOfACategoryCount() {
        // Newest first: ten liked roasts, then three old dislikes.
        let recent = Array(repeating: rated(.kpis, [.hilarious: 1]), count: 10) + Array(repeating: rated(.kpis, [.dislike: 1]), count: 3)
        #expect(ReactionFeedback(recent: recent).cooledCategories.isEmpty)
        let unratedInBetween = Array(repeating: rated(.kpis, [:]), count: 20) + Array(repeating: rated(.kpis, [.dislike: 1]), count: 3)
        #expect(ReactionFeedback(recent: unratedInBetween).cooledCategories == [.kpis])
    }

    @Test func minorityDislikesDoNotCount() {
        let recent = Array(repeating: rated(.workload, [.dislike: 1, .hilarious: 2]), count: 5)
        #expect(ReactionFeedback(recent: recent).cooledCategories.isEmpty)
    }

    @Test func fireRaisesTheSameRoastAndSimilarOnesButNotOthers() {
        let feedback = ReactionFeedback(recent: [rated(.deadlines, spice: 2, id: "en.deadlines.003", [.fire: 2])])
        let same = feedback.weight(of: entry("en.deadlines.003", .deadlines, 2))
        let similar = feedback.weight(of: entry("en.deadlines.009", .deadlines, 2))
        let otherSpice = feedback.weight(of: entry("en.deadlines.010", .deadlines, 4))
        let otherCategory = feedback.weight(of: entry("en.kpis.001", .kpis, 2))
        #expect(same > similar)
        #expect(similar > 1)
        #expect(otherSpice == 1)
        #expect(otherCategory == 1)
    }

    @Test func similarBoostIsCapped() {
        let recent = Array(repeating: rated(.general, spice: 1, [.fire: 5]), count: 10)
        #expect(ReactionFeedback(recent: recent).weight(of: entry("en.general.001", .general, 1)) == ReactionFeedback.maximumSimilarBoost)
    }

    @Test func aDislikedEntryComesBackLessOften() {
        let feedback = ReactionFeedback(recent: [rated(.colleagues, id: "en.colleagues.004", [.dislike: 1])])
        #expect(feedback.weight(of: entry("en.colleagues.004", .colleagues, 3)) == ReactionFeedback.dislikedRoastWeight)
        #expect(feedback.cooledCategories.isEmpty)
    }

    @Test func noFeedbackMeansEveryWeightIsOne() {
        #expect(ReactionFeedback.none.weight(of: entry("en.kpis.001", .kpis, 3)) == 1)
        #expect(ReactionFeedback.none.categoryWeights.isEmpty)
    }
}

@Suite struct RoastPromptTests {
    @Test func containsCategorySpiceMoodCollectionFeedbackAndLanguage() {
        let prompt = RoastPrompt(
            language: .vi, category: .meetings, spice: SpiceLevel(clamping: 4), mood: .stressed,
            collectionModifier: "Lunar New Year at the office", feedbackAdjustment: "Be gentler.")
        #expect(prompt.user.contains("Vietnamese"))
        #expect(prompt.user.contains("meetings"))
        #expect(prompt.user.contains("sharp but professional"))
        #expect(prompt.user.contains(Mood.stressed.promptModifier))
        #expect(prompt.user.contains("Lunar New Year at the office"))
        #expect(prompt.user.contains("Be gentler."))
        #expect(prompt.user.contains("full diacritics"))
        #expect(prompt.messages.map(\.role) == ["system", "user"])
    }

    @Test(arguments: [
        (1, "gentle and cute"), (2, "witty wordplay"), (3, "sarcastic"), (4, "sharp but professional"), (5, "savage but clever"),
    ])
    func spiceGuidanceFollowsTheAppsScale(level: Int, words: String) {
        let prompt = RoastPrompt(language: .en, category: .kpis, spice: SpiceLevel(clamping: level))
        #expect(prompt.user.contains(words))
        #expect(!prompt.user.contains("diacritics"))
        #expect(!prompt.user.contains("feels"))
    }

    @Test func systemMessageBansProtectedTraitsNamesAndLength() {
        let system = RoastPrompt(language: .en, category: .general, spice: .mildest).system
        for ban in ["gender", "age", "religion", "ethnicity", "disability", "sexuality", "names", "280 characters", "one or two sentences"]
        {
            #expect(system.contains(ban), "missing ban: \(ban)")
        }
    }

    @Test func cooledCategoryAdjustsThePrompt() {
        let feedback = ReactionFeedback(
            recent: Array(repeating: RatedRoast(category: .kpis, spice: .mildest, libraryID: nil, counts: [.dislike: 1]), count: 3))
        let prompt = RoastPrompt(language: .en, category: .kpis, spice: .mildest, feedbackAdjustment: feedback.promptAdjustment(for: .kpis))
        #expect(prompt.user.contains("gentler"))
    }

    @Test func weightsByPositionAgreeWithWeightOfEveryRoast() throws {
        let library = try RoastPickerTests.library()
        let recent = [
            rated(.meetings, spice: 2, id: "en.meetings.002", [.fire: 3]), rated(.meetings, spice: 5, id: "en.meetings.004", [.dislike: 1]),
            rated(.general, spice: 1, id: "en.general.001", [.dislike: 2]), rated(.general, spice: 3, [.dislike: 1]),
            rated(.general, spice: 3, [.dislike: 1, .meh: 1]), rated(.general, spice: 1, id: "en.general.009", [.fire: 1]),
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
