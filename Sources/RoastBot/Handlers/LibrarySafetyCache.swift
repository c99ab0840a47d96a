import RoastCore
import Synchronization

/// The safety filter's verdict on each library roast, worked out the first time the roast is drawn.
///
/// The library and the filter are fixed for the life of a ``RoastHandler``, so one check per roast is
/// enough: checking on every draw was about a third of a `/roast`'s time in the pipeline benchmark.
/// Lazy rather than at start-up, which would pay for every roast of every language before the first poll.
final class LibrarySafetyCache: Sendable {
    private let safety: SafetyFilter
    private let verdicts = Mutex<[String: Bool]>([:])

    init(safety: SafetyFilter) {
        self.safety = safety
    }

    /// Whether the filter lets `roast` through.
    func allows(_ roast: LibraryRoast) -> Bool {
        if let known = verdicts.withLock({ $0[roast.id] }) { return known }
        let allowed = safety.check(roast.text).isAllowed
        verdicts.withLock { $0[roast.id] = allowed }
        return allowed
    }
}
