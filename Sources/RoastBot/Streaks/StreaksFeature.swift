import ChatPlatform
import Foundation
import RoastCore
import RoastStore

/// `/streak`, `/remind on|off` and the 🧊 restore button.
public struct StreaksFeature: Feature {
    public enum Action: Sendable, Hashable {
        case show
        /// `/remind` with its first word, if any.
        case remind(String?)
        /// 🧊 pressed on a freeze offer for `owner`'s streak.
        case restore(owner: UserID, message: MessageID?)
    }

    /// The 🧊 button: restores `owner`'s broken streak (their button: the router lets only their press through).
    public struct ButtonAction: Sendable, Hashable {
        public var owner: UserID

        public init(restoring owner: UserID) { self.owner = owner }

        public var payload: String { CallbackPayload("z", for: owner).encoded }

        public init?(_ payload: CallbackPayload) {
            guard payload.tag == "z", payload.fields.isEmpty, let owner = payload.owner else { return nil }
            self.owner = owner
        }
    }

    public let commands = [
        CommandSpec(
            "streak", vi: "chuỗi_ngày", summary: LocalizedText(vi: "Chuỗi ngày của bạn trong nhóm này", en: "Your streak in this chat"),
            personal: true),
        CommandSpec(
            "remind", vi: "nhắc_chuỗi", usage: LocalizedText(vi: "/remind on|off", en: "/remind on|off"),
            summary: LocalizedText(vi: "Bật/tắt nhắc giữ chuỗi", en: "Turn your streak reminders on or off"),
            options: [
                .choice(
                    "reminders", vi: "nhắc", LocalizedText(vi: "Nhắc", en: "Reminders"),
                    [("on", LocalizedText(vi: "Bật", en: "On")), ("off", LocalizedText(vi: "Tắt", en: "Off"))])
            ], personal: true),
    ]
    public let buttonTags = ["z"]
    public let engine: StreakEngine

    public init(rules: StreakRules = .standard) { self.engine = StreakEngine(rules: rules) }

    public func decode(_ input: FeatureInput) -> Action? {
        switch input {
        case .command("streak", _): .show
        case .command(_, let arguments): .remind(arguments.first)
        case .button(let payload, let message): ButtonAction(payload).map { .restore(owner: $0.owner, message: message) }
        case .event, .startLink: nil
        }
    }

    public func handle(_ action: Action, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64) throws
        -> HandlerOutcome
    {
        switch action {
        case .show: try show(context, tx)
        case .remind(let choice): try remind(choice, context, tx)
        case .restore(let owner, let message): try restore(owner: owner, message: message, context, tx)
        }
    }

    private func show(_ context: EventContext, _ tx: borrowing StoreTransaction) throws -> HandlerOutcome {
        guard let profile = context.profile else { return .nothing }
        let standing = StreakStanding(
            profile: profile, streak: try tx.streak(chat: profile.chatID, user: profile.userID) ?? .fresh(engine.rules),
            remindersOn: try tx.remindersOn(chat: profile.chatID, user: profile.userID))
        // "Now" is when the command is answered; a simulated clock (console) may put the event
        // itself later, and the answer must not describe a day before the event's own.
        let now = max(context.processedAt, context.envelope.date)
        let today = max(context.localDate, LocalDate(now, in: context.timeZone))
        let view = StreakView(
            standing: standing, today: today, now: now, timeZone: context.timeZone, language: context.language, rules: engine.rules,
            chatRemindersOn: context.chat.remindersEnabled)
        return HandlerOutcome(replies: [.send(view.message)])
    }

    /// `/remind on`, `/remind off` (also `bật`/`tắt`); anything else shows the state and usage.
    private func remind(_ word: String?, _ context: EventContext, _ tx: borrowing StoreTransaction) throws -> HandlerOutcome {
        guard let profile = context.profile else { return .nothing }
        let words = context.words
        let choice = word.map { TextNormalization.matchKey($0) }
        let text: String
        switch choice {
        case "on", "bat":
            try tx.setReminders(chat: profile.chatID, user: profile.userID, true)
            text = words.remindersTurnedOn + (context.chat.remindersEnabled ? "" : "\n" + words.remindersOffInChat)
        case "off", "tat":
            try tx.setReminders(chat: profile.chatID, user: profile.userID, false)
            text = words.remindersTurnedOff
        default:
            text = words.remindUsage(currentlyOn: try tx.remindersOn(chat: profile.chatID, user: profile.userID))
        }
        return HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: text)))])
    }

    /// 🧊 pressed on a freeze offer by its owner (the router lets no one else's press through): it
    /// works while the offer stands.
    private func restore(owner: UserID, message: MessageID?, _ context: EventContext, _ tx: borrowing StoreTransaction) throws
        -> HandlerOutcome
    {
        let words = context.words
        guard let profile = context.profile else { return HandlerOutcome(notice: context.privateWords.staleButton) }
        let state = try tx.streak(chat: profile.chatID, user: profile.userID) ?? .fresh(engine.rules)
        // Judged at the press: its day is the chat's local day when it arrived.
        guard let update = engine.restore(state, on: context.localDate) else {
            let closed = message.map { [Reply.edit($0, OutgoingMessage(text: RichText(plain: words.freezeOfferClosed)))] } ?? []
            return HandlerOutcome(replies: closed, notice: context.privateWords.freezeNothingToRestore)
        }
        try tx.saveStreak(update.state, chat: profile.chatID, user: profile.userID)
        // The heatmap shows the bridged day as frozen, inside the restored streak.
        for day in update.frozenDays { try tx.recordFrozenDay(day, chat: profile.chatID, user: profile.userID) }
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
        return HandlerOutcome(replies: replies, notice: context.privateWords.freezeRestoredNotice)
    }
}
