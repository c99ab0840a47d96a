import ChatPlatform
import Foundation
import RoastCore

/// A chat's stored settings: language, schedule of the daily roast, and feature switches.
public struct ChatSettings: Sendable, Hashable {
    /// The timezone new chats start in.
    public static let defaultTimeZone = "Asia/Ho_Chi_Minh"
    /// The local time of the daily roast in new chats.
    public static let defaultDailyTime = "09:00"
    /// The spice ceiling of new groups: a roast lands on everyone there.
    public static let defaultMaxSpice = SpiceLevel(clamping: 3)

    /// The spice ceiling a new chat of `kind` starts with: in a private chat the person decides for
    /// themselves (every level, so the Premium pool and every badge are within reach); groups start milder.
    public static func defaultMaxSpice(for kind: ChatKind) -> SpiceLevel {
        kind == .privateChat ? .hottest : defaultMaxSpice
    }

    public var chatID: ChatID
    public var kind: ChatKind
    public var title: String?
    public var language: Language
    /// An IANA timezone identifier; the chat's local days and daily time are counted in it.
    public var timeZone: String {
        didSet { zone = Self.zone(named: timeZone) }
    }
    /// ``timeZone`` decoded, once per settings value: the zone local days are counted in.
    public private(set) var zone: TimeZone
    public var maxSpice: SpiceLevel
    public var dailyEnabled: Bool
    /// `HH:mm`, local to ``timeZone``.
    public var dailyTime: String
    public var weekdaysOnly: Bool
    /// The categories the Roast of the Day is drawn from; empty: every category.
    public var dailyCategories: Set<RoastCategory>
    public var remindersEnabled: Bool
    public var bannersEnabled: Bool
    public var aiEnabled: Bool
    /// The topic scheduled posts (Roast of the Day, reminders, banners) go to; nil: the chat's main
    /// thread (a forum's General topic), or where the bot was last asked something (``lastTopic``) in
    /// a chat without one.
    public var postTopic: TopicID?
    /// The topic of the chat where someone last asked the bot something (nil: its main thread).
    public var lastTopic: TopicID?
    /// False once the bot has left or been removed from the chat.
    public var isActive: Bool
    public var createdAt: Date

    /// Settings with the defaults of a new chat; `dailyEnabled` defaults to on in groups and off
    /// elsewhere, `maxSpice` to ``defaultMaxSpice(for:)``.
    public init(
        chatID: ChatID,
        kind: ChatKind,
        title: String? = nil,
        language: Language,
        timeZone: String = ChatSettings.defaultTimeZone,
        maxSpice: SpiceLevel? = nil,
        dailyEnabled: Bool? = nil,
        dailyTime: String = ChatSettings.defaultDailyTime,
        weekdaysOnly: Bool = false,
        dailyCategories: Set<RoastCategory> = [],
        remindersEnabled: Bool = true,
        bannersEnabled: Bool = true,
        aiEnabled: Bool = true,
        postTopic: TopicID? = nil,
        lastTopic: TopicID? = nil,
        isActive: Bool = true,
        createdAt: Date
    ) {
        self.chatID = chatID
        self.kind = kind
        self.title = title
        self.language = language
        self.timeZone = timeZone
        self.zone = Self.zone(named: timeZone)
        self.maxSpice = maxSpice ?? Self.defaultMaxSpice(for: kind)
        self.dailyEnabled = dailyEnabled ?? (kind == .group || kind == .supergroup)
        self.dailyTime = dailyTime
        self.weekdaysOnly = weekdaysOnly
        self.dailyCategories = dailyCategories
        self.remindersEnabled = remindersEnabled
        self.bannersEnabled = bannersEnabled
        self.aiEnabled = aiEnabled
        self.postTopic = postTopic
        self.lastTopic = lastTopic
        self.isActive = isActive
        self.createdAt = createdAt
    }

    /// The zone named `identifier`; Vietnam's fixed UTC+7 when this system's time-zone database does
    /// not know the name (Vietnam has no daylight saving time).
    public static func zone(named identifier: String) -> TimeZone {
        TimeZone(identifier: identifier) ?? TimeZone(identifier: defaultTimeZone) ?? TimeZone(secondsFromGMT: 7 * 3600)!
    }
}

extension ChatSettings: Codable {
    private enum CodingKeys: String, CodingKey {
        case chatID, kind, title, language, timeZone, maxSpice, dailyEnabled, dailyTime, weekdaysOnly, remindersEnabled, bannersEnabled
        case aiEnabled, postTopic, lastTopic, isActive, createdAt, dailyCategories
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            chatID: try container.decode(ChatID.self, forKey: .chatID), kind: try container.decode(ChatKind.self, forKey: .kind),
            title: try container.decodeIfPresent(String.self, forKey: .title),
            language: try container.decode(Language.self, forKey: .language),
            timeZone: try container.decode(String.self, forKey: .timeZone),
            maxSpice: try container.decode(SpiceLevel.self, forKey: .maxSpice),
            dailyEnabled: try container.decode(Bool.self, forKey: .dailyEnabled),
            dailyTime: try container.decode(String.self, forKey: .dailyTime),
            weekdaysOnly: try container.decode(Bool.self, forKey: .weekdaysOnly),
            dailyCategories: try container.decodeIfPresent(Set<RoastCategory>.self, forKey: .dailyCategories) ?? [],
            remindersEnabled: try container.decode(Bool.self, forKey: .remindersEnabled),
            bannersEnabled: try container.decode(Bool.self, forKey: .bannersEnabled),
            aiEnabled: try container.decode(Bool.self, forKey: .aiEnabled),
            postTopic: try container.decodeIfPresent(TopicID.self, forKey: .postTopic),
            lastTopic: try container.decodeIfPresent(TopicID.self, forKey: .lastTopic),
            isActive: try container.decode(Bool.self, forKey: .isActive), createdAt: try container.decode(Date.self, forKey: .createdAt))
    }
}
