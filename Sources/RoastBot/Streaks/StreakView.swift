import ChatPlatform
import Foundation
import RoastCore
import RoastStore

/// Renders `/streak`: current, longest and total days, title and flame, freeze, next milestone,
/// time left today in the chat's timezone, Premium and reminder state, and a button for the
/// presser's streak calendar (the heatmap picture).
public struct StreakView: Sendable {
    public let standing: StreakStanding
    public let today: LocalDate
    /// When the command was processed (the time left today is counted from here).
    public let now: Date
    public let timeZone: TimeZone
    public let language: Language
    public let rules: StreakRules
    /// Whether the chat's reminder post is on (`/settings`): a person's reminder only works then.
    public let chatRemindersOn: Bool

    public init(
        standing: StreakStanding, today: LocalDate, now: Date, timeZone: TimeZone, language: Language, rules: StreakRules = .standard,
        chatRemindersOn: Bool = true
    ) {
        self.chatRemindersOn = chatRemindersOn
        self.standing = standing
        self.today = today
        self.now = now
        self.timeZone = timeZone
        self.language = language
        self.rules = rules
    }

    public var message: OutgoingMessage {
        let words = Phrasebook(language)
        let streak = standing.streak
        let current = streak.current(on: today)
        var text = RichText()
        text.append(.bold(words.streakHeader(standing.profile.displayName) + (streak.hasFlame(rules) ? " 🔥" : "")))
        var lines = [words.streakCurrent(current), words.streakLongest(streak.longest), words.streakTotal(streak.totalDays)]
        if let title = rules.title(longest: streak.longest) { lines.append(words.titleLine(title)) }
        if streak.freezes > 0 {
            lines.append(words.freezeHeld(streak.freezes))
        } else {
            lines.append(words.freezeRefillIn(max(1, rules.activeDaysPerFreeze - streak.daysTowardFreeze)))
        }
        if let next = rules.nextMilestone(after: current) {
            lines.append(words.nextMilestone(next, left: next - current))
        } else {
            lines.append(words.allMilestonesReached)
        }
        let left = Self.timeLeft(in: today, from: now, timeZone: timeZone)
        lines.append(words.hoursLeftToday(hours: left / 3600, minutes: left % 3600 / 60, counted: streak.isCounted(today)))
        lines.append(words.premiumState(streak.premiumUnlocked(rules), days: rules.premiumDays))
        lines.append(words.reminderState(standing.remindersOn))
        if standing.remindersOn, !chatRemindersOn { lines.append(words.remindersOffInChat) }
        text.append(.plain("\n" + lines.joined(separator: "\n")))
        // A freeze offer is made once, in its own message (see ``CelebrationView/freezeOffer``).
        return OutgoingMessage(text: text, buttons: [[Button(words.heatmapButton, data: CardsFeature.ButtonAction.heatmap.payload)]])
    }

    /// Whole seconds from `now` to the end of `day` in `timeZone` (0 when already past).
    static func timeLeft(in day: LocalDate, from now: Date, timeZone: TimeZone) -> Int {
        let midnight = day.adding(days: 1).start(in: timeZone)
        return max(0, Int(midnight.timeIntervalSince(now)))
    }
}
