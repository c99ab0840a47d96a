import Synchronization

/// The safety filter's verdict on each library or collection roast, worked out the first time the
/// roast is drawn.
///
/// The library, the collections and the filter change only with a restart or a reload (which makes a
/// new selector), so one check per roast id is enough; it is lazy because checking every roast of
/// every language up front would delay the first poll.
final class SafetyVerdicts: Sendable {
    let filter: SafetyFilter
    private let verdicts = Mutex<[String: Bool]>([:])

    init(filter: SafetyFilter) {
        self.filter = filter
    }

    /// Whether the filter lets `roast` through.
    func allows(_ roast: LibraryRoast) -> Bool {
        if let known = verdicts.withLock({ $0[roast.id] }) { return known }
        let allowed = filter.check(roast.text).isAllowed
        verdicts.withLock { $0[roast.id] = allowed }
        return allowed
    }
}
