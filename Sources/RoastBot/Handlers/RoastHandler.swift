import ChatPlatform
import RoastCore
import RoastStore

/// `/roast`, roast requests in free text, and 🔁: picks a roast, stores it, posts it with buttons.
///
/// Every roast passes the ``SafetyFilter`` before it is stored and sent. An AI roast prepared before
/// the transaction (``EventContext/prepared``) is used when it passes; otherwise the library answers,
/// weighted by the chat's reaction feedback. Today's mood applies when the request names none.
public struct RoastHandler: Sendable {
    /// How many of the chat's latest roasts feed ``ReactionFeedback`` (those with reactions count).
    public static let feedbackHistory = 200
    private let picker: RoastPicker
    private let safety: SafetyFilter
    private let librarySafety: LibrarySafetyCache
    /// The collections on offer; its parser knows their names (`/roast tết`).
    let collections: CollectionCatalogStore
    private var parser: RoastRequestParser { collections.snapshot.parser }

    public init(
        library: RoastLibrary, safety: SafetyFilter = SafetyFilter(), collections: CollectionCatalogStore = CollectionCatalogStore()
    ) {
        self.picker = RoastPicker(library: library)
        self.safety = safety
        self.librarySafety = LibrarySafetyCache(safety: safety)
        self.collections = collections
    }

    /// The roast request an event makes, if it makes one: `/roast`, a mention asking for a roast, or 🔁.
    /// The pipeline uses it to fetch an AI roast before the transaction.
    public func request(for event: IncomingEvent, chat: ChatID, _ tx: borrowing StoreTransaction) throws -> RoastRequest? {
        switch event {
        case .command(let name, let arguments, _):
            guard case .known(.roast, let words) = CommandInvocation(name: name, arguments: arguments) else { return nil }
            return parser.parse(words.joined(separator: " "))
        case .mention(let text, _):
            let request = parser.parse(text)
            return asksForRoast(text, request) ? request : nil
        case .buttonPress(_, let data, _):
            guard case .another(let id) = ButtonAction(payload: data), let original = try tx.roast(id), original.chatID == chat else {
                return nil
            }
            return Self.request(like: original)
        default:
            return nil
        }
    }

    /// The person's mood today, which applies when a request names none.
    public static func effectiveMood(_ request: RoastRequest, _ context: EventContext, _ tx: borrowing StoreTransaction) throws -> Mood? {
        if let mood = request.mood { return mood }
        guard let sender = context.sender else { return nil }
        return try tx.mood(chat: context.chatID, user: sender.id, on: context.localDate)
    }

    /// `/roast words…`: unknown words get a hint, but the roast still comes.
    public func command(_ arguments: [String], _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64) throws
        -> HandlerOutcome
    {
        let request = parser.parse(arguments.joined(separator: " "))
        return try roast(request, hintUnknownWords: true, context, tx, &random)
    }

    /// Free text addressed to the bot.
    public func mention(_ text: String, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64) throws
        -> HandlerOutcome
    {
        let request = parser.parse(text)
        guard asksForRoast(text, request) else {
            return HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: context.words.mentionHint)))])
        }
        return try roast(request, hintUnknownWords: false, context, tx, &random)
    }

    /// 🔁 on an earlier roast: same category, spice and mood.
    public func another(like original: StoredRoast, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64)
        throws -> HandlerOutcome
    {
        let request = Self.request(like: original)
        var outcome = try roast(request, hintUnknownWords: false, context, tx, &random)
        outcome.notice = context.words.anotherComing
        return outcome
    }

    func roast(
        _ asked: RoastRequest, hintUnknownWords: Bool, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64
    ) throws -> HandlerOutcome {
        var request = asked
        request.mood = try Self.effectiveMood(asked, context, tx)
        if let outcome = try collectionRoast(request, context, tx, &random) { return outcome }
        let words = context.words
        let roast: NewRoast
        if let prepared = context.prepared, isUsable(prepared, context) {
            roast = NewRoast(
                chatID: context.chatID, requester: context.sender?.id, kind: .requested, source: .ai, text: prepared.text,
                language: context.language, category: prepared.category, spice: prepared.spice, mood: request.mood,
                collection: request.collection, createdAt: context.envelope.date)
        } else if let choice = try pickFromLibrary(request, context, tx, &random) {
            roast = NewRoast(
                chatID: context.chatID, requester: context.sender?.id, kind: .requested, source: .library,
                libraryID: choice.roast.id, text: choice.roast.text, language: context.language, category: choice.roast.category,
                spice: choice.roast.spice, mood: request.mood, collection: request.collection,
                createdAt: context.envelope.date)
        } else {
            return HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: words.noRoastAvailable)))])
        }
        let id = try tx.insertRoast(roast)
        guard let stored = try tx.roast(id) else { return .nothing }
        var replies: [Reply] = []
        if hintUnknownWords, !asked.unrecognized.isEmpty {
            replies.append(.send(OutgoingMessage(text: RichText(plain: words.unknownRoastWords(asked.unrecognized)))))
        }
        if let asked = request.spice, asked > context.chat.maxSpice {
            replies.append(.send(OutgoingMessage(text: RichText(plain: words.spiceCapped(to: context.chat.maxSpice)))))
        }
        let view = RoastView(roast: stored, counts: [:], requesterName: context.sender?.displayName, requesterID: context.sender?.id)
        replies.append(.send(view.message, anchor: id))
        return HandlerOutcome(replies: replies)
    }

    // MARK: - Helpers

    /// A library roast weighted by the chat's reaction feedback, leaving out any the safety filter
    /// rejects (an operator may block terms the shipped library uses).
    private func pickFromLibrary(
        _ request: RoastRequest, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64
    ) throws -> RoastPicker.Choice? {
        let served = try context.sender.map { try tx.libraryIDsServed(chat: context.chatID, user: $0.id) } ?? []
        let feedback = ReactionFeedback(recent: try tx.ratedRoasts(chat: context.chatID, limit: Self.feedbackHistory))
        let premiumUnlocked = try context.premiumUnlocked(tx)
        let weight = feedback.weights(in: picker.library)
        // Only the drawn roast is checked (a cached verdict); a rejected one is left out of the next draw.
        var rejected: Set<String> = []
        for _ in 0..<8 {
            guard
                let choice = picker.pick(
                    request, language: context.language, maxSpice: context.chat.maxSpice, premiumUnlocked: premiumUnlocked,
                    served: served, ordinalWeight: weight, categoryWeights: feedback.categoryWeights,
                    allowed: rejected.isEmpty ? nil : { !rejected.contains($0.id) }, using: &random)
            else { return nil }
            if librarySafety.allows(choice.roast) { return choice }
            rejected.insert(choice.roast.id)
        }
        return nil
    }

    /// Whether an AI roast prepared before the transaction may be sent: it passes the safety filter
    /// (again, with this chat's limits) and respects the chat's spice cap.
    func isUsable(_ prepared: PreparedRoast, _ context: EventContext) -> Bool {
        safety.check(prepared.text).isAllowed && prepared.spice <= context.chat.maxSpice
    }

    private func asksForRoast(_ text: String, _ request: RoastRequest) -> Bool {
        let asks = TextNormalization.matchKey(text).split(separator: " ").contains { $0 == "roast" || $0 == "nuong" }
        return asks || request.category != nil || request.spice != nil || request.mood != nil || request.collection != nil
    }

    private static func request(like original: StoredRoast) -> RoastRequest {
        RoastRequest(category: original.category, spice: original.spice, mood: original.mood, collection: original.collection)
    }
}
