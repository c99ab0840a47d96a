/// What a user asked for: `/roast [category] [1-5] [mood] [collection]` or the same in free text.
public struct RoastRequest: Sendable, Hashable {
    public var category: RoastCategory?
    public var spice: SpiceLevel?
    public var mood: Mood?
    /// A collection id named in the request (collections are resolved by the caller).
    public var collection: String?
    /// The person asked for regular roasts (`/roast thường`, `/roast off`): a collection they
    /// picked in `/collections` no longer applies.
    public var leavesCollection: Bool
    /// Words the parser could not place, as typed (for a friendly hint).
    public var unrecognized: [String]

    public init(
        category: RoastCategory? = nil, spice: SpiceLevel? = nil, mood: Mood? = nil, collection: String? = nil,
        leavesCollection: Bool = false, unrecognized: [String] = []
    ) {
        self.category = category
        self.spice = spice
        self.mood = mood
        self.collection = collection
        self.leavesCollection = leavesCollection
        self.unrecognized = unrecognized
    }
}
