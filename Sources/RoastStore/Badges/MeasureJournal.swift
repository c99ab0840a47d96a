import RoastCore

/// The badge measures a transaction's writes may have moved, in the order written.
///
/// Kept by ``StoreTransaction`` and filled by the writes that feed ``ActivityTally`` (a requested
/// roast, a star, a 🔥, a streak, a share). It can only over-report — a write rolled back to a savepoint
/// stays listed — which costs an unneeded badge evaluation, never a missed badge.
final class MeasureJournal {
    private(set) var entries: [TallyMeasure] = []

    func record(_ measures: [TallyMeasure]) {
        entries += measures
    }
}
