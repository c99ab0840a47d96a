import Foundation

/// What a scheduled post (the daily roast, a streak reminder) should do at some instant.
public enum ScheduleDecision: Sendable, Hashable {
    /// Post now for local day `date`; `lateBy` is how long after its scheduled instant (0 when on time).
    case post(LocalDate, lateBy: TimeInterval)
    /// The post for `date` was missed by more than the late window (the bot was down): record it as
    /// skipped and log it, never post it.
    case skip(LocalDate, lateBy: TimeInterval)
    /// Nothing to do before `until`.
    case wait(until: Date)
}
