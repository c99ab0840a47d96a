import ChatPlatform
import Foundation
import Testing
import Timekeeping

@testable import TelegramAdapter

/// `evenGlobalSpacing`: the same 30 per second, but spread out instead of in bursts.
struct EvenSpacingThrottleTests {
    let clock = ManualClock()

    @Test func sendsToManyChatsAreEvenlySpacedAndStillThirtyPerSecond() async throws {
        let throttle = SendThrottle(limits: .init(evenGlobalSpacing: true), clock: clock)
        let run = ThrottleRun(clock: clock, throttle: throttle)
        let times = try await run.send((1...120).map { (ChatID(Int64($0)), false) }, step: 0.001).sorted()
        #expect(times.count == 120)
        for (earlier, later) in zip(times, times.dropFirst()) {
            #expect(later.timeIntervalSince(earlier) >= 0.0329)  // 33⅓ ms, observed on 1 ms steps as 33 or 34
        }
        #expect(try #require(times.last).timeIntervalSince(try #require(times.first)) >= 119.0 / 30)
        #expect(maxInAnyWindow(times, seconds: 1) <= 30)
        let elapsed = try #require(times.last).timeIntervalSince(try #require(times.first))
        #expect(elapsed < 4.1)  // 119 gaps of 33⅓ ms
    }

    /// Above a thousand a second the spacing is under a millisecond: it is kept exactly, not rounded
    /// up to a whole millisecond (which held 5,000 a second to 1,000).
    @Test func aRateAboveAThousandASecondIsSpacedBelowAMillisecondAndStillKept() async throws {
        let limits = SendThrottle.Limits(perChatInterval: 0, perGroupPerMinute: 100_000, globalPerSecond: 5_000, evenGlobalSpacing: true)
        let throttle = SendThrottle(limits: limits, clock: clock)
        let run = ThrottleRun(clock: clock, throttle: throttle)
        let times = try await run.send((1...300).map { (ChatID(Int64($0)), false) }, step: 0.0001).sorted()
        #expect(times.count == 300)
        for (earlier, later) in zip(times, times.dropFirst()) {
            #expect(later.timeIntervalSince(earlier) >= 0.000_199)  // 200 µs
        }
        let elapsed = try #require(times.last).timeIntervalSince(try #require(times.first))
        #expect(elapsed < 0.07)  // 299 gaps of 200 µs, on 100 µs steps
    }

    @Test func perChatAndGroupLimitsStillHold() async throws {
        let throttle = SendThrottle(limits: .init(evenGlobalSpacing: true), clock: clock)
        let run = ThrottleRun(clock: clock, throttle: throttle)
        let times = try await run.send(Array(repeating: (ChatID(-100), true), count: 22), step: 0.5)
        #expect(maxInAnyWindow(times, seconds: 60) == 20)
        for (earlier, later) in zip(times, times.dropFirst()) {
            #expect(later.timeIntervalSince(earlier) >= 1.0)
        }
    }
}
