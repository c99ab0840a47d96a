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

/// The streak store's answer: people with reminders on (`/remind on`) whose last counted day was
/// yesterday and whose streak is at least 2 days, so it breaks tonight unless they show up.
public struct StoredStreakRisk: StreakRiskSource {
    public init() {}

    public func membersAtRisk(in chat: ChatID, on date: LocalDate, _ tx: borrowing StoreTransaction) throws -> [StreakRisk] {
        try tx.reminderCandidates(chat: chat, today: date).filter { $0.streak.current >= 2 }.map { standing in
            StreakRisk(userID: standing.userID, displayName: standing.profile.displayName, streak: standing.streak.current)
        }
    }
}
