import Synchronization

/// The month tables ``VietnameseLunarCalendar`` reads: the years 1898–2101 in spans of twenty lunar
/// years, each ``MonthTable`` computed on first use.
///
/// One table of all two hundred years cost about 25 ms of CPU, paid by whichever event of a process
/// first asked for a date (a bot's first /roast looks up this year's festivals); a span costs about
/// a tenth of that, and a process seldom needs more than the one around today.
///
/// Span `k` holds the months from month 11 of solstice year `1898 + 20k` to month 11 of `1898 + 20k +
/// 21` (at most 2101), so it holds every month of the lunar years `1899 + 20k … 1918 + 20k` and every
/// day of the Gregorian years with the same numbers (each lies between month 11 of the year before
/// and month 11 of its own). Neighbouring spans share a year, so that every lookup stays in one.
final class MonthTables: Sendable {
    static let shared = MonthTables()

    static let firstSolsticeYear = 1898
    static let lastSolsticeYear = 2101
    static let span = 20

    private let tables: Mutex<[Int: MonthTable]> = Mutex([:])

    /// The table holding every month of `lunarYear`; nil outside 1899…2100.
    func table(forLunarYear lunarYear: Int) -> MonthTable? {
        guard lunarYear > Self.firstSolsticeYear, lunarYear < Self.lastSolsticeYear else { return nil }
        return table(Self.spanIndex(of: lunarYear))
    }

    /// The table holding every day of Gregorian `year`; nil outside 1899…2100.
    func table(forGregorianYear year: Int) -> MonthTable? {
        table(forLunarYear: year)
    }

    /// The span whose lunar and Gregorian years include `year`.
    static func spanIndex(of year: Int) -> Int {
        (year - firstSolsticeYear - 1) / span
    }

    private func table(_ index: Int) -> MonthTable {
        tables.withLock { tables in
            if let table = tables[index] { return table }
            let first = Self.firstSolsticeYear + index * Self.span
            let table = MonthTable(firstSolsticeYear: first, lastSolsticeYear: min(first + Self.span + 1, Self.lastSolsticeYear))
            tables[index] = table
            return table
        }
    }
}
