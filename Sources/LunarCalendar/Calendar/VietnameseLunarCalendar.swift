/// The Vietnamese lunar calendar (âm lịch) for 1900-01-01 … 2100-12-31, computed for the UTC+7
/// meridian from accurate new-moon and solar-longitude theories (Meeus ch. 49 and VSOP87), so that
/// it differs from China's calendar exactly where the meridian matters (Tết 1985: 21 January in
/// Vietnam, 20 February in China) and does not lose days to near-midnight new moons.
///
/// The month tables are computed on first use, twenty years at a time (``MonthTables``), and every
/// lookup after that is a binary search or a dictionary lookup.
public enum VietnameseLunarCalendar {
    /// The Gregorian days this calendar covers.
    public static let supportedDates = SolarDate(year: 1900, month: 1, day: 1)...SolarDate(year: 2100, month: 12, day: 31)
    /// The lunar years whose Tết, Mid-Autumn and leap month can be asked for.
    public static let supportedLunarYears = 1900...2100

    /// The lunar date of a Gregorian day.
    public static func lunarDate(for date: SolarDate) throws(LunarCalendarError) -> LunarDate {
        guard date.isValid else { throw .invalidDate }
        guard supportedDates.contains(date), let table = MonthTables.shared.table(forGregorianYear: date.year) else { throw .outOfRange }
        let dayNumber = date.dayNumber
        guard let index = table.monthIndex(containing: dayNumber) else { throw .outOfRange }
        let label = table.labels[index]
        return LunarDate(
            day: dayNumber - table.starts[index] + 1, month: label.number, year: label.year,
            isLeapMonth: label.isLeap)
    }

    /// The Gregorian day of a lunar date.
    public static func solarDate(for date: LunarDate) throws(LunarCalendarError) -> SolarDate {
        guard (1...12).contains(date.month), (1...30).contains(date.day) else { throw .invalidDate }
        let label = MonthTable.Label(year: date.year, number: date.month, isLeap: date.isLeapMonth)
        guard let table = MonthTables.shared.table(forLunarYear: date.year), let index = table.indexByLabel[label] else {
            throw supportedLunarYears.contains(date.year) ? .noSuchLunarDate : .outOfRange
        }
        let month = table.month(at: index)
        guard date.day <= month.length else { throw .noSuchLunarDate }
        let solar = month.solarDate(ofDay: date.day)
        guard supportedDates.contains(solar) else { throw .outOfRange }
        return solar
    }

    /// Tết Nguyên Đán: day 1 of month 1 of `lunarYear`.
    public static func tet(ofLunarYear lunarYear: Int) throws(LunarCalendarError) -> SolarDate {
        try festival(day: 1, month: 1, lunarYear: lunarYear)
    }

    /// Tết Trung Thu (Mid-Autumn): day 15 of month 8 of `lunarYear`.
    public static func midAutumn(ofLunarYear lunarYear: Int) throws(LunarCalendarError) -> SolarDate {
        try festival(day: 15, month: 8, lunarYear: lunarYear)
    }

    /// The number of the month that has a leap copy in `lunarYear`, or 0 if none. A leap 11 or 12
    /// belongs to the lunar year whose number it carries (it falls before the next Tết).
    public static func leapMonth(ofLunarYear lunarYear: Int) throws(LunarCalendarError) -> Int {
        try months(ofLunarYear: lunarYear).first { $0.isLeap }?.number ?? 0
    }

    /// The 12 or 13 months of `lunarYear` in order, from month 1 (Tết) to month 12.
    public static func months(ofLunarYear lunarYear: Int) throws(LunarCalendarError) -> [LunarMonth] {
        guard supportedLunarYears.contains(lunarYear) else { throw .outOfRange }
        guard let table = MonthTables.shared.table(forLunarYear: lunarYear),
            let first = table.indexByLabel[MonthTable.Label(year: lunarYear, number: 1, isLeap: false)]
        else {
            throw .outOfRange
        }
        var result: [LunarMonth] = []
        var index = first
        while index < table.labels.count, table.labels[index].year == lunarYear {
            result.append(table.month(at: index))
            index += 1
        }
        return result
    }

    /// Festivals are asked for by lunar year and always fall inside the supported Gregorian range.
    private static func festival(day: Int, month: Int, lunarYear: Int) throws(LunarCalendarError) -> SolarDate {
        guard supportedLunarYears.contains(lunarYear) else { throw .outOfRange }
        return try solarDate(for: LunarDate(day: day, month: month, year: lunarYear))
    }
}
