import ChatPlatform
import Foundation
import RoastCore
import RoastStore

/// Everything a handler may read about the event it handles; built by ``UpdateProcessor`` inside
/// the event's transaction.
public struct EventContext: Sendable {
    public let envelope: IncomingEnvelope
    public let chat: ChatSettings
    /// The sender's profile in this chat, when the event has a human sender.
    public let profile: Profile?
    /// The calendar day of the event in the chat's timezone (streaks count these).
    public let localDate: LocalDate
    /// When the bot processed the event (may be later than `envelope.date`).
    public let processedAt: Date
    /// An AI roast fetched for this event before its transaction, if the event asks for a roast and
    /// the chat uses AI (see ``RoastPreparer``).
    public var prepared: PreparedRoast? = nil
    /// Whether the sender is an admin of the chat, when the event needed to know (see ``AdminCheck``).
    public var senderIsAdmin: Bool? = nil

    public var language: Language { chat.language }
    public var words: Phrasebook { Phrasebook(chat.language) }
    public var sender: Person? { envelope.sender }
    public var chatID: ChatID { chat.chatID }
    public var timeZone: TimeZone { TimeZone(identifier: chat.timeZone) ?? BotDefaults.timeZone }
}

/// Defaults that apply before a chat has chosen otherwise.
public enum BotDefaults {
    public static let timeZoneName = "Asia/Ho_Chi_Minh"
    /// Vietnam's zone; without a timezone database, the same fixed UTC+7 (Vietnam has no DST).
    public static let timeZone = TimeZone(identifier: timeZoneName) ?? TimeZone(secondsFromGMT: 7 * 3600)!
    public static let language = Language.vi

    /// The language a chat starts with: the user's own in a private chat, else Vietnamese.
    public static func language(for envelope: IncomingEnvelope) -> Language {
        guard envelope.chat.kind == .privateChat else { return language }
        return Language(languageTag: envelope.sender?.languageCode) ?? language
    }
}
