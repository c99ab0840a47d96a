import Foundation
import RoastCore
import Testing

struct CommandRateLimiterTests {
    static let start = Date(timeIntervalSince1970: 1_790_000_000)

    @Test func theSixthCommandInTenSecondsWarnsOnceThenIgnores() {
        var limiter = CommandRateLimiter<Int>(limit: 5, window: 10, cooldown: 30)
        let verdicts = (0..<8).map { limiter.admit(1, at: Self.start.addingTimeInterval(Double($0))) }
        #expect(verdicts == [.allow, .allow, .allow, .allow, .allow, .warn, .ignore, .ignore])
        // After the cooldown, commands are welcome again.
        #expect(limiter.admit(1, at: Self.start.addingTimeInterval(36)) == .allow)
    }

    @Test func othersAreNotSlowedDown() {
        var limiter = CommandRateLimiter<Int>(limit: 2, window: 10, cooldown: 30)
        for second in 0..<4 { _ = limiter.admit(1, at: Self.start.addingTimeInterval(Double(second))) }
        #expect(limiter.admit(2, at: Self.start.addingTimeInterval(4)) == .allow)
    }

    @Test func aSteadyPaceIsNeverThrottled() {
        var limiter = CommandRateLimiter<Int>(limit: 5, window: 10, cooldown: 30)
        let verdicts = (0..<50).map { limiter.admit(1, at: Self.start.addingTimeInterval(Double($0) * 2.5)) }
        #expect(verdicts.allSatisfy { $0 == .allow })
        limiter.prune(at: Self.start.addingTimeInterval(1000))
        #expect(limiter.trackedCount == 0)
    }
}
