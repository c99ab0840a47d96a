/// Gregorian days listed with their lunar dates, as CSV or as a readable table: what
/// `roastbot calendar lunar` prints for the dates it reads.
public enum LunarDateListing {
    public static let csvHeader = "date,lunar_day,lunar_month,lunar_year,leap"
    public static let tableHeader = "Dương lịch  Âm lịch"

    /// Reads one input line: nil for a blank line, the date for `YYYY-MM-DD` with optional
    /// surrounding whitespace; `.invalidDate` for anything else.
    public static func date(fromLine line: some StringProtocol) throws(LunarCalendarError) -> SolarDate? {
        let trimmed = line.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()
        guard !trimmed.isEmpty else { return nil }
        return try SolarDate(iso: String(trimmed))
    }

    /// `2025-10-06,15,8,2025,0`.
    public static func csvLine(for date: SolarDate) throws(LunarCalendarError) -> String {
        let lunar = try VietnameseLunarCalendar.lunarDate(for: date)
        return "\(date.iso),\(lunar.day),\(lunar.month),\(lunar.year),\(lunar.isLeapMonth ? 1 : 0)"
    }

    /// `2025-10-06  ngày 15 tháng 8 năm Ất Tỵ (2025)`; a leap month reads "tháng 6 nhuận".
    public static func tableLine(for date: SolarDate) throws(LunarCalendarError) -> String {
        let lunar = try VietnameseLunarCalendar.lunarDate(for: date)
        let month = "tháng \(lunar.month)\(lunar.isLeapMonth ? " nhuận" : "")"
        let name = VietnameseLunarCalendar.yearName(lunar.year)
        return "\(date.iso)  ngày \(lunar.day) \(month) năm \(name) (\(lunar.year))"
    }
}
