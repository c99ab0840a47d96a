import ChatPlatform
import Foundation
import RoastCore
import RoastStore

/// Everything a handler may read about the event it handles; built by ``UpdateProcessor`` inside
/// the event's transaction.
public struct EventContext: Sendable {
    public let envelope: IncomingEnvelope
    /// What the platform the event came from is like.
    public let platform: PlatformProfile
    public let chat: ChatSettings
    /// The sender's profile in this chat, when the event has a human sender.
    public let profile: Profile?
    /// The calendar day of the event in the chat's timezone (streaks and seasons count these).
    public let localDate: LocalDate
    /// When the bot processed the event (may be later than `envelope.date`).
    public let processedAt: Date
    /// Every command of the bot (for `/help`).
    public let menu: CommandMenu
    /// An AI roast fetched for this event before its transaction, if the event asks for a roast and
    /// the chat uses AI (see ``RoastPreparer``).
    public var prepared: PreparedRoast? = nil
    /// Whether the sender is an admin of the chat, when the event needed to know (see ``AdminCheck``).
    public var senderIsAdmin: Bool? = nil

    public var language: Language { chat.language }
    public var words: Phrasebook { Phrasebook(chat.language) }
    public var sender: Person? { envelope.sender }
    public var chatID: ChatID { chat.chatID }
    public var timeZone: TimeZone { chat.zone }

    /// Whether an answer to this event can be shown to its sender alone, in place (a Discord
    /// ephemeral answer to the interaction the event is).
    public var answersPrivatelyInPlace: Bool { platform.interactions.privateAnswers && envelope.interaction != nil }

    /// The words of an answer shown to the sender alone, in place (``answersPrivatelyInPlace``: a Discord ephemeral
    /// answer, a notice included): in the sender's own language when the platform tells it (a Discord member's
    /// `locale`), whatever the chat's; else the chat's (a Telegram toast speaks the group's language, as before).
    public var privateWords: Phrasebook {
        guard answersPrivatelyInPlace, let own = Language(languageTag: sender?.languageCode) else { return words }
        return Phrasebook(own)
    }
}

/// Defaults that apply before a chat has chosen otherwise.
public enum BotDefaults {
    public static let language = Language.vi
    /// Vietnam's zone, which new chats start in.
    public static let timeZone = ChatSettings.zone(named: ChatSettings.defaultTimeZone)

    /// The language a chat starts with: the person's own in a private chat; in a group, the one the
    /// group prefers when the platform says (a Discord server's locale), else the language of whoever
    /// added the bot (the event that creates it is the bot's arrival); else Vietnamese.
    public static func language(for envelope: IncomingEnvelope) -> Language {
        if envelope.chat.kind != .privateChat, let preferred = Language(languageTag: envelope.chat.languageCode) { return preferred }
        return switch (envelope.chat.kind, envelope.event) {
        case (.privateChat, _), (_, .botMembership(.member)), (_, .botMembership(.administrator)):
            Language(languageTag: envelope.sender?.languageCode) ?? language
        default:
            language
        }
    }
}
