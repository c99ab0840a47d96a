import ChatPlatform
import Foundation
import RoastCore

/// A chat's stored settings: language, schedule of the daily roast, and feature switches.
public struct ChatSettings: Sendable, Hashable, Codable {
    /// The timezone new chats start in.
    public static let defaultTimeZone = "Asia/Ho_Chi_Minh"
    /// The local time of the daily roast in new chats.
    public static let defaultDailyTime = "09:00"
    /// The spice ceiling of new chats.
    public static let defaultMaxSpice = SpiceLevel(clamping: 3)

    public var chatID: ChatID
    public var kind: ChatKind
    public var title: String?
    public var language: Language
    /// An IANA timezone identifier; the chat's local days and daily time are counted in it.
    public var timeZone: String
    public var maxSpice: SpiceLevel
    public var dailyEnabled: Bool
    /// `HH:mm`, local to ``timeZone``.
    public var dailyTime: String
    public var weekdaysOnly: Bool
    public var remindersEnabled: Bool
    public var bannersEnabled: Bool
    public var aiEnabled: Bool
    /// False once the bot has left or been removed from the chat.
    public var isActive: Bool
    public var createdAt: Date

    /// Settings with the defaults of a new chat; `dailyEnabled` defaults to on in groups and off elsewhere.
    public init(
        chatID: ChatID,
        kind: ChatKind,
        title: String? = nil,
        language: Language,
        timeZone: String = ChatSettings.defaultTimeZone,
        maxSpice: SpiceLevel = ChatSettings.defaultMaxSpice,
        dailyEnabled: Bool? = nil,
        dailyTime: String = ChatSettings.defaultDailyTime,
        weekdaysOnly: Bool = false,
        remindersEnabled: Bool = true,
        bannersEnabled: Bool = true,
        aiEnabled: Bool = true,
        isActive: Bool = true,
        createdAt: Date
    ) {
        self.chatID = chatID
        self.kind = kind
        self.title = title
        self.language = language
        self.timeZone = timeZone
        self.maxSpice = maxSpice
        self.dailyEnabled = dailyEnabled ?? (kind == .group || kind == .supergroup)
        self.dailyTime = dailyTime
        self.weekdaysOnly = weekdaysOnly
        self.remindersEnabled = remindersEnabled
        self.bannersEnabled = bannersEnabled
        self.aiEnabled = aiEnabled
        self.isActive = isActive
        self.createdAt = createdAt
    }
}
