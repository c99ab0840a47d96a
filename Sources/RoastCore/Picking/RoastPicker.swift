/// Chooses a library roast for a request: weighted random, never above the chat's spice cap, the
/// asked category and spice (the nearest level the pool holds when it has none at the asked one — the
/// cap or the Premium lock can leave it empty — and `general` when every roast of the category is
/// blocked), then no repeats (``SeenRoasts``: never one of the chat's latest few while another may
/// be drawn, unseen roasts first, then the least recently seen), the request's mood's roasts first.
/// Pure: the generator is passed in.
public struct RoastPicker: Sendable {
    /// Why the picker chose from where it did.
    public enum Fallback: Sendable, Hashable {
        case none
        /// No roast at the asked spice: the nearest available level was used.
        case nearestSpice
        /// The category had nothing suitable: `general` was used.
        case generalCategory
        /// Every suitable roast was already seen: the least recently seen came again.
        case poolExhausted
    }

    public struct Choice: Sendable, Hashable {
        public var roast: LibraryRoast
        public var fallback: Fallback
    }

    public let library: RoastLibrary

    public init(library: RoastLibrary) { self.library = library }

    /// - Parameters:
    ///   - seen: what the audience already saw, and the chat's latest roasts.
    ///   - weight: each roast's weight multiplier from reaction feedback (1 = neutral), asked by its
    ///     position in ``RoastLibrary/all`` (see ``ReactionFeedback/weights(in:)``) and only for the
    ///     roasts left to draw from.
    ///   - categories: the categories to draw from when the request names none (nil: all).
    ///   - categoryWeights: per-category multipliers used when the request names no category.
    ///   - allowed: whether the roast at a position in ``RoastLibrary/all`` may be chosen at all (the
    ///     safety filter's verdict); the others are left out before anything else, as if the library
    ///     did not have them, so they never count as fresh. Nil allows every roast without asking.
    ///
    /// Candidates are handled as positions, not copies: the draw runs for every /roast inside the
    /// writer's transaction, where copying and hashing a few hundred roasts would cost more than the rest.
    public func pick(
        _ request: RoastRequest,
        language: Language,
        maxSpice: SpiceLevel,
        premiumUnlocked: Bool,
        seen: SeenRoasts,
        categories: [RoastCategory]? = nil,
        ordinalWeight weight: (Int) -> Double = { _ in 1 },
        categoryWeights: [RoastCategory: Double] = [:],
        allowed: ((Int) -> Bool)? = nil,
        using random: inout some RandomNumberGenerator
    ) -> Choice? {
        let roasts = library.all
        let wanted = request.spice.map { min($0, maxSpice) }
        var fallback = Fallback.none

        var pool = candidates(
            language: language, categories: request.category.map { [$0] } ?? categories ?? RoastCategory.allCases, premium: premiumUnlocked,
            maxSpice: maxSpice, allowed: allowed)
        if pool.isEmpty, request.category != nil, request.category != .general {
            pool = candidates(language: language, categories: [.general], premium: premiumUnlocked, maxSpice: maxSpice, allowed: allowed)
            fallback = .generalCategory
        }
        guard !pool.isEmpty else { return nil }

        if let wanted {
            let exact = pool.filter { roasts[$0].spice == wanted }
            if !exact.isEmpty {
                pool = exact
            } else {
                let nearest = pool.map { abs(roasts[$0].spice.rawValue - wanted.rawValue) }.min()!
                pool = pool.filter { abs(roasts[$0].spice.rawValue - wanted.rawValue) == nearest }
                if fallback == .none { fallback = .nearestSpice }
            }
        }

        if !seen.lastSeen.isEmpty || !seen.latestInChat.isEmpty {
            var marks = [Int64?](repeating: nil, count: roasts.count)
            for (id, mark) in seen.lastSeen {
                if let ordinal = library.ordinal(of: id) { marks[ordinal] = mark }
            }
            let (candidates, exhausted) = SeenRoasts.narrow(
                pool, latest: seen.latestInChat.compactMap(library.ordinal(of:)), mark: { marks[$0] })
            pool = candidates
            if exhausted, fallback == .none { fallback = .poolExhausted }
        }

        // The mood's own roasts come first: while any of the pool's roasts is tagged with it, the
        // draw is among those (after no-repeat, so a mood never brings a repeat back early).
        if let mood = request.mood {
            let matching = pool.filter { roasts[$0].moods.contains(mood) }
            if !matching.isEmpty { pool = matching }
        }

        let scores = pool.map { ordinal -> Double in
            var score = weight(ordinal)
            if request.category == nil, !categoryWeights.isEmpty { score *= categoryWeights[roasts[ordinal].category] ?? 1 }
            return max(score, 0.01)
        }
        let index = Self.weightedIndex(scores, using: &random)
        return Choice(roast: roasts[pool[index]], fallback: fallback)
    }

    /// Positions in the library of the roasts one may draw from, in the order of `categories`, each
    /// category's regular roasts before its premium ones.
    private func candidates(
        language: Language, categories: [RoastCategory], premium: Bool, maxSpice: SpiceLevel, allowed: ((Int) -> Bool)?
    ) -> [Int] {
        let roasts = library.all
        var pool: [Int] = []
        pool.reserveCapacity(roasts.count / 2)
        for category in categories {
            for ordinal in library.ordinals(language: language, category: category, premium: false)
            where roasts[ordinal].spice <= maxSpice && allowed?(ordinal) ?? true {
                pool.append(ordinal)
            }
            guard premium else { continue }
            for ordinal in library.ordinals(language: language, category: category, premium: true)
            where roasts[ordinal].spice <= maxSpice && allowed?(ordinal) ?? true {
                pool.append(ordinal)
            }
        }
        return pool
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
