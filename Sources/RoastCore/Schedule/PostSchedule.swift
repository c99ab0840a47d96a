import Foundation

/// When a chat's recurring post happens: a local time of day, optionally on weekdays only, with a
/// bounded window in which a missed post still goes out late.
///
/// Decisions are pure functions of the instant, the chat's timezone, and which local days were
/// already claimed (posted or skipped), so the scheduler can re-evaluate as often as it likes.
public struct PostSchedule: Sendable, Hashable {
    /// The default late window of the Roast of the Day.
    public static let defaultLateWindow: TimeInterval = 3 * 3600

    public var time: LocalTime
    public var weekdaysOnly: Bool
    /// How long after its scheduled instant a missed post may still be posted.
    public var lateWindow: TimeInterval

    public init(time: LocalTime, weekdaysOnly: Bool = false, lateWindow: TimeInterval = PostSchedule.defaultLateWindow) {
        self.time = time
        self.weekdaysOnly = weekdaysOnly
        self.lateWindow = max(lateWindow, 0)
    }

    /// The decision at `now`.
    ///
    /// - Parameters:
    ///   - timeZone: the chat's timezone (local days and the time of day are counted in it).
    ///   - notBefore: occurrences scheduled before this instant are ignored entirely (e.g. the chat
    ///     did not exist yet, so a missed post is neither posted late nor reported as skipped).
    ///   - isClaimed: whether the post of a local day was already claimed (posted or skipped).
    public func decide(now: Date, in timeZone: TimeZone, notBefore: Date = .distantPast, isClaimed: (LocalDate) -> Bool)
        -> ScheduleDecision
    {
        let today = LocalDate(now, in: timeZone)
        // Yesterday first: a late window can reach past midnight (e.g. a 23:00 post). A day before
        // today is only ever posted late, never reported: its skip was today's news yesterday.
        for date in [today.adding(days: -1), today] where runs(on: date) {
            let scheduled = time.instant(on: date, in: timeZone)
            guard scheduled <= now, scheduled >= notBefore, !isClaimed(date) else { continue }
            let late = now.timeIntervalSince(scheduled)
            if late < lateWindow { return .post(date, lateBy: late) }
            if date == today { return .skip(date, lateBy: late) }
        }
        return .wait(until: nextOccurrence(after: now, in: timeZone, isClaimed: isClaimed))
    }

    /// Whether the post happens at all on `date` (weekdays only: Monday to Friday).
    public func runs(on date: LocalDate) -> Bool {
        !weekdaysOnly || date.isoWeekday <= 5
    }

    /// The first scheduled instant after `now` whose day is not claimed yet.
    public func nextOccurrence(after now: Date, in timeZone: TimeZone, isClaimed: (LocalDate) -> Bool = { _ in false }) -> Date {
        let today = LocalDate(now, in: timeZone)
        for offset in 0...8 {
            let date = today.adding(days: offset)
            guard runs(on: date), !isClaimed(date) else { continue }
            let scheduled = time.instant(on: date, in: timeZone)
            if scheduled > now { return scheduled }
        }
        return now.addingTimeInterval(86_400)
    }
}
