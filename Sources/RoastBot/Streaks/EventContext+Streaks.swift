import RoastCore
import RoastStore

extension EventContext {
    /// Whether the sender may get Premium roasts: a 7-day streak reached once unlocks them for good
    /// (the moment the *Week Warrior* badge is earned; REQ-STR-008).
    public func premiumUnlocked(_ tx: borrowing StoreTransaction, rules: StreakRules = .standard) throws -> Bool {
        guard let sender else { return false }
        return try tx.streak(chat: chatID, user: sender.id)?.premiumUnlocked(rules) ?? false
    }
}
