import ChatPlatform
import RoastCore
import RoastStore

/// `/mood` and the mood buttons: each person's mood for the chat's current local day. Today's mood
/// applies to their roasts that name no mood, and is stored with each roast.
public struct MoodsFeature: Feature {
    public enum Action: Sendable, Hashable {
        /// `/mood` alone: the question with buttons.
        case ask
        /// `/mood tired`, a mood button; nil clears it (`/mood off`).
        case set(Mood?, pressed: Bool)
        /// `/mood` with words that name no mood (the first 32 characters).
        case unknown(String)
    }

    /// A mood button's payload; nil clears the mood.
    public struct ButtonAction: Sendable, Hashable {
        public var mood: Mood?

        public init(_ mood: Mood?) { self.mood = mood }

        public var payload: String { CallbackPayload("md", mood?.rawValue ?? "off").encoded }

        public init?(_ payload: CallbackPayload) {
            guard payload.tag == "md", payload.fields.count == 1 else { return nil }
            let field = payload.fields[0]
            guard field == "off" || Mood(rawValue: field) != nil else { return nil }
            self.mood = Mood(rawValue: field)
        }
    }

    /// Words that clear the mood, compared on their match keys.
    static let offWords: Set<String> = ["off", "none", "clear", "reset", "normal", "tat", "binh thuong", "xoa", "khong"]

    public let commands = [
        CommandSpec(
            "mood", vi: "tâm_trạng",
            usage: LocalizedText(
                vi: "/mood [stressed|frustrated|bored|tired|annoyed|off]", en: "/mood [stressed|frustrated|bored|tired|annoyed|off]"),
            summary: LocalizedText(vi: "Chọn tâm trạng hôm nay", en: "Set your mood for today"), options: [.mood], personal: true)
    ]
    public let buttonTags = ["md"]

    private let parser: RoastRequestParser

    public init(parser: RoastRequestParser = RoastRequestParser()) {
        self.parser = parser
    }

    public func decode(_ input: FeatureInput) -> Action? {
        switch input {
        case .command(_, let arguments):
            let text = arguments.joined(separator: " ")
            guard !text.isEmpty else { return .ask }
            if Self.offWords.contains(TextNormalization.matchKey(text)) { return .set(nil, pressed: false) }
            guard let mood = parser.parse(text).mood else { return .unknown(String(text.prefix(32))) }
            return .set(mood, pressed: false)
        case .button(let payload, _):
            return ButtonAction(payload).map { .set($0.mood, pressed: true) }
        case .event, .startLink:
            return nil
        }
    }

    public func handle(_ action: Action, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64) throws
        -> HandlerOutcome
    {
        let words = context.words
        guard let sender = context.sender, context.profile != nil else {
            if case .set(_, pressed: true) = action { return HandlerOutcome(notice: context.privateWords.staleButton) }
            return .nothing
        }
        switch action {
        case .ask:
            let current = try tx.mood(chat: context.chatID, user: sender.id, on: context.localDate)
            let message = OutgoingMessage(
                text: RichText(plain: words.moodQuestion + "\n" + words.moodCurrent(current)), buttons: Self.keyboard(words))
            return HandlerOutcome(replies: [.send(message)])
        case .unknown(let text):
            return Self.text(words.moodUnknown(text))
        case .set(let mood, let pressed):
            try tx.setMood(mood, chat: context.chatID, user: sender.id, on: context.localDate, at: context.envelope.date)
            // A press is answered to the presser alone (in their language where the platform says); a command in the chat.
            let answer = pressed ? context.privateWords : words
            let said = mood.map(answer.moodSet) ?? answer.moodCleared
            return pressed ? HandlerOutcome(notice: said) : Self.text(said)
        }
    }

    /// Five moods on two rows, then “off”.
    static func keyboard(_ words: Phrasebook) -> [[Button]] {
        let buttons = Mood.allCases.map { Button("\($0.emoji) \($0.name(in: words.language))", data: ButtonAction($0).payload) }
        return [Array(buttons.prefix(3)), Array(buttons.dropFirst(3)) + [Button(words.moodOffLabel, data: ButtonAction(nil).payload)]]
    }

    private static func text(_ text: String) -> HandlerOutcome {
        HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: text)))])
    }
}
