/// What earns a badge: a number to reach in one of the counts of ``ActivityTally``.
public enum BadgeCriterion: Sendable, Hashable {
    /// A streak of this many days (the longest one counts: a badge is never taken back).
    case streakDays(Int)
    /// Roasts requested.
    case roasts(Int)
    /// Distinct roast categories requested.
    case categoriesTried(Int)
    /// Distinct spice levels received.
    case spiceLevelsTried(Int)
    /// Roasts starred ⭐ (currently starred).
    case favorites(Int)
    /// Roasts shared through inline mode.
    case shares(Int)
    /// 🔥 reactions other people gave the person's roasts.
    case fireReceived(Int)
    /// Distinct roasts of a collection received (its size completes it).
    case collectionRoasts(collection: String, count: Int)

    public var target: Int {
        switch self {
        case .streakDays(let n), .roasts(let n), .categoriesTried(let n), .spiceLevelsTried(let n), .favorites(let n),
            .shares(let n), .fireReceived(let n), .collectionRoasts(_, let n):
            max(n, 1)
        }
    }

    public func progress(_ tally: ActivityTally) -> BadgeProgress {
        let value: Int
        switch self {
        case .streakDays: value = tally.longestStreak
        case .roasts: value = tally.roasts
        case .categoriesTried: value = tally.categoriesTried
        case .spiceLevelsTried: value = tally.spiceLevelsTried
        case .favorites: value = tally.favorites
        case .shares: value = tally.shares
        case .fireReceived: value = tally.fireReceived
        case .collectionRoasts(let collection, _): value = tally.collectionRoasts[collection, default: 0]
        }
        return BadgeProgress(value: value, target: target)
    }

    /// The spice levels this criterion still needs that a chat capped at `cap` never serves (roasts
    /// there are never spicier than the cap); empty when the badge can still be earned there.
    ///
    /// A collection's completion needs every roast of it: `collections` says which spice levels the
    /// collection's roasts have in `language`. The badge is out of reach when the roasts the chat can
    /// be served (``RoastCollection/servable(_:maxSpice:)``), with every one already received counted
    /// as if among the others, fall short.
    public func levelsBeyond(
        cap: SpiceLevel, _ tally: ActivityTally, collections: CollectionCatalog? = nil, language: Language = .vi
    ) -> [SpiceLevel] {
        switch self {
        case .spiceLevelsTried(let needed):
            let reachable = tally.spiceLevels.union(SpiceLevel.all.filter { $0 <= cap })
            guard reachable.count < needed else { return [] }
            return SpiceLevel.all.filter { $0 > cap && !tally.spiceLevels.contains($0) }
        case .collectionRoasts(let id, let needed):
            guard let collection = collections?.collection(id: id) else { return [] }
            let all = collection.roasts(in: language)
            let servable = Set(RoastCollection.servable(all, maxSpice: cap).map(\.id))
            let beyond = all.filter { !servable.contains($0.id) }.map(\.spice)
            let received = tally.collectionRoasts[id, default: 0]
            guard servable.count + min(received, beyond.count) < needed else { return [] }
            return Array(Set(beyond)).sorted()
        case .streakDays, .roasts, .categoriesTried, .favorites, .shares, .fireReceived:
            return []
        }
    }
}

/// Progress toward a badge: `value` of `target`, capped at 100 %.
public struct BadgeProgress: Sendable, Hashable {
    public var value: Int
    public var target: Int

    public init(value: Int, target: Int) {
        self.value = max(0, value)
        self.target = max(1, target)
    }

    public var isComplete: Bool { value >= target }
    /// 0–100, rounded to the nearest (``Percentage``; 100 only when complete).
    public var percent: Int { Percentage.of(value, target) }
    /// How many are still missing (0 when complete).
    public var remaining: Int { max(0, target - value) }
}

/// The counts badges are measured on, for one person in one chat.
public struct ActivityTally: Sendable, Hashable {
    public var longestStreak: Int
    public var roasts: Int
    public var categoriesTried: Int
    public var spiceLevelsTried: Int
    /// Which spice levels were received (``spiceLevelsTried`` counts them), when read.
    public var spiceLevels: Set<SpiceLevel>
    public var favorites: Int
    public var shares: Int
    public var fireReceived: Int
    /// Distinct roasts received per collection id.
    public var collectionRoasts: [String: Int]

    public init(
        longestStreak: Int = 0, roasts: Int = 0, categoriesTried: Int = 0, spiceLevelsTried: Int = 0, spiceLevels: Set<SpiceLevel> = [],
        favorites: Int = 0, shares: Int = 0, fireReceived: Int = 0, collectionRoasts: [String: Int] = [:]
    ) {
        self.longestStreak = longestStreak
        self.roasts = roasts
        self.categoriesTried = categoriesTried
        self.spiceLevelsTried = spiceLevelsTried
        self.spiceLevels = spiceLevels
        self.favorites = favorites
        self.shares = shares
        self.fireReceived = fireReceived
        self.collectionRoasts = collectionRoasts
    }
}
