/// A roast in a chat together with the reactions it received: the input of ``ReactionFeedback``.
public struct RatedRoast: Sendable, Hashable {
    public var category: RoastCategory
    public var spice: SpiceLevel
    /// The library entry, for library roasts.
    public var libraryID: String?
    public var counts: [ReactionKind: Int]

    public init(category: RoastCategory, spice: SpiceLevel, libraryID: String?, counts: [ReactionKind: Int]) {
        self.category = category
        self.spice = spice
        self.libraryID = libraryID
        self.counts = counts
    }

    /// Whether 👎 is (one of) the most given reactions: ties count against the roast, so a roast that
    /// split the room is not treated as a hit.
    public var isDisliked: Bool {
        let dislikes = counts[.dislike, default: 0]
        return dislikes > 0 && counts.values.allSatisfy { $0 <= dislikes }
    }

    public var fires: Int { counts[.fire, default: 0] }
}
