/// A day of the Vietnamese lunar calendar (âm lịch).
///
/// `year` is the lunar year's number: the Gregorian year in which its Tết falls, so the last days of
/// months 11 and 12 fall in January or February of `year + 1`.
public struct LunarDate: Hashable, Sendable, CustomStringConvertible {
    public var day: Int
    public var month: Int
    public var year: Int
    /// True for the days of a leap month (tháng nhuận), which repeats the number of the month before.
    public var isLeapMonth: Bool

    public init(day: Int, month: Int, year: Int, isLeapMonth: Bool = false) {
        self.day = day
        self.month = month
        self.year = year
        self.isLeapMonth = isLeapMonth
    }

    /// `day/month/year`, with " nhuận" after a leap month: "15/8/2025", "1/6 nhuận/2025".
    public var description: String {
        "\(day)/\(month)\(isLeapMonth ? " nhuận" : "")/\(year)"
    }
}
