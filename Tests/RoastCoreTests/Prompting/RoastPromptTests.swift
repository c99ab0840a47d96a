import RoastCore
import Testing

/// The AI prompt: what it asks for (category, spice on the app's scale, mood, collection, feedback,
/// language) and what it forbids.
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
}
