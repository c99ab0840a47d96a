/// A roast in a chat together with the reactions it received: the input of ``ReactionFeedback``.
public struct RatedRoast: Sendable, Hashable {
    public var category: RoastCategory
    public var spice: SpiceLevel
    /// The library entry, for library roasts.
    public var libraryID: String?
    // Four numbers rather than a dictionary: feedback reads up to 200 of these on every /roast.
    public var hilarious: Int
    public var fires: Int
    public var meh: Int
    public var dislikes: Int

    public init(category: RoastCategory, spice: SpiceLevel, libraryID: String?, hilarious: Int, fires: Int, meh: Int, dislikes: Int) {
        self.category = category
        self.spice = spice
        self.libraryID = libraryID
        self.hilarious = hilarious
        self.fires = fires
        self.meh = meh
        self.dislikes = dislikes
    }

    public init(category: RoastCategory, spice: SpiceLevel, libraryID: String?, counts: [ReactionKind: Int]) {
        self.init(
            category: category, spice: spice, libraryID: libraryID, hilarious: counts[.hilarious, default: 0],
            fires: counts[.fire, default: 0], meh: counts[.meh, default: 0], dislikes: counts[.dislike, default: 0])
    }

    /// How many people gave each reaction; kinds nobody gave are absent.
    public var counts: [ReactionKind: Int] {
        let all: [(ReactionKind, Int)] = [(.hilarious, hilarious), (.fire, fires), (.meh, meh), (.dislike, dislikes)]
        return Dictionary(uniqueKeysWithValues: all.filter { $0.1 != 0 })
    }

    /// Whether anyone reacted at all.
    public var isRated: Bool { hilarious != 0 || fires != 0 || meh != 0 || dislikes != 0 }

    /// Whether 👎 is (one of) the most given reactions: ties count against the roast, so a roast that
    /// split the room is not treated as a hit.
    public var isDisliked: Bool {
        dislikes > 0 && hilarious <= dislikes && fires <= dislikes && meh <= dislikes
    }
}
