import Foundation
import LunarCalendar

/// A calendar day in some chat's timezone: what streaks, daily posts and seasons count in.
public struct LocalDate: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The local calendar day of `instant` in `timeZone`.
    public init(_ instant: Date, in timeZone: TimeZone) {
        let parts = Self.gregorian(timeZone).dateComponents([.year, .month, .day], from: instant)
        self.init(year: parts.year!, month: parts.month!, day: parts.day!)
    }

    /// Parses `YYYY-MM-DD`; nil when malformed or not a real date.
    public init?(iso: String) {
        let parts = iso.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2])
        else { return nil }
        let candidate = LocalDate(year: y, month: m, day: d)
        guard (1...12).contains(m), (1...31).contains(d), candidate.adding(days: 0) == candidate else { return nil }
        self = candidate
    }

    /// Days since 1970-01-01 (proleptic Gregorian), for arithmetic that ignores timezones.
    public var dayNumber: Int { SolarDate(year: year, month: month, day: day).dayNumber }

    public init(dayNumber: Int) {
        let date = SolarDate(dayNumber: dayNumber)
        self.init(year: date.year, month: date.month, day: date.day)
    }

    public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }
    public func days(since other: LocalDate) -> Int { dayNumber - other.dayNumber }

    /// 1 = Monday … 7 = Sunday.
    public var isoWeekday: Int {
        let w = (dayNumber + 3) % 7  // 1970-01-01 was a Thursday.
        return (w < 0 ? w + 7 : w) + 1
    }

    /// The instant this day starts in `timeZone`.
    public func start(in timeZone: TimeZone) -> Date {
        Self.gregorian(timeZone).date(from: DateComponents(year: year, month: month, day: day))!
    }

    public var iso: String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    public var description: String { iso }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.dayNumber < rhs.dayNumber }

    private static func gregorian(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}
