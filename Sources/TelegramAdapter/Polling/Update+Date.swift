import Foundation
import TelegramBotAPI

extension Update {
    /// When the update happened, by Telegram's own date; nil for kinds Telegram does not date
    /// (button presses, inline queries) and for what could not be decoded.
    var date: Date? {
        let seconds: Int64? =
            switch kind {
            case .message(let message), .editedMessage(let message): message.date
            case .messageReaction(let reaction): reaction.date
            case .messageReactionCount(let count): count.date
            case .myChatMember(let change), .chatMember(let change): change.date
            case .callbackQuery, .inlineQuery, .chosenInlineResult, .unsupported: nil
            }
        return seconds.map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }

    /// Seconds from the newest dated update in `updates` to `now` (0 when none is dated).
    static func lag(of updates: [Update], at now: Date) -> Double {
        guard let newest = updates.compactMap(\.date).max() else { return 0 }
        return max(0, now.timeIntervalSince(newest))
    }
}
