import ChatPlatform
import RoastCore

/// A person's profile together with their streak state and reminder choice in one chat.
public struct StreakStanding: Sendable, Hashable {
    public var profile: Profile
    /// ``StreakState/fresh(_:)`` for someone whose streak was never recorded.
    public var streak: StreakState
    /// Whether the person asked for streak reminders (`/remind on`); off until they do.
    public var remindersOn: Bool

    public init(profile: Profile, streak: StreakState, remindersOn: Bool) {
        self.profile = profile
        self.streak = streak
        self.remindersOn = remindersOn
    }

    public var userID: UserID { profile.userID }
}
