/// What a chat's reactions teach the roast engine (REQ-RCT-004/005).
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
    public let cooledCategories: Set<RoastCategory>
    private let firesBySimilarity: [Similarity: Int]
    private let firedIDs: Set<String>
    private let dislikedIDs: Set<String>

    /// - Parameter recent: the chat's rated roasts, newest first (unrated ones are ignored).
    public init(recent: [RatedRoast]) {
        // One pass (it runs for every roast drawn): per category, the dislikes among its `window`
        // latest rated roasts; over all of them, fires by similarity and the ids fired and disliked.
        var seen: [RoastCategory: Int] = [:]
        var dislikes: [RoastCategory: Int] = [:]
        var fires: [Similarity: Int] = [:]
        var firedIDs: Set<String> = []
        var dislikedIDs: Set<String> = []
        for roast in recent where roast.counts.values.contains(where: { $0 != 0 }) {
            let isDisliked = roast.isDisliked
            let latestOfCategory = seen[roast.category, default: 0]
            if latestOfCategory < Self.window {
                seen[roast.category] = latestOfCategory + 1
                if isDisliked { dislikes[roast.category, default: 0] += 1 }
            }
            if roast.fires > 0 {
                fires[Similarity(category: roast.category, spice: roast.spice), default: 0] += roast.fires
                if let id = roast.libraryID { firedIDs.insert(id) }
            }
            if isDisliked, let id = roast.libraryID { dislikedIDs.insert(id) }
        }
        cooledCategories = Set(dislikes.filter { $0.value >= Self.dislikeThreshold }.keys)
        firesBySimilarity = fires
        self.firedIDs = firedIDs
        self.dislikedIDs = dislikedIDs.subtracting(firedIDs)
    }

    /// No feedback yet: every weight is 1.
    public static let none = ReactionFeedback(recent: [])

    /// The multiplier of one library roast (1 when nothing is known about it).
    public func weight(of roast: LibraryRoast) -> Double {
        // Called for every candidate of every draw: empty sets are skipped without hashing.
        var weight = 1.0
        if !firesBySimilarity.isEmpty {
            let similarFires = firesBySimilarity[Similarity(category: roast.category, spice: roast.spice), default: 0]
            weight *= min(1 + Double(similarFires) * Self.similarFireBoost, Self.maximumSimilarBoost)
        }
        if !firedIDs.isEmpty, firedIDs.contains(roast.id) { weight *= Self.sameRoastFireBoost }
        if !dislikedIDs.isEmpty, dislikedIDs.contains(roast.id) { weight *= Self.dislikedRoastWeight }
        if !cooledCategories.isEmpty, cooledCategories.contains(roast.category) { weight *= Self.cooledCategoryWeight }
        return weight
    }

    /// Per-category multipliers for ``RoastPicker`` when a request names no category.
    public var categoryWeights: [RoastCategory: Double] {
        Dictionary(uniqueKeysWithValues: cooledCategories.map { ($0, Self.cooledCategoryWeight) })
    }

    /// The sentence added to an AI prompt for `category`, when the chat has cooled on it.
    public func promptAdjustment(for category: RoastCategory) -> String? {
        guard cooledCategories.contains(category) else { return nil }
        return "People in this chat have recently disliked roasts about \(category.promptName). "
            + "Be noticeably gentler and more playful than usual: laugh with them at the situation, never at anyone."
    }

    private struct Similarity: Hashable, Sendable {
        var category: RoastCategory
        var spice: SpiceLevel
    }
}
