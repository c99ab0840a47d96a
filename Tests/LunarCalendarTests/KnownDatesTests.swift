import Testing

@testable import LunarCalendar

/// Published Vietnamese festival dates, including years where UTC+7 and China's UTC+8 disagree.
struct KnownDatesTests {
    @Test(arguments: [
        (1985, "1985-01-21"),  // China: 1985-02-20 (month 11 differs across the meridian)
        (2007, "2007-02-17"),  // China: 2007-02-18 (new moon at 23:14 UTC+7 on 17 Feb)
        (2030, "2030-02-02"),  // China: 2030-02-03 (new moon at 23:07 UTC+7 on 2 Feb)
        (2025, "2025-01-29"),
        (2026, "2026-02-17"),
        (1900, "1900-01-31"),
    ])
    func tetFallsOnThePublishedDay(year: Int, expected: String) throws {
        #expect(try VietnameseLunarCalendar.tet(ofLunarYear: year) == SolarDate(iso: expected))
    }

    @Test func midAutumn2025IsSixthOfOctober() throws {
        #expect(try VietnameseLunarCalendar.midAutumn(ofLunarYear: 2025) == SolarDate(iso: "2025-10-06"))
        #expect(try VietnameseLunarCalendar.midAutumn(ofLunarYear: 2026) == SolarDate(iso: "2026-09-25"))
    }

    @Test(arguments: [(2025, 6), (2023, 2), (2020, 4), (2017, 6), (2026, 0), (2024, 0)])
    func leapMonthMatchesTheVietnameseCalendar(year: Int, leap: Int) throws {
        #expect(try VietnameseLunarCalendar.leapMonth(ofLunarYear: year) == leap)
    }

    @Test func leapMonthRepeatsThePreviousNumber() throws {
        // 2025: month 6 starts 25 June, leap 6 starts 25 July.
        #expect(try VietnameseLunarCalendar.lunarDate(for: SolarDate(iso: "2025-06-25")) == LunarDate(day: 1, month: 6, year: 2025))
        #expect(
            try VietnameseLunarCalendar.lunarDate(for: SolarDate(iso: "2025-07-25"))
                == LunarDate(day: 1, month: 6, year: 2025, isLeapMonth: true))
        #expect(
            try VietnameseLunarCalendar.solarDate(for: LunarDate(day: 1, month: 6, year: 2025, isLeapMonth: true))
                == SolarDate(iso: "2025-07-25"))
    }

    @Test func monthsElevenAndTwelveBelongToTheLunarYearBeforeTet() throws {
        // 1900-01-01 is 1/12 of Kỷ Hợi (1899); 2026-02-16 is the last day of Ất Tỵ (2025).
        #expect(try VietnameseLunarCalendar.lunarDate(for: SolarDate(iso: "1900-01-01")) == LunarDate(day: 1, month: 12, year: 1899))
        #expect(try VietnameseLunarCalendar.lunarDate(for: SolarDate(iso: "2026-02-16")) == LunarDate(day: 29, month: 12, year: 2025))
        #expect(try VietnameseLunarCalendar.lunarDate(for: SolarDate(iso: "2026-02-17")) == LunarDate(day: 1, month: 1, year: 2026))
    }

    @Test(arguments: [
        (2026, "Bính Ngọ"), (2025, "Ất Tỵ"), (1984, "Giáp Tý"), (2023, "Quý Mão"), (2021, "Tân Sửu"),
        (2027, "Đinh Mùi"), (1900, "Canh Tý"), (2100, "Canh Thân"), (1945, "Ất Dậu"),
    ])
    func yearNameFollowsTheSexagenaryCycle(year: Int, name: String) {
        #expect(VietnameseLunarCalendar.yearName(year) == name)
    }
}
