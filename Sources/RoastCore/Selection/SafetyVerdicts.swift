import Synchronization

/// The safety filter's verdicts on the library's and the collections' own roasts, each worked out
/// once: the texts only change with a restart (or, for collections, a reload, which the id-keyed
/// memo follows since a changed roast gets checked under its id once more only after a restart —
/// collection ids name fixed texts).
///
/// The library's verdicts are computed together, the first time a roast is drawn, not at start-up,
/// which would delay the first poll: about 12 ms of CPU for the shipped library's 722 roasts
/// (≈ 17 µs a roast, measured in a release build on the 2-core development machine; it was ≈ 200 ms
/// before the filter's scalar-table fast paths).
final class SafetyVerdicts: Sendable {
    let filter: SafetyFilter
    private let library: RoastLibrary
    /// By position in the library; nil until first needed, then `blocked` is nil when nothing is.
    private let libraryVerdicts = Mutex<LibraryVerdicts?>(nil)
    private let byID = Mutex<[String: Bool]>([:])

    private struct LibraryVerdicts {
        /// Whether each roast is allowed, by position; nil when every one is.
        var allowed: [Bool]?
    }

    init(filter: SafetyFilter, library: RoastLibrary) {
        self.filter = filter
        self.library = library
    }

    /// Whether each library roast is allowed, by position in ``RoastLibrary/all``; nil when the
    /// filter allows every one (the draw then need not ask).
    func libraryAllowed() -> [Bool]? {
        libraryVerdicts.withLock { verdicts in
            if let verdicts { return verdicts.allowed }
            let allowed = library.all.map { filter.check($0.text).isAllowed }
            let computed = LibraryVerdicts(allowed: allowed.allSatisfy { $0 } ? nil : allowed)
            verdicts = computed
            return computed.allowed
        }
    }

    /// Whether the filter lets a collection's roast through.
    func allows(_ roast: LibraryRoast) -> Bool {
        if let known = byID.withLock({ $0[roast.id] }) { return known }
        let allowed = filter.check(roast.text).isAllowed
        byID.withLock { $0[roast.id] = allowed }
        return allowed
    }
}
