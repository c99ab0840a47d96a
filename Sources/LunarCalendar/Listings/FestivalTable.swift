/// Tết, Mid-Autumn and the leap month of a range of lunar years, as CSV or as a readable table: what
/// `roastbot calendar festivals` prints and what the test fixture holds.
public enum FestivalTable {
    /// One lunar year's festivals.
    public struct Row: Hashable, Sendable {
        public var lunarYear: Int
        public var tet: SolarDate
        public var midAutumn: SolarDate
        /// The month number that has a leap copy this lunar year, 0 if none.
        public var leapMonth: Int
    }

    public static let csvHeader = "year,tet,mid_autumn,leap_month"

    /// The rows for lunar years `fromYear…toYear` (empty when `fromYear > toYear`).
    public static func rows(fromYear: Int, toYear: Int) throws(LunarCalendarError) -> [Row] {
        guard fromYear <= toYear else { return [] }
        let years = VietnameseLunarCalendar.supportedLunarYears
        guard years.contains(fromYear), years.contains(toYear) else { throw .outOfRange }
        var rows: [Row] = []
        for year in fromYear...toYear {
            rows.append(
                Row(
                    lunarYear: year, tet: try VietnameseLunarCalendar.tet(ofLunarYear: year),
                    midAutumn: try VietnameseLunarCalendar.midAutumn(ofLunarYear: year),
                    leapMonth: try VietnameseLunarCalendar.leapMonth(ofLunarYear: year)))
        }
        return rows
    }

    /// `year,tet,mid_autumn,leap_month` then one line per lunar year, every line ending in "\n".
    public static func csv(fromYear: Int, toYear: Int) throws(LunarCalendarError) -> String {
        let lines = try rows(fromYear: fromYear, toYear: toYear).map(csvLine)
        return ([csvHeader] + lines).map { $0 + "\n" }.joined()
    }

    /// Aligned lines such as `2026  Tết Bính Ngọ   2026-02-17  Trung thu 2026-09-25  nhuận: —`.
    public static func table(fromYear: Int, toYear: Int) throws(LunarCalendarError) -> String {
        try rows(fromYear: fromYear, toYear: toYear).map { tableLine($0) + "\n" }.joined()
    }

    public static func csvLine(_ row: Row) -> String {
        "\(row.lunarYear),\(row.tet.iso),\(row.midAutumn.iso),\(row.leapMonth)"
    }

    public static func tableLine(_ row: Row) -> String {
        let name = "Tết " + VietnameseLunarCalendar.yearName(row.lunarYear)
        let leap = row.leapMonth == 0 ? "—" : String(row.leapMonth)
        return "\(row.lunarYear)  \(padded(name, to: 13))  \(row.tet.iso)  Trung thu \(row.midAutumn.iso)  nhuận: \(leap)"
    }

    /// Pads with spaces to `width` characters (grapheme clusters, so "Tết" counts as three).
    static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
