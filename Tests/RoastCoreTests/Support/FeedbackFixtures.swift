import RoastCore

/// Rated roasts and library entries for feedback and prompt tests.
enum FeedbackFixtures {
    static func rated(_ category: RoastCategory, spice: Int = 3, id: String? = nil, _ counts: [ReactionKind: Int]) -> RatedRoast {
        RatedRoast(category: category, spice: SpiceLevel(clamping: spice), libraryID: id, counts: counts)
    }

    static func entry(_ id: String, _ category: RoastCategory, _ spice: Int) -> LibraryRoast {
        LibraryRoast(id: id, language: .en, category: category, spice: SpiceLevel(clamping: spice), moods: [], text: "x", isPremium: false)
    }
}
