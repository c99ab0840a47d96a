import LunarCalendar

/// The yearly window of a seasonal collection, both ends inclusive, in the chat's local dates.
///
/// Lunar windows are computed with the Vietnamese lunar calendar (UTC+7 meridian), so "Tết" means
/// Vietnam's Tết: lunar 1/1 of 2026 is 2026-02-17, and `from 1/1 −10 days … to 1/7` is
/// 2026-02-07 … 2026-02-23.
public enum SeasonWindow: Sendable, Hashable {
    /// From one lunar day (shifted by some days) to another.
    case lunar(from: LunarPoint, to: LunarPoint)
    /// From one Gregorian month-day to another; a window whose end comes before its start in the
    /// year (`12-20` … `01-05`) runs over New Year.
    case gregorian(from: MonthDay, to: MonthDay)

    /// A day of the lunar year (non-leap month), optionally shifted by whole days: Tết eve minus ten
    /// days is `month 1, day 1, offsetDays −10`. Day 30 of a 29-day month means its last day.
    public struct LunarPoint: Sendable, Hashable {
        public var month: Int
        public var day: Int
        public var offsetDays: Int

        public init(month: Int, day: Int, offsetDays: Int = 0) {
            self.month = month
            self.day = day
            self.offsetDays = offsetDays
        }

        /// Orders points within one lunar year, ignoring offsets.
        var key: Int { month * 100 + day }
    }

    /// A Gregorian month and day (`MM-DD`); 02-29 is not accepted (it does not occur every year).
    public struct MonthDay: Sendable, Hashable {
        public var month: Int
        public var day: Int

        public init(month: Int, day: Int) {
            self.month = month
            self.day = day
        }

        var key: Int { month * 100 + day }
    }

    /// The occurrence containing `date`, if any. Dates outside the lunar calendar's range (lunar
    /// years 1900…2100) are never inside a lunar window.
    public func occurrence(of collectionID: String, containing date: LocalDate) -> SeasonOccurrence? {
        for year in [date.year - 1, date.year, date.year + 1] {
            guard let (first, last) = span(inYear: year), first <= date, date <= last else { continue }
            return SeasonOccurrence(collectionID: collectionID, year: year, first: first, last: last)
        }
        return nil
    }

    /// The occurrence belonging to `year` (lunar year for lunar windows), if it can be computed.
    public func occurrence(of collectionID: String, inYear year: Int) -> SeasonOccurrence? {
        span(inYear: year).map { SeasonOccurrence(collectionID: collectionID, year: year, first: $0.0, last: $0.1) }
    }

    private func span(inYear year: Int) -> (LocalDate, LocalDate)? {
        switch self {
        case .lunar(let from, let to):
            let endYear = to.key < from.key ? year + 1 : year
            guard let first = Self.solar(from, lunarYear: year), let last = Self.solar(to, lunarYear: endYear) else { return nil }
            return (first, last)
        case .gregorian(let from, let to):
            let endYear = to.key < from.key ? year + 1 : year
            return (
                LocalDate(year: year, month: from.month, day: from.day),
                LocalDate(year: endYear, month: to.month, day: to.day)
            )
        }
    }

    private static func solar(_ point: LunarPoint, lunarYear: Int) -> LocalDate? {
        var day = point.day
        while day >= 1 {
            do {
                let solar = try VietnameseLunarCalendar.solarDate(for: LunarDate(day: day, month: point.month, year: lunarYear))
                return LocalDate(year: solar.year, month: solar.month, day: solar.day).adding(days: point.offsetDays)
            } catch .noSuchLunarDate {
                day -= 1  // day 30 of a 29-day month: its last day
            } catch {
                return nil
            }
        }
        return nil
    }
}
