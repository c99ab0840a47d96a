import ChatPlatform
import RoastCore
import RoastStore

/// One person whose streak would break tonight.
public struct StreakRisk: Sendable, Hashable {
    public var userID: UserID
    public var displayName: String
    /// Their current streak in days (≥ 2).
    public var streak: Int

    public init(userID: UserID, displayName: String, streak: Int) {
        self.userID = userID
        self.displayName = displayName
        self.streak = streak
    }
}

/// Tells the reminder who to mention: the people in a chat with reminders on (`/remind`) whose
/// streak of at least 2 days breaks unless they are active on the given local day.
///
/// The streak feature implements this over its own tables; the scheduler only asks.
public protocol StreakRiskSource: Sendable {
    func membersAtRisk(in chat: ChatID, on date: LocalDate, _ tx: borrowing StoreTransaction) throws -> [StreakRisk]
}

/// The source used until the streak feature provides one: nobody is ever at risk, so no reminder
/// is posted.
// LEAD: after merging the `streaks` branch, replace this with an adapter over its streak store
// (streak ≥ 2, last active day == date − 1, reminders on) and pass it to `BotRuntime(streakRisk:)`.
public struct NoStreakRisk: StreakRiskSource {
    public init() {}

    public func membersAtRisk(in chat: ChatID, on date: LocalDate, _ tx: borrowing StoreTransaction) throws -> [StreakRisk] { [] }
}
