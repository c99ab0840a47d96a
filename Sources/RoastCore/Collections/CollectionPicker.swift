/// Chooses a roast from one collection's own set (offline): never above the chat's spice cap when
/// the set allows it, the asked spice or else the nearest one, and no repeats for the user until
/// every suitable roast of the set was served. Pure: the generator is passed in.
public struct CollectionPicker: Sendable {
    public struct Choice: Sendable, Hashable {
        public var roast: LibraryRoast
        /// Every suitable roast had been served already: repeats started again.
        public var exhausted: Bool
    }

    public init() {}

    /// - Parameters:
    ///   - served: roast ids this user already received in this chat.
    ///   - allowed: roasts that may be chosen at all (the safety filter's verdict); the others are
    ///     left out as if the collection did not have them.
    public func pick(
        from collection: RoastCollection, language: Language, spice: SpiceLevel?, maxSpice: SpiceLevel, served: Set<String>,
        allowed: (LibraryRoast) -> Bool = { _ in true }, using random: inout some RandomNumberGenerator
    ) -> Choice? {
        let all = collection.roasts(in: language).filter(allowed)
        var pool = RoastCollection.servable(all, maxSpice: maxSpice)
        // A spice asked for comes before no-repeat, as in the library: the nearest level the
        // collection holds, then the roasts of it this person has not had, if any.
        if let spice, let nearest = pool.map({ abs($0.spice.rawValue - min(spice, maxSpice).rawValue) }).min() {
            pool = pool.filter { abs($0.spice.rawValue - min(spice, maxSpice).rawValue) == nearest }
        }
        let fresh = pool.filter { !served.contains($0.id) }
        let exhausted = fresh.isEmpty
        let candidates = exhausted ? pool : fresh
        guard !candidates.isEmpty else { return nil }
        return Choice(roast: candidates[Int.random(in: 0..<candidates.count, using: &random)], exhausted: exhausted)
    }
}
