import Foundation
import Testing

@testable import RoastCore

struct LocalDateTests {
    static let zones = [
        "Asia/Ho_Chi_Minh", "UTC", "America/New_York", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Kathmandu", "Australia/Lord_Howe",
    ]

    /// The day count from the zone's offset is what a Gregorian calendar in the zone says, across
    /// midnights, DST changes, odd offsets and dates before 1970.
    @Test(arguments: zones)
    func localDayMatchesAGregorianCalendarInTheZone(_ name: String) throws {
        let zone = try #require(TimeZone(identifier: name))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        var random = SplitMix64(seed: 17)
        var instants: [Double] = [0, -1, 86_399, 86_400, -86_401, 1_790_000_000, 1_741_500_000, 1_762_063_200]
        for _ in 0..<400 { instants.append(Double(Int64.random(in: -2_000_000_000...4_000_000_000, using: &random))) }
        for midnight in stride(from: 1_735_689_600.0, to: 1_767_225_600, by: 86_400 * 7) {
            // Either side of each UTC midnight over a year: local midnights fall near them in some zone.
            instants += [midnight - 1, midnight, midnight + 1]
        }
        for seconds in instants {
            let instant = Date(timeIntervalSince1970: seconds)
            let parts = calendar.dateComponents([.year, .month, .day], from: instant)
            let expected = LocalDate(year: parts.year!, month: parts.month!, day: parts.day!)
            #expect(LocalDate(instant, in: zone) == expected, "\(name) at \(seconds)")
        }
    }

    @Test(arguments: [(2026, 2, 10, "2026-02-10"), (5, 1, 1, "0005-01-01"), (1999, 12, 31, "1999-12-31"), (2024, 2, 29, "2024-02-29")])
    func isoWritesAndReadsTheSameDay(_ year: Int, _ month: Int, _ day: Int, _ text: String) {
        let date = LocalDate(year: year, month: month, day: day)
        #expect(date.iso == text)
        #expect(LocalDate(iso: text) == date)
    }

    @Test(arguments: [
        "2026-2-10", "2026-02-30", "2025-02-29", "20260210", "2026-02-1a", "", "２０２６-02-10", "-026-02-10", "2026-13-01", "2026-00-10",
        "2026_02_10",
    ])
    func malformedIsoTextIsRejected(_ text: String) {
        #expect(LocalDate(iso: text) == nil)
    }

    @Test(arguments: [(7, 2, "07"), (0, 4, "0000"), (12_345, 4, "12345"), (-5, 3, "-05"), (2026, 4, "2026"), (59, 1, "59")])
    func numbersArePaddedWithLeadingZeros(_ value: Int, _ width: Int, _ text: String) {
        #expect(value.zeroPadded(to: width) == text)
        #expect(value.zeroPadded(to: width) == String(format: "%0\(width)d", value))
    }
}
