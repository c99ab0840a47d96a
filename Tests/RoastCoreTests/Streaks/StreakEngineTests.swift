import Foundation
import RoastCore
import Testing

struct StreakEngineTests {
    let engine = StreakEngine()

    static func day(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

    func replay(_ days: [String], from start: StreakState = .fresh()) -> StreakState {
        days.reduce(start) { engine.record($0, activityOn: Self.day($1)).state }
    }

    struct Sequence: Sendable, CustomTestStringConvertible {
        var name: String
        var days: [String]
        var current: Int
        var longest: Int
        var total: Int
        var testDescription: String { name }
    }

    @Test(arguments: [
        Sequence(name: "across a year end", days: ["2024-12-30", "2024-12-31", "2025-01-01"], current: 3, longest: 3, total: 3),
        Sequence(name: "across a leap day", days: ["2024-02-28", "2024-02-29", "2024-03-01"], current: 3, longest: 3, total: 3),
        Sequence(name: "across a month end", days: ["2025-02-27", "2025-02-28", "2025-03-01"], current: 3, longest: 3, total: 3),
        Sequence(name: "a missed day restarts at one", days: ["2025-01-30", "2025-01-31", "2025-02-02"], current: 1, longest: 2, total: 3),
        Sequence(name: "same day twice counts once", days: ["2025-05-01", "2025-05-01", "2025-05-02"], current: 2, longest: 2, total: 2),
        Sequence(
            name: "an older day after a timezone change is ignored", days: ["2025-05-01", "2025-05-02", "2025-05-01", "2025-05-03"],
            current: 3, longest: 3, total: 3),
        Sequence(name: "a long absence restarts", days: ["2025-01-01", "2025-01-02", "2025-06-01"], current: 1, longest: 2, total: 3),
        Sequence(
            name: "longest survives a break", days: ["2025-03-01", "2025-03-02", "2025-03-03", "2025-03-05", "2025-03-06"], current: 2,
            longest: 3, total: 5),
    ])
    func sequencesCountConsecutiveLocalDays(_ sequence: Sequence) {
        let state = replay(sequence.days)
        #expect(state.current == sequence.current)
        #expect(state.longest == sequence.longest)
        #expect(state.totalDays == sequence.total)
        #expect(state.lastActive == sequence.days.map(Self.day).max())
    }

    @Test func missedDayShowsZeroUntilTheNextActivity() {
        let state = replay(["2025-04-01", "2025-04-02"])
        #expect(state.current(on: Self.day("2025-04-02")) == 2)
        #expect(state.current(on: Self.day("2025-04-03")) == 2)
        #expect(state.current(on: Self.day("2025-04-04")) == 0)
        #expect(replay(["2025-04-04"], from: state).current == 1)
    }

    @Test func firstActivityStartsAtOneAndRepeatsChangeNothing() {
        let first = engine.record(.fresh(), activityOn: Self.day("2025-01-01"))
        #expect(first.change == .started)
        #expect(first.state.current == 1)
        let again = engine.record(first.state, activityOn: Self.day("2025-01-01"))
        #expect(again.change == .alreadyCounted)
        #expect(again.state == first.state)
        #expect(again.milestones.isEmpty)
    }

    /// An update dated 23:59 on Monday (UTC+7) processed after midnight counts for Monday, and
    /// Tuesday's activity then extends the streak.
    @Test func lateUpdateCountsForItsOwnDay() throws {
        let zone = try #require(TimeZone(secondsFromGMT: 7 * 3600))
        let monday = Self.day("2025-06-02")
        let sent = monday.start(in: zone).addingTimeInterval(86_400 - 60)
        let sunday = replay(["2025-06-01"])
        let late = engine.record(sunday, activityOn: LocalDate(sent, in: zone))
        #expect(late.change == .extended)
        #expect(late.state.lastActive == monday)
        let tuesday = engine.record(late.state, activityOn: LocalDate(sent.addingTimeInterval(120), in: zone))
        #expect(tuesday.state.current == 3)
    }

    /// The chat moves from UTC+7 to UTC-5 right after a counted activity: the next activity falls on
    /// the previous local day, which must neither count again nor break the streak.
    @Test func timezoneChangeMidStreakNeverDoubleCountsOrBreaks() throws {
        let east = try #require(TimeZone(secondsFromGMT: 7 * 3600))
        let west = try #require(TimeZone(secondsFromGMT: -5 * 3600))
        let instant = Self.day("2025-06-10").start(in: east).addingTimeInterval(3 * 3600)  // 03:00 on the 10th in UTC+7
        let before = replay(["2025-06-08", "2025-06-09"])
        let counted = engine.record(before, activityOn: LocalDate(instant, in: east)).state
        #expect(counted.current == 3)
        let afterChange = LocalDate(instant.addingTimeInterval(3600), in: west)
        #expect(afterChange == Self.day("2025-06-09"))
        let ignored = engine.record(counted, activityOn: afterChange)
        #expect(ignored.change == .alreadyCounted)
        #expect(ignored.state == counted)
        let nextDay = engine.record(counted, activityOn: Self.day("2025-06-11"))
        #expect(nextDay.state.current == 4)
        #expect(nextDay.state.totalDays == 4)
    }

    @Test func milestonesAreReachedOnceEachWithTheirRewards() {
        var state = StreakState.fresh()
        var reached: [StreakMilestone] = []
        for offset in 0..<31 {
            let update = engine.record(state, activityOn: Self.day("2025-01-01").adding(days: offset))
            reached += update.milestones
            state = update.state
        }
        #expect(reached.map(\.days) == [3, 7, 14, 30])
        #expect(reached.allSatisfy { $0.firstTime })
        #expect(reached[0].rewards == [.title(.consistentRoaster)])
        #expect(reached[1].rewards == [.premiumPool])
        #expect(reached[2].rewards.isEmpty)
        #expect(reached[3].rewards == [.title(.roastMaster), .flame])
        #expect(state.hasFlame())
        #expect(state.premiumUnlocked())
    }

    @Test func reachingAMilestoneAgainIsCelebratedWithoutRewards() {
        let broken = replay(["2025-01-01", "2025-01-02", "2025-01-03", "2025-01-10", "2025-01-11"])
        let again = engine.record(broken, activityOn: Self.day("2025-01-12"))
        #expect(again.milestones == [StreakMilestone(days: 3, firstTime: false, rewards: [])])
    }

    @Test func premiumStaysUnlockedAfterTheStreakBreaks() {
        let week = replay((0..<7).map { Self.day("2025-01-01").adding(days: $0).iso })
        #expect(week.premiumUnlocked())
        let broken = replay(["2025-02-01"], from: week)
        #expect(broken.current == 1)
        #expect(broken.premiumUnlocked())
        #expect(!replay(["2025-01-01", "2025-01-02"]).premiumUnlocked())
    }

    // MARK: Freeze

    func streak(of length: Int, endingOn last: String) -> StreakState {
        replay((0..<length).map { Self.day(last).adding(days: $0 - length + 1).iso })
    }

    struct Break: Sendable, CustomTestStringConvertible {
        var length: Int
        var offered: Bool
        var testDescription: String { "\(length)-day streak breaks" }
    }

    @Test(arguments: [Break(length: 6, offered: false), Break(length: 7, offered: true), Break(length: 40, offered: true)])
    func freezeIsOfferedWhenAStreakOfSevenOrMoreBreaks(_ case: Break) {
        let state = streak(of: `case`.length, endingOn: "2025-03-10")
        let update = engine.record(state, activityOn: Self.day("2025-03-12"))
        #expect(update.change == .restarted(brokenLength: `case`.length))
        #expect((update.newOffer != nil) == `case`.offered)
        #expect(update.state.current == 1)
    }

    @Test func offerIsMadeOnceAndRestoreJoinsTheRuns() throws {
        let broken = engine.record(streak(of: 9, endingOn: "2025-03-10"), activityOn: Self.day("2025-03-12"))
        let offer = try #require(broken.newOffer)
        #expect(offer == FreezeOffer(brokenLength: 9, restartedOn: Self.day("2025-03-12")))
        let nextDay = engine.record(broken.state, activityOn: Self.day("2025-03-13"))
        #expect(nextDay.newOffer == nil)
        #expect(nextDay.state.offer == offer)

        let restored = try #require(engine.restore(nextDay.state, on: Self.day("2025-03-13")))
        #expect(restored.state.current == 11)
        #expect(restored.state.longest == 11)
        #expect(restored.state.totalDays == 11)
        #expect(restored.state.freezes == 0)
        #expect(restored.state.offer == nil)
        #expect(restored.change == .restored(to: 11))
        #expect(restored.milestones.isEmpty)
        #expect(engine.restore(restored.state, on: Self.day("2025-03-13")) == nil)
    }

    @Test func restoreCelebratesOnlyMilestonesBeyondTheBrokenStreak() throws {
        let broken = engine.record(streak(of: 12, endingOn: "2025-03-10"), activityOn: Self.day("2025-03-12"))
        let run = replay(["2025-03-13"], from: broken.state)
        let restored = try #require(engine.restore(run, on: Self.day("2025-03-13")))
        #expect(restored.state.current == 14)
        #expect(restored.milestones.map(\.days) == [14])
    }

    /// A freeze bridges one missed day: the offer comes only to someone back the day after the single
    /// day they missed; a longer absence is not bridged, whatever the streak.
    struct Absence: Sendable, CustomTestStringConvertible {
        var missedDays: Int
        var offered: Bool
        var testDescription: String { "\(missedDays) missed day(s)" }
    }

    @Test(arguments: [
        Absence(missedDays: 1, offered: true), Absence(missedDays: 2, offered: false), Absence(missedDays: 3, offered: false),
        Absence(missedDays: 40, offered: false),
    ])
    func aFreezeIsOfferedOnlyAfterASingleMissedDay(_ absence: Absence) {
        for length in [7, 8, 30] {
            let back = Self.day("2025-03-10").adding(days: absence.missedDays + 1)
            let update = engine.record(streak(of: length, endingOn: "2025-03-10"), activityOn: back)
            #expect(update.change == .restarted(brokenLength: length))
            #expect((update.newOffer != nil) == absence.offered, "\(length) days")
            #expect((engine.restore(update.state, on: back) != nil) == absence.offered, "\(length) days")
        }
    }

    /// Judged at the press, by its day in the chat: the day the offer was made or the next, while the
    /// new run is unbroken — never later, however few hours passed.
    @Test(arguments: [(0, true), (1, true), (2, false), (5, false)])
    func theOfferIsGoodTheDayItIsMadeAndTheNext(_ daysLater: Int, _ valid: Bool) throws {
        let broken = engine.record(streak(of: 9, endingOn: "2025-03-10"), activityOn: Self.day("2025-03-12"))
        let pressDay = Self.day("2025-03-12").adding(days: daysLater)
        // Active every day up to the press, so only the offer's days decide.
        let run = replay((0...daysLater).map { Self.day("2025-03-12").adding(days: $0).iso }, from: broken.state)
        let restored = engine.restore(run, on: pressDay)
        #expect((restored != nil) == valid)
        if valid { #expect(restored?.state.current == 9 + daysLater + 1) }
    }

    /// The restore names the bridged day, so that the heatmap can show it frozen inside the streak.
    @Test func aRestoreNamesTheFrozenDay() throws {
        let broken = engine.record(streak(of: 8, endingOn: "2025-03-10"), activityOn: Self.day("2025-03-12"))
        let restored = try #require(engine.restore(broken.state, on: Self.day("2025-03-12")))
        #expect(restored.frozenDays == [Self.day("2025-03-11")])
        #expect(restored.state.current == 9)
        #expect(restored.state.lastActive == Self.day("2025-03-12"))
    }

    @Test func offerExpiresWhenTheNewRunBreaksToo() {
        let broken = engine.record(streak(of: 8, endingOn: "2025-03-10"), activityOn: Self.day("2025-03-12")).state
        #expect(engine.restore(broken, on: Self.day("2025-03-14")) == nil)
        let again = engine.record(broken, activityOn: Self.day("2025-03-14"))
        #expect(again.state.offer == nil)
        #expect(again.newOffer == nil)
    }

    @Test func withoutAFreezeNoOfferIsMade() throws {
        let first = engine.record(streak(of: 7, endingOn: "2025-03-10"), activityOn: Self.day("2025-03-12"))
        let spent = try #require(engine.restore(first.state, on: Self.day("2025-03-12"))).state
        #expect(spent.freezes == 0)
        let continued = replay((1...6).map { Self.day("2025-03-12").adding(days: $0).iso }, from: spent)
        // One missed day (2025-03-19), back on the 20th: no freeze left to offer.
        let second = engine.record(continued, activityOn: Self.day("2025-03-20"))
        #expect(second.change == .restarted(brokenLength: 14))
        #expect(second.newOffer == nil)
    }

    @Test func aSpentFreezeRefillsAfterThirtyActiveDaysAndOnlyOneIsHeld() throws {
        let first = engine.record(streak(of: 7, endingOn: "2025-03-10"), activityOn: Self.day("2025-03-12"))
        var state = try #require(engine.restore(first.state, on: Self.day("2025-03-12"))).state
        var refills: [Int] = []
        for offset in 1...70 {
            let update = engine.record(state, activityOn: Self.day("2025-03-12").adding(days: offset))
            if update.refilled { refills.append(offset) }
            state = update.state
        }
        #expect(refills == [30])
        #expect(state.freezes == 1)
        #expect(state.daysTowardFreeze == 0)
    }

    @Test func mergingTwoChatsJoinsTouchingRunsAndCountsSharedDaysOnce() {
        let old = streak(of: 10, endingOn: "2025-05-10")
        let merged = StreakState.merged(replay(["2025-05-11"]), old)
        #expect(merged.lastActive == Self.day("2025-05-11"))
        #expect(merged.current == 11)
        #expect(merged.longest == 11)
        #expect(merged.totalDays == 11)
        let sameDay = StreakState.merged(streak(of: 4, endingOn: "2025-05-10"), replay(["2025-05-10"]))
        #expect(sameDay.current == 4)
        #expect(sameDay.totalDays == 4)
        let apart = StreakState.merged(old, replay(["2025-05-20"]))
        #expect(apart.current == 1)
        #expect(apart.longest == 10)
        #expect(apart.totalDays == 11)
        #expect(StreakState.merged(.fresh(), old) == old)
    }
}
