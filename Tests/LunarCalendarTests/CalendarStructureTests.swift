import Testing

@testable import LunarCalendar

/// Whole-range properties: every day converts both ways, months and years have legal shapes.
struct CalendarStructureTests {
    @Test func everyDayFrom1900To2100RoundTrips() throws {
        let range = VietnameseLunarCalendar.supportedDates
        var previous: LunarDate?
        for dayNumber in range.lowerBound.dayNumber...range.upperBound.dayNumber {
            let solar = SolarDate(dayNumber: dayNumber)
            let lunar = try VietnameseLunarCalendar.lunarDate(for: solar)
            #expect(try VietnameseLunarCalendar.solarDate(for: lunar) == solar)
            if let previous {
                // Consecutive days either continue the month or start a new one on day 1.
                let continues =
                    lunar.day == previous.day + 1 && lunar.month == previous.month
                    && lunar.isLeapMonth == previous.isLeapMonth && lunar.year == previous.year
                #expect(continues || lunar.day == 1, "\(solar): \(previous) → \(lunar)")
                #expect(lunar.day <= 30)
            }
            previous = lunar
        }
    }

    @Test func everyLunarYearHasTwelveOrThirteenMonthsOf29Or30Days() throws {
        var leapYears = 0
        for year in VietnameseLunarCalendar.supportedLunarYears {
            let months = try VietnameseLunarCalendar.months(ofLunarYear: year)
            #expect(months.count == 12 || months.count == 13)
            #expect(months.allSatisfy { $0.length == 29 || $0.length == 30 })
            #expect(months.filter(\.isLeap).count == (months.count == 13 ? 1 : 0))
            #expect(months.filter { !$0.isLeap }.map(\.number) == Array(1...12))
            if let leap = months.firstIndex(where: \.isLeap) {
                leapYears += 1
                #expect(leap > 0 && months[leap].number == months[leap - 1].number)
            }
            // Months are contiguous and the next year starts where this one ends.
            for (a, b) in zip(months, months.dropFirst()) {
                #expect(a.firstDay.adding(days: a.length) == b.firstDay)
            }
            let last = try #require(months.last)
            if year < 2100 {
                #expect(last.firstDay.adding(days: last.length) == (try VietnameseLunarCalendar.tet(ofLunarYear: year + 1)))
            }
        }
        // 7 leap months every 19 years: 201 years have 73 or 74.
        #expect((72...75).contains(leapYears))
    }

    @Test func tetAlwaysFallsBetween21JanuaryAnd20February() throws {
        for year in VietnameseLunarCalendar.supportedLunarYears {
            let tet = try VietnameseLunarCalendar.tet(ofLunarYear: year)
            #expect(tet >= SolarDate(year: year, month: 1, day: 21) && tet <= SolarDate(year: year, month: 2, day: 20))
        }
    }

    @Test func dayNumbersCountFromTheUnixEpoch() throws {
        #expect(SolarDate(year: 1970, month: 1, day: 1).dayNumber == 0)
        #expect(SolarDate(year: 2000, month: 3, day: 1).dayNumber == 11_017)
        #expect(SolarDate(dayNumber: -25_567) == SolarDate(year: 1900, month: 1, day: 1))
        #expect(try SolarDate(iso: "2100-12-31").adding(days: 1) == SolarDate(year: 2101, month: 1, day: 1))
    }
}
