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
    ///
    /// The zone's offset at that instant shifts it onto the local day count (what a Gregorian
    /// calendar in the zone answers, without building one: this runs for every event).
    public init(_ instant: Date, in timeZone: TimeZone) {
        let local = instant.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: instant))
        self.init(dayNumber: Int((local / 86_400).rounded(.down)))
    }

    /// Parses `YYYY-MM-DD`; nil when malformed or not a real date.
    public init?(iso: String) {
        // By bytes: stored dates are parsed for every streak and mood read.
        let bytes = Array(iso.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10) else { return nil }
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

    /// `YYYY-MM-DD` (years 0–9999).
    public var iso: String {
        year.zeroPadded(to: 4) + "-" + month.zeroPadded(to: 2) + "-" + day.zeroPadded(to: 2)
    }

    public var description: String { iso }

    private enum CodingKeys: String, CodingKey { case year, month, day }

    /// `{"year": …, "month": …, "day": …}`, or the ISO date `"2026-09-21"` for an encoder whose
    /// ``CodingUserInfoKey/localDatesAsISO`` is true (a document for people, such as an export).
    public func encode(to encoder: any Encoder) throws {
        if encoder.userInfo[.localDatesAsISO] as? Bool == true {
            var container = encoder.singleValueContainer()
            try container.encode(iso)
        } else {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(year, forKey: .year)
            try container.encode(month, forKey: .month)
            try container.encode(day, forKey: .day)
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.dayNumber < rhs.dayNumber }

    private static func gregorian(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}

extension CodingUserInfoKey {
    /// Set to `true` on an encoder to write every ``LocalDate`` as an ISO date (`"2026-09-21"`).
    public static let localDatesAsISO = CodingUserInfoKey(rawValue: "roastbot.localDatesAsISO")!
}
