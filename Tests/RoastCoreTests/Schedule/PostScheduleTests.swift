import Foundation
import RoastCore
import Testing

/// Due-decisions of the Roast of the Day and the streak reminder, at fixed instants.
struct PostScheduleTests {
    static let saigon = TimeZone(identifier: "Asia/Ho_Chi_Minh")!
    static let newYork = TimeZone(identifier: "America/New_York")!
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let nine = PostSchedule(time: LocalTime(hour: 9))

    static func instant(_ iso: String) -> Date { ISO8601DateFormatter().date(from: iso)! }

    @Test func postsAtTheLocalTimeAndNotBefore() {
        let before = Self.nine.decide(now: Self.instant("2026-02-10T08:59:00+07:00"), in: Self.saigon) { _ in false }
        #expect(before == .wait(until: Self.instant("2026-02-10T09:00:00+07:00")))
        let at = Self.nine.decide(now: Self.instant("2026-02-10T09:00:00+07:00"), in: Self.saigon) { _ in false }
        #expect(at == .post(LocalDate(year: 2026, month: 2, day: 10), lateBy: 0))
    }

    @Test func aClaimedDayWaitsForTomorrow() {
        let today = LocalDate(year: 2026, month: 2, day: 10)
        let decision = Self.nine.decide(now: Self.instant("2026-02-10T09:00:30+07:00"), in: Self.saigon) { $0 == today }
        #expect(decision == .wait(until: Self.instant("2026-02-11T09:00:00+07:00")))
    }

    @Test(arguments: [
        ("2026-02-10T11:59:00+07:00", true),  // 2 h 59 min late: still posted
        ("2026-02-10T12:00:00+07:00", false),  // exactly at the window's end: skipped
        ("2026-02-10T20:00:00+07:00", false),
    ])
    func lateWithinTheWindowPostsElseSkips(now: String, posts: Bool) {
        let date = LocalDate(year: 2026, month: 2, day: 10)
        let decision = Self.nine.decide(now: Self.instant(now), in: Self.saigon) { _ in false }
        let late = Self.instant(now).timeIntervalSince(Self.instant("2026-02-10T09:00:00+07:00"))
        #expect(decision == (posts ? .post(date, lateBy: late) : .skip(date, lateBy: late)))
    }

    @Test func aLateWindowReachesPastMidnight() {
        let schedule = PostSchedule(time: LocalTime(hour: 23), lateWindow: 3 * 3600)
        let decision = schedule.decide(now: Self.instant("2026-02-11T01:00:00+07:00"), in: Self.saigon) { _ in false }
        #expect(decision == .post(LocalDate(year: 2026, month: 2, day: 10), lateBy: 7200))
    }

    @Test func occurrencesBeforeTheChatExistedAreIgnored() {
        let created = Self.instant("2026-02-10T09:30:00+07:00")
        let decision = Self.nine.decide(now: Self.instant("2026-02-10T09:31:00+07:00"), in: Self.saigon, notBefore: created) { _ in false }
        #expect(decision == .wait(until: Self.instant("2026-02-11T09:00:00+07:00")))
    }

    @Test func weekdaysOnlySkipsTheWeekendSilently() {
        let schedule = PostSchedule(time: LocalTime(hour: 9), weekdaysOnly: true)
        // Saturday 2026-02-14, 10:00: no post, no skip; next is Monday the 16th.
        let decision = schedule.decide(now: Self.instant("2026-02-14T10:00:00+07:00"), in: Self.saigon) { _ in false }
        #expect(decision == .wait(until: Self.instant("2026-02-16T09:00:00+07:00")))
        let friday = schedule.decide(now: Self.instant("2026-02-13T09:05:00+07:00"), in: Self.saigon) { _ in false }
        #expect(friday == .post(LocalDate(year: 2026, month: 2, day: 13), lateBy: 300))
    }

    @Test func newYorkSpringForwardKeepsNineOClockLocal() {
        // 2026-03-08: clocks go 02:00 EST → 03:00 EDT. 09:00 local is 13:00Z that day, 14:00Z the day before.
        let saturday = Self.nine.nextOccurrence(after: Self.instant("2026-03-07T12:00:00Z"), in: Self.newYork)
        #expect(saturday == Self.instant("2026-03-07T14:00:00Z"))
        let sunday = Self.nine.nextOccurrence(after: Self.instant("2026-03-07T15:00:00Z"), in: Self.newYork)
        #expect(sunday == Self.instant("2026-03-08T13:00:00Z"))
        let due = Self.nine.decide(now: Self.instant("2026-03-08T13:00:00Z"), in: Self.newYork) { _ in false }
        #expect(due == .post(LocalDate(year: 2026, month: 3, day: 8), lateBy: 0))
    }

    @Test func newYorkFallBackKeepsNineOClockLocal() {
        // 2026-11-01: clocks go 02:00 EDT → 01:00 EST. 09:00 local is 14:00Z that day.
        let sunday = Self.nine.nextOccurrence(after: Self.instant("2026-10-31T14:00:00Z"), in: Self.newYork)
        #expect(sunday == Self.instant("2026-11-01T14:00:00Z"))
    }

    @Test func aTimeInsideTheSpringGapMovesForwardAndARepeatedTimeTakesTheFirst() {
        let gap = LocalTime(hour: 2, minute: 30).instant(on: LocalDate(year: 2026, month: 3, day: 8), in: Self.newYork)
        #expect(gap == Self.instant("2026-03-08T07:30:00Z"))  // 03:30 EDT
        let twice = LocalTime(hour: 1, minute: 30).instant(on: LocalDate(year: 2026, month: 11, day: 1), in: Self.newYork)
        #expect(twice == Self.instant("2026-11-01T05:30:00Z"))  // the first 01:30, still EDT
    }

    @Test func theSameInstantIsADifferentLocalDayInEachZone() {
        let now = Self.instant("2026-03-08T08:30:00Z")
        #expect(
            Self.nine.decide(now: now, in: Self.berlin) { _ in false } == .post(LocalDate(year: 2026, month: 3, day: 8), lateBy: 30 * 60))
        #expect(Self.nine.decide(now: now, in: Self.newYork) { _ in false } == .wait(until: Self.instant("2026-03-08T13:00:00Z")))
        // Saigon: 15:30 local, 6 h 30 late → skipped.
        #expect(
            Self.nine.decide(now: now, in: Self.saigon) { _ in false } == .skip(LocalDate(year: 2026, month: 3, day: 8), lateBy: 6.5 * 3600)
        )
    }

    @Test(arguments: [("09:00", 9, 0), ("7:05", 7, 5), ("23:59", 23, 59)])
    func localTimesParse(text: String, hour: Int, minute: Int) {
        #expect(LocalTime(text) == LocalTime(hour: hour, minute: minute))
    }

    @Test(arguments: ["24:00", "9", "09:60", "ab:cd", "", "09:5"])
    func malformedLocalTimesAreRejected(text: String) {
        #expect(LocalTime(text) == nil)
    }
}
