/// Chooses a library roast for a request: weighted random, never above the chat's spice cap, no
/// repeats for the same user until the request's pool is exhausted, and a graceful fallback (nearest
/// spice, then the `general` category) when a pool is thin. Pure: the generator is passed in.
public struct RoastPicker: Sendable {
    /// Why the picker chose from where it did.
    public enum Fallback: Sendable, Hashable {
        case none
        /// No roast at the asked spice: the nearest available level was used.
        case nearestSpice
        /// The category had nothing suitable: `general` was used.
        case generalCategory
        /// Every suitable roast was already served to this user: repeats allowed again.
        case poolExhausted
    }

    public struct Choice: Sendable, Hashable {
        public var roast: LibraryRoast
        public var fallback: Fallback
    }

    public let library: RoastLibrary

    public init(library: RoastLibrary) { self.library = library }

    /// - Parameters:
    ///   - served: library ids this user already received in this chat.
    ///   - weights: per-roast weight multipliers from reaction feedback (absent = 1).
    ///   - categoryWeights: per-category multipliers used when the request names no category.
    public func pick(
        _ request: RoastRequest,
        language: Language,
        maxSpice: SpiceLevel,
        premiumUnlocked: Bool,
        served: Set<String>,
        weights: [String: Double] = [:],
        categoryWeights: [RoastCategory: Double] = [:],
        using random: inout some RandomNumberGenerator
    ) -> Choice? {
        let wanted = request.spice.map { min($0, maxSpice) }
        let categories = request.category.map { [$0] } ?? RoastCategory.allCases
        var fallback = Fallback.none

        var pool = candidates(language: language, categories: categories, premium: premiumUnlocked, maxSpice: maxSpice)
        if pool.isEmpty, request.category != nil, request.category != .general {
            pool = candidates(language: language, categories: [.general], premium: premiumUnlocked, maxSpice: maxSpice)
            fallback = .generalCategory
        }
        guard !pool.isEmpty else { return nil }

        if let wanted {
            let exact = pool.filter { $0.spice == wanted }
            if !exact.isEmpty {
                pool = exact
            } else {
                let nearest = pool.map { abs($0.spice.rawValue - wanted.rawValue) }.min()!
                pool = pool.filter { abs($0.spice.rawValue - wanted.rawValue) == nearest }
                if fallback == .none { fallback = .nearestSpice }
            }
        }

        let fresh = pool.filter { !served.contains($0.id) }
        if fresh.isEmpty {
            if fallback == .none { fallback = .poolExhausted }
        } else {
            pool = fresh
        }

        let scores = pool.map { roast -> Double in
            var score = weights[roast.id] ?? 1
            if request.category == nil { score *= categoryWeights[roast.category] ?? 1 }
            if let mood = request.mood, roast.moods.contains(mood) { score *= 2 }
            return max(score, 0.01)
        }
        let index = Self.weightedIndex(scores, using: &random)
        return Choice(roast: pool[index], fallback: fallback)
    }

    private func candidates(language: Language, categories: [RoastCategory], premium: Bool, maxSpice: SpiceLevel) -> [LibraryRoast] {
        categories.flatMap { category in
            library.roasts(language: language, category: category) + (premium ? library.premium(language: language, category: category) : [])
        }.filter { $0.spice <= maxSpice }
    }

    /// An index drawn with probability proportional to its weight.
    public static func weightedIndex(_ weights: [Double], using random: inout some RandomNumberGenerator) -> Int {
        let total = weights.reduce(0, +)
        var target = Double.random(in: 0..<total, using: &random)
        for (index, weight) in weights.enumerated() {
            if target < weight { return index }
            target -= weight
        }
        return weights.count - 1
    }
}
