import ChatPlatform
import Foundation
import RoastCore

/// A kind of post the scheduler makes at most once per chat and local day.
public enum ScheduledPostKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// The Roast of the Day.
    case daily
    /// The evening streak reminder.
    case reminder
}

/// How a claimed scheduled post ended; any claim keeps the day from being posted again.
public enum ScheduledPostOutcome: String, Sendable, Hashable, Codable, CaseIterable {
    /// Posted (queued in the outbox in the claiming transaction).
    case posted
    /// Missed by more than the late window; not posted.
    case skipped
    /// Evaluated and nothing was worth posting (e.g. nobody's streak was at risk).
    case nothing
}

/// A claim row: the proof that a chat's post of one kind for one local day was decided.
public struct ScheduledPostClaim: Sendable, Hashable, Codable {
    public var chatID: ChatID
    public var localDate: LocalDate
    public var kind: ScheduledPostKind
    public var outcome: ScheduledPostOutcome
    public var roastID: RoastID?
    public var claimedAt: Date
}
