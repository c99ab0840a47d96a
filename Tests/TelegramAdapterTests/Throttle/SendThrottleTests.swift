import ChatPlatform
import Foundation
import RoastCore
import Synchronization
import Testing
import Timekeeping

@testable import TelegramAdapter

struct SendThrottleTests {
    let clock = ManualClock()
    var start: Date { Date(timeIntervalSince1970: 1_767_225_600) }

    @Test func sendsToOnePrivateChatAreSpacedAtLeastOneSecondApart() async throws {
        let run = ThrottleRun(clock: clock, throttle: SendThrottle(clock: clock))
        let times = try await run.send(Array(repeating: (ChatID(1), false), count: 5), step: 0.25)
        #expect(times.count == 5)
        for (earlier, later) in zip(times, times.dropFirst()) {
            #expect(later.timeIntervalSince(earlier) >= 1.0)
        }
        #expect(times.last == start.addingTimeInterval(4))
    }

    @Test func twentyFirstSendToAGroupWaitsForTheFirstToLeaveTheMinute() async throws {
        let run = ThrottleRun(clock: clock, throttle: SendThrottle(clock: clock))
        let times = try await run.send(Array(repeating: (ChatID(-100), true), count: 25), step: 0.5)
        #expect(times.count == 25)
        #expect(maxInAnyWindow(times, seconds: 60) == 20)
        #expect(times[20] == times[0].addingTimeInterval(60))
        #expect(times[19] == start.addingTimeInterval(19))
    }

    @Test func groupLimitHoldsWithoutAPerChatInterval() async throws {
        let throttle = SendThrottle(limits: .init(perChatInterval: 0), clock: clock)
        let run = ThrottleRun(clock: clock, throttle: throttle)
        let times = try await run.send(Array(repeating: (ChatID(-100), true), count: 45), step: 5)
        #expect(maxInAnyWindow(times, seconds: 60) == 20)
        #expect(times.filter { $0 == start }.count == 20)
        #expect(times[20] == start.addingTimeInterval(60))
        #expect(times[40] == start.addingTimeInterval(120))
    }

    @Test func sendsToManyChatsNeverExceedThirtyInAnySecond() async throws {
        let run = ThrottleRun(clock: clock, throttle: SendThrottle(clock: clock))
        let times = try await run.send((1...100).map { (ChatID(Int64($0)), false) }, step: 0.25)
        #expect(times.count == 100)
        #expect(maxInAnyWindow(times, seconds: 1) == 30)
        #expect(times.last == start.addingTimeInterval(3))
    }

    /// The machine's clock set back an hour (or forward) between two sends to a chat: the second
    /// still waits one second, neither an hour nor not at all.
    @Test(arguments: [-3_600.0, 3_600.0])
    func settingTheWallClockNeitherStallsNorRushesASend(_ step: Double) async throws {
        let throttle = SendThrottle(clock: clock)
        try await throttle.acquire(chat: ChatID(1), isGroup: false)
        clock.stepWallClock(by: step)
        let granted = Task { try await throttle.acquire(chat: ChatID(1), isGroup: false) }
        while clock.sleeperCount == 0 { await Task.yield() }
        clock.advance(by: 0.999)
        #expect(clock.sleeperCount == 1)
        clock.advance(by: 0.001)
        try await granted.value
        #expect(clock.sleeperCount == 0)
    }

    @Test func chatWaitingForItsIntervalDoesNotHoldBackOtherChats() async throws {
        let throttle = SendThrottle(limits: .init(globalPerSecond: 2), clock: clock)
        try await throttle.acquire(chat: ChatID(1), isGroup: false)
        let run = ThrottleRun(clock: clock, throttle: throttle)
        // Chat 1 must wait a second; chat 2 may use the second global slot right away.
        let times = try await run.send([(ChatID(1), false), (ChatID(2), false)], step: 0.5)
        #expect(run.grants.contains { $0.chat == ChatID(2) && $0.time == start })
        #expect(run.grants.contains { $0.chat == ChatID(1) && $0.time == start.addingTimeInterval(1) })
        #expect(times.count == 2)
    }

    @Test func chatBackOffHoldsThatChatForExactlyTheGivenSeconds() async throws {
        let throttle = SendThrottle(clock: clock)
        try await throttle.acquire(chat: ChatID(1), isGroup: false)
        let run = ThrottleRun(clock: clock, throttle: throttle)
        run.start([(ChatID(1), false)])
        try await run.settle()
        // Chat 1 already holds a reservation for +1 s when the back-off arrives.
        throttle.backOff(chat: ChatID(1), seconds: 7)
        run.start([(ChatID(2), false), (ChatID(1), false)])
        try await run.advance(to: start.addingTimeInterval(6.5), step: 0.5)
        #expect(run.grants.map(\.chat) == [ChatID(2)])
        try await run.advance(to: start.addingTimeInterval(7), step: 0.5)
        try await run.advance(to: start.addingTimeInterval(8), step: 0.5)
        let chatOne = run.grants.filter { $0.chat == ChatID(1) }.map(\.time)
        #expect(chatOne == [start.addingTimeInterval(7), start.addingTimeInterval(8)])
        #expect(run.grants.first { $0.chat == ChatID(2) }?.time == start)
    }

    @Test func globalBackOffHoldsEveryChat() async throws {
        let throttle = SendThrottle(clock: clock)
        throttle.backOff(chat: nil, seconds: 5)
        let run = ThrottleRun(clock: clock, throttle: throttle)
        let times = try await run.send((1...40).map { (ChatID(Int64($0)), $0 % 2 == 0) }, step: 0.5)
        #expect(times.count == 40)
        #expect(times.first == start.addingTimeInterval(5))
        #expect(times.filter { $0 == start.addingTimeInterval(5) }.count == 30)
        #expect(maxInAnyWindow(times, seconds: 1) == 30)
    }

    @Test func shorterBackOffDoesNotShortenALongerOne() async throws {
        let throttle = SendThrottle(clock: clock)
        throttle.backOff(chat: ChatID(1), seconds: 10)
        throttle.backOff(chat: ChatID(1), seconds: 2)
        let run = ThrottleRun(clock: clock, throttle: throttle)
        let times = try await run.send([(ChatID(1), false)], step: 1)
        #expect(times == [start.addingTimeInterval(10)])
    }

    /// A server (or a proxy) answering with an absurd `retry_after`, or an absurd interval in the
    /// settings, holds the chat back for a very long time: it does not overflow the schedule.
    @Test func anAbsurdRetryAfterOrIntervalHoldsTheChatBackWithoutOverflowing() async throws {
        let throttle = SendThrottle(clock: clock)
        throttle.backOff(chat: ChatID(1), seconds: .max)
        let run = ThrottleRun(clock: clock, throttle: throttle)
        run.start([(ChatID(1), false), (ChatID(2), false)])
        try await run.advance(to: start.addingTimeInterval(86_400), step: 3_600)
        #expect(run.grants.map(\.chat) == [ChatID(2)])
        #expect(SendSchedule.microseconds(1e300) == SendSchedule.microseconds(3_155_760_000))
        let patient = SendThrottle(limits: .init(perChatInterval: 1e300), clock: clock)
        try await patient.acquire(chat: ChatID(3), isGroup: false)
    }

    @Test func cancelledWaiterThrowsAndFreesItsSlot() async throws {
        let throttle = SendThrottle(limits: .init(globalPerSecond: 2), clock: clock)
        try await throttle.acquire(chat: ChatID(1), isGroup: false)
        try await throttle.acquire(chat: ChatID(2), isGroup: false)
        let waiter = Task { try await throttle.acquire(chat: ChatID(3), isGroup: false) }
        try await waitUntil { clock.sleeperCount == 1 }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        // Had the cancelled waiter kept its slot at +1 s, only one of these would fit there.
        let run = ThrottleRun(clock: clock, throttle: throttle)
        let times = try await run.send([(ChatID(4), false), (ChatID(5), false)], step: 0.5)
        #expect(times == [start.addingTimeInterval(1), start.addingTimeInterval(1)])
    }

    @Test func cancelledWaiterDoesNotDelayItsOwnChat() async throws {
        let throttle = SendThrottle(clock: clock)
        try await throttle.acquire(chat: ChatID(1), isGroup: false)
        let waiter = Task { try await throttle.acquire(chat: ChatID(1), isGroup: false) }
        try await waitUntil { clock.sleeperCount == 1 }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        let run = ThrottleRun(clock: clock, throttle: throttle)
        let times = try await run.send([(ChatID(1), false)], step: 0.5)
        #expect(times == [start.addingTimeInterval(1)])
    }

    @Test func alreadyCancelledCallerThrowsWithoutTakingASlot() async throws {
        let throttle = SendThrottle(limits: .init(globalPerSecond: 1), clock: clock)
        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await throttle.acquire(chat: ChatID(1), isGroup: false)
        }
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        try await throttle.acquire(chat: ChatID(2), isGroup: false)
        #expect(clock.now == start)
    }

    @Test func twoThousandChatsAreServedAtThirtyPerSecond() async throws {
        let run = ThrottleRun(clock: clock, throttle: SendThrottle(clock: clock))
        let times = try await run.send((1...2_000).map { (ChatID(Int64($0)), false) }, step: 0.5)
        #expect(times.count == 2_000)
        #expect(maxInAnyWindow(times, seconds: 1) <= 30)
        let elapsed = try #require(times.last).timeIntervalSince(start) + 1
        let rate = Double(times.count) / elapsed
        #expect(rate >= 29.5 && rate <= 30)
    }

    @Test func mixedTrafficKeepsEveryLimit() async throws {
        var random = SplitMix64(seed: 7)
        let requests = (0..<600).map { _ in
            let chat = Int64.random(in: 1...40, using: &random)
            return (ChatID(chat <= 10 ? -chat : chat), chat <= 10)
        }
        let run = ThrottleRun(clock: clock, throttle: SendThrottle(clock: clock))
        _ = try await run.send(requests, step: 0.5)
        #expect(run.grants.count == 600)
        #expect(maxInAnyWindow(run.grants.map(\.time), seconds: 1) <= 30)
        for chat in Set(run.grants.map(\.chat)) {
            let times = run.grants.filter { $0.chat == chat }.map(\.time).sorted()
            for (earlier, later) in zip(times, times.dropFirst()) {
                #expect(later.timeIntervalSince(earlier) >= 1)
            }
            if chat.rawValue < 0 { #expect(maxInAnyWindow(times, seconds: 60) <= 20) }
        }
    }

    @Test(arguments: 0..<100)
    func scheduleKeepsEveryLimitUnderRandomReservationsAndReleases(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let limits = SendThrottle.Limits(
            perChatInterval: [0, 0.5, 1][seed % 3], perGroupPerMinute: 5, globalPerSecond: Int.random(in: 1...6, using: &random))
        var schedule = SendSchedule(limits: limits)
        var now: Int64 = 1_000_000_000  // µs
        var kept: [(chat: ChatID, slot: SendSchedule.Slot)] = []
        for _ in 0..<300 {
            now += [0, 0, 100_000, 250_000, 700_000, 3_000_000][Int.random(in: 0..<6, using: &random)]
            let chatNumber = Int64.random(in: 1...8, using: &random)
            let chat = ChatID(chatNumber <= 3 ? -chatNumber : chatNumber)
            switch Int.random(in: 0..<10, using: &random) {
            case 0:
                schedule.backOff(chat: Bool.random(using: &random) ? chat : nil, until: now + 2_000_000)
            case 1, 2:
                guard let index = kept.indices.filter({ kept[$0].slot.time > now }).randomElement(using: &random) else { continue }
                schedule.release(kept[index].slot, chat: kept[index].chat)
                kept.remove(at: index)
            default:
                let slot = schedule.reserve(chat: chat, isGroup: chat.rawValue < 0, now: now)
                #expect(slot.time >= now)
                kept.append((chat, slot))
            }
        }
        #expect(maxInAnyWindow(kept.map(\.slot.time), width: 1_000_000) <= limits.globalPerSecond)
        for chat in Set(kept.map(\.chat)) {
            let chatTimes = kept.filter { $0.chat == chat }.map(\.slot.time).sorted()
            for (earlier, later) in zip(chatTimes, chatTimes.dropFirst()) {
                #expect(later - earlier >= SendSchedule.microseconds(limits.perChatInterval))
            }
            if chat.rawValue < 0 {
                #expect(maxInAnyWindow(chatTimes, width: 60_000_000) <= 5)
            }
        }
    }
}

// MARK: - Helpers

/// Drives callers of a throttle on a manual clock and records when each one was let through.
final class ThrottleRun: Sendable {
    struct Grant: Sendable {
        var chat: ChatID
        var time: Date
    }

    let clock: ManualClock
    let throttle: SendThrottle
    private let state = Mutex<(grants: [Grant], started: Int, failed: Int)>(([], 0, 0))

    init(clock: ManualClock, throttle: SendThrottle) {
        self.clock = clock
        self.throttle = throttle
    }

    var grants: [Grant] { state.withLock { $0.grants } }

    /// Starts one caller per request, without waiting for them.
    func start(_ requests: [(ChatID, Bool)]) {
        state.withLock { $0.started += requests.count }
        for (chat, isGroup) in requests {
            Task {
                do {
                    try await throttle.acquire(chat: chat, isGroup: isGroup)
                    state.withLock { $0.grants.append(Grant(chat: chat, time: clock.now)) }
                } catch {
                    state.withLock { $0.failed += 1 }
                }
            }
        }
    }

    /// Waits until every started caller has either been let through or is asleep on the clock.
    func settle() async throws {
        try await waitUntil {
            let (granted, started, failed) = state.withLock { ($0.grants.count, $0.started, $0.failed) }
            return granted + failed + clock.sleeperCount == started
        }
    }

    /// Moves the clock forward in steps, letting callers react at each one.
    func advance(to date: Date, step: Double) async throws {
        try await settle()
        while clock.now < date {
            clock.set(to: min(clock.now.addingTimeInterval(step), date))
            try await settle()
        }
    }

    /// Starts the requests and advances the clock until all of them went through; returns the
    /// instants at which they did, in order.
    func send(_ requests: [(ChatID, Bool)], step: Double) async throws -> [Date] {
        let before = grants.count
        start(requests)
        try await settle()
        var steps = 0
        while grants.count < before + requests.count, steps < 100_000 {
            clock.advance(by: step)
            try await settle()
            steps += 1
        }
        return grants.dropFirst(before).map(\.time).sorted()
    }
}

struct TimedOut: Error {}

/// Waits, yielding to other tasks, until `condition` holds; fails after a generous bound (30 s of
/// real time) so that a bug shows as a failure rather than a hang.
func waitUntil(_ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(30)
    var attempt = 0
    while !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("condition not reached")
            throw TimedOut()
        }
        attempt += 1
        if attempt % 64 == 0 {
            try await Task.sleep(for: .milliseconds(1))
        } else {
            await Task.yield()
        }
    }
}

/// The most instants that fall into any half-open window `[t, t + seconds)`.
func maxInAnyWindow(_ times: [Date], seconds: Double) -> Int {
    maxInAnyWindow(times.map(\.timeIntervalSince1970), width: seconds)
}

/// The most values that fall into any half-open interval `[v, v + width)`.
func maxInAnyWindow<Value: Numeric & Comparable>(_ values: [Value], width: Value) -> Int {
    let sorted = values.sorted()
    var best = 0
    var end = 0
    for (index, time) in sorted.enumerated() {
        while end < sorted.count, sorted[end] < time + width { end += 1 }
        best = max(best, end - index)
    }
    return best
}

struct SendThrottleMarginTests {
    /// With a margin, every window of one second *plus the margin* holds at most the limit, so a
    /// request delayed on the way can never make Telegram count one too many; the rate stays above
    /// 95 % of the limit.
    @Test func marginWidensTheGlobalWindowAndKeepsTheRateAboveNinetyFivePercent() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_000_000))
        let limits = SendThrottle.Limits(globalPerSecond: 30, margin: 0.03)
        let run = ThrottleRun(clock: clock, throttle: SendThrottle(limits: limits, clock: clock))
        let times = try await run.send((1...600).map { (ChatID(Int64($0)), false) }, step: 0.005)
        #expect(times.count == 600)
        #expect(maxInAnyWindow(times, seconds: 1.029) <= 30)
        let span = try #require(times.last).timeIntervalSince(try #require(times.first)) + 1.03
        let rate = Double(times.count) / span
        #expect(rate >= 0.95 * 30 && rate <= 30)
    }
}
