import ChatPlatform
import RoastCore
import RoastStore

/// `/mood` and the mood buttons (REQ-MOD): each person's mood for the chat's current local day.
/// Today's mood applies to their roasts that name no mood, and is stored with each roast.
public struct MoodHandler: Sendable {
    private let parser: RoastRequestParser

    /// Words that clear the mood, compared on their match keys.
    static let offWords: Set<String> = ["off", "none", "clear", "reset", "normal", "tat", "binh thuong", "xoa", "khong"]

    public init(parser: RoastRequestParser = RoastRequestParser()) {
        self.parser = parser
    }

    /// `/mood` alone shows buttons; `/mood tired`, `/mood mệt`, `/mood off` set or clear it.
    public func command(_ arguments: [String], _ context: EventContext, _ tx: borrowing StoreTransaction) throws -> HandlerOutcome {
        let words = context.words
        guard let sender = context.sender, context.profile != nil else { return .nothing }
        let text = arguments.joined(separator: " ")
        guard !text.isEmpty else {
            let current = try tx.mood(chat: context.chatID, user: sender.id, on: context.localDate)
            let message = OutgoingMessage(
                text: RichText(plain: words.moodQuestion + "\n" + words.moodCurrent(current)), buttons: Self.keyboard(words))
            return HandlerOutcome(replies: [.send(message)])
        }
        if Self.offWords.contains(TextNormalization.matchKey(text)) {
            try tx.setMood(nil, chat: context.chatID, user: sender.id, on: context.localDate, at: context.envelope.date)
            return HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: words.moodCleared)))])
        }
        guard let mood = parser.parse(text).mood else {
            return HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: words.moodUnknown(String(text.prefix(32))))))])
        }
        try tx.setMood(mood, chat: context.chatID, user: sender.id, on: context.localDate, at: context.envelope.date)
        return HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: words.moodSet(mood))))])
    }

    /// A mood button: sets the presser's own mood; the notice confirms it.
    public func press(_ mood: Mood?, _ context: EventContext, _ tx: borrowing StoreTransaction) throws -> HandlerOutcome {
        guard let sender = context.sender, context.profile != nil else { return HandlerOutcome(notice: context.words.staleButton) }
        try tx.setMood(mood, chat: context.chatID, user: sender.id, on: context.localDate, at: context.envelope.date)
        return HandlerOutcome(notice: mood.map(context.words.moodSet) ?? context.words.moodCleared)
    }

    /// Five moods on two rows, then “off”.
    static func keyboard(_ words: Phrasebook) -> [[Button]] {
        let buttons = Mood.allCases.map { Button("\($0.emoji) \($0.name(in: words.language))", data: ButtonAction.setMood($0).payload) }
        return [
            Array(buttons.prefix(3)), Array(buttons.dropFirst(3)) + [Button(words.moodOffLabel, data: ButtonAction.setMood(nil).payload)],
        ]
    }
}
