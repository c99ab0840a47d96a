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
            #expect(later.timeIntervalSince(earlier) >= 0.033)  // 34 ms, observed on 1 ms steps
        }
        #expect(maxInAnyWindow(times, seconds: 1) <= 30)
        let elapsed = try #require(times.last).timeIntervalSince(try #require(times.first))
        #expect(elapsed < 4.1)  // 119 gaps of 34 ms
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
