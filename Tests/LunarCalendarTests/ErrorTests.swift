import Testing

@testable import LunarCalendar

/// Out-of-range and malformed input is refused with the error that says which.
struct ErrorTests {
    @Test(arguments: ["1899-12-31", "2101-01-01", "0001-01-01"])
    func solarDatesOutsideTheRangeAreOutOfRange(iso: String) throws {
        let date = try SolarDate(iso: iso)
        #expect(throws: LunarCalendarError.outOfRange) { try VietnameseLunarCalendar.lunarDate(for: date) }
    }

    @Test func rangeEndsConvert() throws {
        // Month 12 of lunar year 2100 begins on the last supported day.
        #expect(try VietnameseLunarCalendar.lunarDate(for: SolarDate(iso: "2100-12-31")) == LunarDate(day: 1, month: 12, year: 2100))
        #expect(try VietnameseLunarCalendar.solarDate(for: LunarDate(day: 1, month: 12, year: 2100)) == SolarDate(iso: "2100-12-31"))
        #expect(try VietnameseLunarCalendar.lunarDate(for: SolarDate(iso: "1900-01-01")).year == 1899)
    }

    @Test(arguments: [
        "", "2025", "2025-1-01", "2025-01-1", "25-01-01", "2025/01/01", "2025-13-01", "2025-02-29",
        "2024-02-30", "2025-00-10", "abcd-ef-gh", "+202-01-01", "2025-01-01x", " 2025-01-01",
    ])
    func malformedISODatesAreInvalid(text: String) {
        #expect(throws: LunarCalendarError.invalidDate) { try SolarDate(iso: text) }
    }

    @Test func impossibleSolarDateIsInvalid() {
        #expect(throws: LunarCalendarError.invalidDate) {
            try VietnameseLunarCalendar.lunarDate(for: SolarDate(year: 2025, month: 2, day: 29))
        }
    }

    @Test func leapDayOf2024Parses() throws {
        #expect(try SolarDate(iso: "2024-02-29") == SolarDate(year: 2024, month: 2, day: 29))
    }

    @Test func malformedLunarDatesAreInvalid() {
        for date in [
            LunarDate(day: 0, month: 1, year: 2025), LunarDate(day: 31, month: 1, year: 2025), LunarDate(day: 1, month: 13, year: 2025),
        ] {
            #expect(throws: LunarCalendarError.invalidDate) { try VietnameseLunarCalendar.solarDate(for: date) }
        }
    }

    @Test func lunarDatesThatDoNotExistAreRefused() throws {
        // 2026 has no leap month; find a 29-day month of 2025 and ask for its day 30.
        #expect(throws: LunarCalendarError.noSuchLunarDate) {
            try VietnameseLunarCalendar.solarDate(for: LunarDate(day: 1, month: 3, year: 2026, isLeapMonth: true))
        }
        let short = try #require(try VietnameseLunarCalendar.months(ofLunarYear: 2025).first { $0.length == 29 })
        #expect(throws: LunarCalendarError.noSuchLunarDate) {
            try VietnameseLunarCalendar.solarDate(for: LunarDate(day: 30, month: short.number, year: 2025, isLeapMonth: short.isLeap))
        }
    }

    @Test func lunarDatesOutsideTheRangeAreOutOfRange() {
        for date in [
            LunarDate(day: 1, month: 1, year: 1899), LunarDate(day: 1, month: 1, year: 2101), LunarDate(day: 2, month: 12, year: 2100),
        ] {
            #expect(throws: LunarCalendarError.outOfRange) { try VietnameseLunarCalendar.solarDate(for: date) }
        }
        #expect(throws: LunarCalendarError.outOfRange) { try VietnameseLunarCalendar.tet(ofLunarYear: 1899) }
        #expect(throws: LunarCalendarError.outOfRange) { try VietnameseLunarCalendar.midAutumn(ofLunarYear: 2101) }
        #expect(throws: LunarCalendarError.outOfRange) { try VietnameseLunarCalendar.leapMonth(ofLunarYear: 2101) }
    }
}

/// The line-oriented listing behind `roastbot calendar lunar`.
struct LunarDateListingTests {
    @Test func blankLinesAreSkippedAndWhitespaceTrimmed() throws {
        #expect(try LunarDateListing.date(fromLine: "") == nil)
        #expect(try LunarDateListing.date(fromLine: "  \t\r") == nil)
        #expect(try LunarDateListing.date(fromLine: "2025-10-06  \r") == SolarDate(year: 2025, month: 10, day: 6))
    }

    @Test func badLinesAreErrorsNotSkipped() {
        #expect(throws: LunarCalendarError.invalidDate) { try LunarDateListing.date(fromLine: "2025-10-6") }
        #expect(throws: LunarCalendarError.outOfRange) { try LunarDateListing.csvLine(for: SolarDate(year: 2101, month: 1, day: 1)) }
    }

    @Test func csvAndTableLinesDescribeTheLunarDate() throws {
        #expect(LunarDateListing.csvHeader == "date,lunar_day,lunar_month,lunar_year,leap")
        #expect(try LunarDateListing.csvLine(for: SolarDate(iso: "2025-10-06")) == "2025-10-06,15,8,2025,0")
        #expect(try LunarDateListing.csvLine(for: SolarDate(iso: "2025-07-25")) == "2025-07-25,1,6,2025,1")
        #expect(try LunarDateListing.tableLine(for: SolarDate(iso: "2025-07-25")) == "2025-07-25  ngày 1 tháng 6 nhuận năm Ất Tỵ (2025)")
    }
}
