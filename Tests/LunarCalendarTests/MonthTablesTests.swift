import Testing

@testable import LunarCalendar

/// The calendar reads twenty-year spans computed on demand; each must say exactly what one table of
/// the whole range says, on every day and for every lunar year, at the spans' seams too.
struct MonthTablesTests {
    let whole = MonthTable(firstSolsticeYear: MonthTables.firstSolsticeYear, lastSolsticeYear: MonthTables.lastSolsticeYear)

    @Test func everyDayIsInTheSameMonthAsInOneTableOfTheWholeRange() throws {
        let range = VietnameseLunarCalendar.supportedDates
        for dayNumber in range.lowerBound.dayNumber...range.upperBound.dayNumber {
            let solar = SolarDate(dayNumber: dayNumber)
            let span = try #require(MonthTables.shared.table(forGregorianYear: solar.year))
            let index = try #require(whole.monthIndex(containing: dayNumber))
            guard let spanIndex = span.monthIndex(containing: dayNumber) else {
                Issue.record("\(solar) is in no month of its span")
                continue
            }
            #expect(span.labels[spanIndex] == whole.labels[index], "\(solar)")
            #expect(span.month(at: spanIndex) == whole.month(at: index), "\(solar)")
        }
    }

    @Test func everyLunarYearHasTheSameMonthsAsInOneTableOfTheWholeRange() throws {
        for year in VietnameseLunarCalendar.supportedLunarYears {
            let wholeMonths = whole.labels.indices.filter { whole.labels[$0].year == year }.map(whole.month(at:))
            #expect(try VietnameseLunarCalendar.months(ofLunarYear: year) == wholeMonths, "\(year)")
        }
    }

    @Test func yearsOutsideTheRangeHaveNoSpan() {
        #expect(MonthTables.shared.table(forLunarYear: 1898) == nil)
        #expect(MonthTables.shared.table(forLunarYear: 2101) == nil)
        #expect(MonthTables.shared.table(forLunarYear: 1899) != nil)
        #expect(MonthTables.shared.table(forLunarYear: 2100) != nil)
    }
}
