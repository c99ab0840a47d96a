/// Chooses a roast from one collection's own set (offline): never above the chat's spice cap when
/// the set allows it, the asked spice or else the nearest one, then no repeats as in the library
/// (``SeenRoasts``). Pure: the generator is passed in.
public struct CollectionPicker: Sendable {
    public struct Choice: Sendable, Hashable {
        public var roast: LibraryRoast
        /// Every suitable roast had been seen already: the least recently seen came again.
        public var exhausted: Bool
    }

    public init() {}

    /// - Parameters:
    ///   - seen: what the audience already saw, and the chat's latest roasts.
    ///   - category: the category the person named, if any: only its roasts among those servable
    ///     under the cap (nil when the collection has none there).
    ///   - allowed: roasts that may be chosen at all (the safety filter's verdict); the others are
    ///     left out as if the collection did not have them.
    public func pick(
        from collection: RoastCollection, language: Language, category: RoastCategory? = nil, spice: SpiceLevel?, maxSpice: SpiceLevel,
        seen: SeenRoasts, allowed: (LibraryRoast) -> Bool = { _ in true }, using random: inout some RandomNumberGenerator
    ) -> Choice? {
        let all = collection.roasts(in: language).filter(allowed)
        var pool = RoastCollection.servable(all, maxSpice: maxSpice)
        if let category { pool = pool.filter { $0.category == category } }
        // A spice asked for comes before no-repeat, as in the library: the nearest level the
        // collection holds, then the roasts of it this person has not had, if any.
        if let spice, let nearest = pool.map({ abs($0.spice.rawValue - min(spice, maxSpice).rawValue) }).min() {
            pool = pool.filter { abs($0.spice.rawValue - min(spice, maxSpice).rawValue) == nearest }
        }
        let (candidates, exhausted) = SeenRoasts.narrow(pool.map(\.id), latest: seen.latestInChat, mark: { seen.lastSeen[$0] })
        guard !candidates.isEmpty else { return nil }
        let id = candidates[Int.random(in: 0..<candidates.count, using: &random)]
        guard let roast = pool.first(where: { $0.id == id }) else { return nil }
        return Choice(roast: roast, exhausted: exhausted)
    }
}
