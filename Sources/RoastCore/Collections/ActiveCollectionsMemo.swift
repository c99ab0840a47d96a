import Synchronization

/// ``CollectionCatalog/active(on:)``'s answers for the last few local dates, so that the events of a
/// day (banners due, the Roast of the Day's source, a collection button) do not work out the lunar
/// calendar again: the answer depends only on the catalog and the date. Belongs to one catalog, so
/// a reload (a new catalog) starts empty.
final class ActiveCollectionsMemo: Sendable {
    /// More dates than chats' time zones put on the calendar at once (at most three: UTC−12…+14).
    static let capacity = 8

    private let answers = Mutex<[LocalDate: [ActiveCollection]]>([:])

    /// The remembered answer for `date`, else `compute()`'s, remembered.
    func active(on date: LocalDate, compute: () -> [ActiveCollection]) -> [ActiveCollection] {
        if let known = answers.withLock({ $0[date] }) { return known }
        let computed = compute()
        answers.withLock { answers in
            if answers.count >= Self.capacity { answers.removeAll(keepingCapacity: true) }
            answers[date] = computed
        }
        return computed
    }
}
