import Foundation
import RoastCore

extension EventContext {
    /// The chat's local date that decides which collections are on offer for this event.
    ///
    /// The platform's timestamp of the user's action, except for button presses: Telegram sends
    /// none for those (the envelope carries the date of the message the button is on, possibly
    /// posted weeks ago), so a press counts at the moment the bot processes it.
    var seasonDate: LocalDate {
        guard case .buttonPress = envelope.event else { return localDate }
        return LocalDate(processedAt, in: timeZone)
    }
}
