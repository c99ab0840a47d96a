import Foundation

/// A wall-clock time of day (hours and minutes) in some chat's timezone, e.g. the daily post's 09:00.
public struct LocalTime: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var hour: Int
    public var minute: Int

    /// Clamps into 00:00…23:59.
    public init(hour: Int, minute: Int = 0) {
        self.hour = min(max(hour, 0), 23)
        self.minute = min(max(minute, 0), 59)
    }

    /// Parses `H:mm` or `HH:mm` (24-hour); nil when malformed or out of range.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            let hour = Int(parts[0]), let minute = Int(parts[1]), (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    /// `HH:mm`.
    public var description: String { hour.zeroPadded(to: 2) + ":" + minute.zeroPadded(to: 2) }

    public var minutesSinceMidnight: Int { hour * 60 + minute }

    /// This time shifted by `minutes`, wrapping around midnight.
    public func adding(minutes: Int) -> LocalTime {
        let total = ((minutesSinceMidnight + minutes) % 1440 + 1440) % 1440
        return LocalTime(hour: total / 60, minute: total % 60)
    }

    /// The instant this time of day occurs on `date` in `timeZone`.
    ///
    /// Daylight-saving switches: a time that does not exist that day (skipped by a spring-forward
    /// gap) moves forward by the gap (02:30 → 03:30); a time that occurs twice (fall-back) is taken
    /// at its first occurrence. Both are pinned by tests.
    public func instant(on date: LocalDate, in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = DateComponents(year: date.year, month: date.month, day: date.day, hour: hour, minute: minute)
        if let instant = calendar.date(from: parts) { return instant }
        return date.start(in: timeZone).addingTimeInterval(Double(minutesSinceMidnight) * 60)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.minutesSinceMidnight < rhs.minutesSinceMidnight }
}
