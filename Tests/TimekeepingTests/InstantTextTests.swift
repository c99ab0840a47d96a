import Foundation
import Testing
import Timekeeping

struct InstantTextTests {
    @Test func matchesFoundationsFormatterOverCenturies() {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        var random = SystemRandomNumberGenerator()
        let samples =
            [-2_208_988_800.0, -1, 0, 951_782_400, 1_772_420_400, 4_107_542_399]
            + (0..<2_000).map { _ in
                Double(Int64.random(in: -2_208_988_800...4_102_444_800, using: &random))
            }
        for seconds in samples {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(InstantText.utc(date) == formatter.string(from: date), "\(seconds)")
        }
    }

    @Test func fractionsAreTruncatedNeverRoundedUp() {
        #expect(InstantText.utc(Date(timeIntervalSince1970: 1_772_420_400.9999), fractionDigits: 3) == "2026-03-02T03:00:00.999Z")
        #expect(InstantText.utc(Date(timeIntervalSince1970: 1_772_420_400.25), fractionDigits: 3) == "2026-03-02T03:00:00.250Z")
        #expect(InstantText.utc(Date(timeIntervalSince1970: -0.5), fractionDigits: 3) == "1969-12-31T23:59:59.500Z")
    }
}
