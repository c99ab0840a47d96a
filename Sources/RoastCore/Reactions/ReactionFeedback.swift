/// What a chat's reactions teach the roast engine.
///
/// - When 👎 dominates a category — at least ``dislikeThreshold`` of its ``window`` most recent rated
///   roasts are disliked — that category is *cooled*: the AI prompt gets an adjustment and, when a
///   request names no category, the picker chooses it less often (``cooledCategoryWeight``).
/// - 🔥 raises the weight of similar library roasts: the same entry, and entries of the same category
///   and spice level. A disliked entry becomes less likely to come back.
///
/// Pure: built from the chat's recent rated roasts (newest first), as the store returns them.
public struct ReactionFeedback: Sendable, Hashable {
    public static let window = 10
    public static let dislikeThreshold = 3
    public static let cooledCategoryWeight = 0.4
    /// Boost per 🔥 on a roast of the same category and spice, and its ceiling.
    public static let similarFireBoost = 0.2
    public static let maximumSimilarBoost = 2.0
    /// Multiplier for an entry that itself received 🔥, and for one that was disliked.
    public static let sameRoastFireBoost = 1.5
    public static let dislikedRoastWeight = 0.5

    /// Categories where 👎 dominates.
    public var cooledCategories: Set<RoastCategory> {
        Set(RoastCategory.allCases.filter { isCooled[Self.slot($0, 0)] })
    }
    /// 🔥 received by roasts of each category and spice, at ``slot(_:_:)``.
    private let firesBySimilarity: [Int]
    /// Whether each category is cooled, at ``slot(_:_:)`` with spice 0.
    private let isCooled: [Bool]
    private let firedIDs: Set<String>
    private let dislikedIDs: Set<String>

    /// - Parameter recent: the chat's rated roasts, newest first (unrated ones are ignored).
    public init(recent: [RatedRoast]) {
        // One pass (it runs for every roast drawn): per category, the dislikes among its `window`
        // latest rated roasts; over all of them, fires by similarity and the ids fired and disliked.
        var seen = [Int](repeating: 0, count: Self.slots)
        var dislikes = [Int](repeating: 0, count: Self.slots)
        var fires = [Int](repeating: 0, count: Self.slots)
        var firedIDs: Set<String> = []
        var dislikedIDs: Set<String> = []
        for roast in recent where roast.isRated {
            let isDisliked = roast.isDisliked
            let category = Self.slot(roast.category, 0)
            if seen[category] < Self.window {
                seen[category] += 1
                if isDisliked { dislikes[category] += 1 }
            }
            if roast.fires > 0 {
                fires[Self.slot(roast.category, roast.spice.rawValue)] += roast.fires
                if let id = roast.libraryID { firedIDs.insert(id) }
            }
            if isDisliked, let id = roast.libraryID { dislikedIDs.insert(id) }
        }
        isCooled = dislikes.map { $0 >= Self.dislikeThreshold }
        firesBySimilarity = fires
        self.firedIDs = firedIDs
        self.dislikedIDs = dislikedIDs.subtracting(firedIDs)
    }

    /// No feedback yet: every weight is 1.
    public static let none = ReactionFeedback(recent: [])

    /// The multiplier of one library roast (1 when nothing is known about it).
    public func weight(of roast: LibraryRoast) -> Double {
        weight(category: roast.category, spice: roast.spice, fired: firedIDs.contains(roast.id), disliked: dislikedIDs.contains(roast.id))
    }

    /// ``weight(of:)`` by a roast's position in ``RoastLibrary/all`` (what ``RoastPicker`` asks for):
    /// the ids fired and disliked are looked up in `library` once, not once per candidate.
    public func weights(in library: RoastLibrary) -> (Int) -> Double {
        var marks = [UInt8](repeating: 0, count: library.all.count)
        for id in firedIDs {
            if let ordinal = library.ordinal(of: id) { marks[ordinal] |= 1 }
        }
        for id in dislikedIDs {
            if let ordinal = library.ordinal(of: id) { marks[ordinal] |= 2 }
        }
        let roasts = library.all
        // Fields read in place: handing the whole roast over would copy (retain) its strings.
        return { ordinal in
            self.weight(
                category: roasts[ordinal].category, spice: roasts[ordinal].spice, fired: marks[ordinal] & 1 != 0,
                disliked: marks[ordinal] & 2 != 0)
        }
    }

    private func weight(category: RoastCategory, spice: SpiceLevel, fired: Bool, disliked: Bool) -> Double {
        let similarFires = firesBySimilarity[Self.slot(category, spice.rawValue)]
        var weight = min(1 + Double(similarFires) * Self.similarFireBoost, Self.maximumSimilarBoost)
        if fired { weight *= Self.sameRoastFireBoost }
        if disliked { weight *= Self.dislikedRoastWeight }
        if isCooled[Self.slot(category, 0)] { weight *= Self.cooledCategoryWeight }
        return weight
    }

    /// Per-category multipliers for ``RoastPicker`` when a request names no category.
    public var categoryWeights: [RoastCategory: Double] {
        Dictionary(uniqueKeysWithValues: cooledCategories.map { ($0, Self.cooledCategoryWeight) })
    }

    /// The sentence added to an AI prompt for `category`, when the chat has cooled on it.
    public func promptAdjustment(for category: RoastCategory) -> String? {
        guard isCooled[Self.slot(category, 0)] else { return nil }
        return "People in this chat have recently disliked roasts about \(category.promptName). "
            + "Be noticeably gentler and more playful than usual: laugh with them at the situation, never at anyone."
    }

    /// Slots per category: spice 0 (the category as a whole) and 1–5.
    private static let slotsPerCategory = SpiceLevel.range.upperBound + 1
    private static let slots = RoastCategory.allCases.count * slotsPerCategory

    /// A category and spice level's place in the tables (a switch, not a hash: it runs per candidate).
    private static func slot(_ category: RoastCategory, _ spice: Int) -> Int {
        category.position * slotsPerCategory + spice
    }
}
