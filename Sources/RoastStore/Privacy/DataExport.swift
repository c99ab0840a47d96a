import ChatPlatform
import Foundation
import RoastCore

/// Everything stored about one person in one chat, as `/export` sends it.
public struct UserDataExport: Sendable, Hashable, Codable {
    public struct Roast: Sendable, Hashable, Codable {
        public var id: Int64
        public var kind: String
        public var text: String
        public var category: String
        public var spice: Int
        public var mood: String?
        public var createdAt: Date
    }

    public struct Reaction: Sendable, Hashable, Codable {
        public var roastID: Int64
        public var kind: String
        public var via: String
        public var reactedAt: Date
    }

    public var chatID: Int64
    public var userID: Int64
    public var profile: Profile?
    public var roasts: [Roast]
    public var reactions: [Reaction]
    /// Ids of the roasts this person starred.
    public var favorites: [Int64]
    public var shares: Int
    /// Streak state, with the freeze and the last counted day.
    public var streak: StreakState?
    public var remindersOn: Bool
    /// Badges earned here, with the local day of each unlock.
    public var badges: [Badge]
    /// The moods set here, by local day.
    public var moods: [Mood]
    /// The collection picked for the next roasts, if any.
    public var chosenCollection: String?
    /// The days this person was active here (their streak heatmap), oldest first.
    public var activeDays: [String] = []
    /// The card template and format picked here, if any.
    public var cardChoice: CardChoice?
    /// The share cards this person asked for first here (the photos Telegram stores for them).
    public var cards: [Card] = []

    public struct Card: Sendable, Hashable, Codable {
        public var roastID: Int64
        public var template: String
        public var format: String
    }

    public struct Badge: Sendable, Hashable, Codable {
        public var id: String
        public var unlockedOn: String
    }

    public struct Mood: Sendable, Hashable, Codable {
        public var date: String
        public var mood: String
    }
}

/// A chat's settings and aggregate data, as `/export chat` sends it to an admin. Contains other
/// members' display names and counts, never their reactions one by one.
public struct ChatDataExport: Sendable, Hashable, Codable {
    public var settings: ChatSettings
    /// Whether the operator configured an AI provider (the bot says; nil when unknown): without one,
    /// `settings.aiEnabled` is false whatever the chat chose.
    public var aiConfigured: Bool?
    public var members: [Profile]
    public var roastCount: Int
    public var scheduledPosts: [ScheduledPostClaim]
}
