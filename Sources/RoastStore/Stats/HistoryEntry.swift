import RoastCore

/// One roast in a person's `/history`, with the reaction they gave it.
public struct HistoryEntry: Sendable, Hashable {
    public var roast: StoredRoast
    public var reaction: ReactionKind?
    public var isFavorite: Bool

    public init(roast: StoredRoast, reaction: ReactionKind?, isFavorite: Bool) {
        self.roast = roast
        self.reaction = reaction
        self.isFavorite = isFavorite
    }
}
