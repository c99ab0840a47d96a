import Foundation
import Testing

@testable import LunarCalendar

/// Every Tết, Mid-Autumn and leap month of 1900–2100. The fixture was computed independently from
/// PyEphem's new moons and solar terms at UTC+7 (and, for 1900–2052, from JPL DE421 via Skyfield),
/// and agrees with this calendar on every day of 1900–2100.
struct FestivalFixtureTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/festivals-1900-2100.csv")

    @Test func festivalCSVMatchesTheIndependentFixture() throws {
        let expected = try String(contentsOf: Self.fixture, encoding: .utf8)
        let actual = try FestivalTable.csv(fromYear: 1900, toYear: 2100)
        #expect(actual.split(separator: "\n").count == 202)
        #expect(actual == expected)
    }

    @Test func fixtureRowsAgreeWithTheCalendarAPI() throws {
        let lines = try String(contentsOf: Self.fixture, encoding: .utf8).split(separator: "\n").dropFirst()
        for line in lines {
            let fields = line.split(separator: ",")
            let year = try #require(Int(fields[0]))
            #expect(try VietnameseLunarCalendar.tet(ofLunarYear: year) == SolarDate(iso: fields[1]))
            #expect(try VietnameseLunarCalendar.midAutumn(ofLunarYear: year) == SolarDate(iso: fields[2]))
            #expect(try VietnameseLunarCalendar.leapMonth(ofLunarYear: year) == Int(fields[3]))
            #expect(try VietnameseLunarCalendar.lunarDate(for: SolarDate(iso: fields[2])) == LunarDate(day: 15, month: 8, year: year))
        }
    }

    @Test func tableLineIsAlignedAndVietnamese() throws {
        let table = try FestivalTable.table(fromYear: 2025, toYear: 2026)
        #expect(
            table == """
                2025  Tết Ất Tỵ      2025-01-29  Trung thu 2025-10-06  nhuận: 6
                2026  Tết Bính Ngọ   2026-02-17  Trung thu 2026-09-25  nhuận: —

                """)
    }

    @Test func festivalRangeOutsideTheSupportedYearsIsRefused() {
        #expect(throws: LunarCalendarError.outOfRange) { try FestivalTable.csv(fromYear: 1899, toYear: 1900) }
        #expect(throws: LunarCalendarError.outOfRange) { try FestivalTable.csv(fromYear: 2100, toYear: 2101) }
    }
}
