import ChatPlatform
import Foundation
import RoastCore
import RoastStore

/// `/streak`, `/remind on|off` and the 🧊 restore button.
public struct StreakHandler: Sendable {
    public let engine: StreakEngine

    public init(rules: StreakRules = .standard) { self.engine = StreakEngine(rules: rules) }

    public func show(_ context: EventContext, _ tx: borrowing StoreTransaction) throws -> HandlerOutcome {
        guard let profile = context.profile else { return .nothing }
        let standing = StreakStanding(
            profile: profile, streak: try tx.streak(chat: profile.chatID, user: profile.userID) ?? .fresh(engine.rules),
            remindersOn: try tx.remindersOn(chat: profile.chatID, user: profile.userID))
        // "Now" is when the command is answered; a simulated clock (console) may put the event
        // itself later, and the answer must not describe a day before the event's own.
        let now = max(context.processedAt, context.envelope.date)
        let today = max(context.localDate, LocalDate(now, in: context.timeZone))
        let view = StreakView(
            standing: standing, today: today, now: now, timeZone: context.timeZone, language: context.language, rules: engine.rules)
        return HandlerOutcome(replies: [.send(view.message)])
    }

    /// `/remind on`, `/remind off` (also `bật`/`tắt`); anything else shows the state and usage.
    public func remind(_ arguments: [String], _ context: EventContext, _ tx: borrowing StoreTransaction) throws -> HandlerOutcome {
        guard let profile = context.profile else { return .nothing }
        let words = context.words
        let choice = arguments.first.map { TextNormalization.matchKey($0) }
        let text: String
        switch choice {
        case "on", "bat":
            try tx.setReminders(chat: profile.chatID, user: profile.userID, true)
            text = words.remindersTurnedOn
        case "off", "tat":
            try tx.setReminders(chat: profile.chatID, user: profile.userID, false)
            text = words.remindersTurnedOff
        default:
            text = words.remindUsage(currentlyOn: try tx.remindersOn(chat: profile.chatID, user: profile.userID))
        }
        return HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: text)))])
    }

    /// 🧊 pressed on a freeze offer: only its owner may use it, and only while the offer stands.
    public func restore(owner: UserID, message: MessageID?, _ context: EventContext, _ tx: borrowing StoreTransaction) throws
        -> HandlerOutcome
    {
        let words = context.words
        guard let profile = context.profile, profile.userID == owner else { return HandlerOutcome(notice: words.freezeNotYours) }
        let state = try tx.streak(chat: profile.chatID, user: profile.userID) ?? .fresh(engine.rules)
        guard let update = engine.restore(state, on: context.localDate) else {
            let closed = message.map { [Reply.edit($0, OutgoingMessage(text: RichText(plain: words.freezeOfferClosed)))] } ?? []
            return HandlerOutcome(replies: closed, notice: words.freezeNothingToRestore)
        }
        try tx.saveStreak(update.state, chat: profile.chatID, user: profile.userID)
        var text = RichText()
        text.append(.plain("🧊 "))
        text.append(.mention(profile.userID, name: profile.displayName))
        text.append(.plain(words.freezeUsed(restoredTo: update.state.current)))
        var replies: [Reply] = []
        if let message {
            replies.append(.edit(message, OutgoingMessage(text: text)))
        } else {
            replies.append(.send(OutgoingMessage(text: text)))
        }
        let celebration = CelebrationView(
            user: profile.userID, name: profile.displayName, milestones: update.milestones, refilled: false, badges: [],
            language: context.language)
        if let message = celebration.message { replies.append(.send(message)) }
        return HandlerOutcome(replies: replies, notice: words.freezeRestoredNotice)
    }
}
