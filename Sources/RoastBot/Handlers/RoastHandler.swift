import ChatPlatform
import RoastCore
import RoastStore

/// `/roast`, roast requests in free text, and 🔁: picks a roast, stores it, posts it with buttons.
public struct RoastHandler: Sendable {
    private let picker: RoastPicker
    /// The collections on offer; its parser knows their names (`/roast tết`).
    let collections: CollectionCatalogStore
    private var parser: RoastRequestParser { collections.snapshot.parser }

    public init(library: RoastLibrary, collections: CollectionCatalogStore = CollectionCatalogStore()) {
        self.picker = RoastPicker(library: library)
        self.collections = collections
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
        let asksForRoast = TextNormalization.matchKey(text).split(separator: " ").contains { $0 == "roast" || $0 == "nuong" }
        guard asksForRoast || request.category != nil || request.spice != nil || request.mood != nil || request.collection != nil else {
            return HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: context.words.mentionHint)))])
        }
        return try roast(request, hintUnknownWords: false, context, tx, &random)
    }

    /// 🔁 on an earlier roast: same category, spice and mood.
    public func another(like original: StoredRoast, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64)
        throws -> HandlerOutcome
    {
        let request = RoastRequest(category: original.category, spice: original.spice, mood: original.mood, collection: original.collection)
        var outcome = try roast(request, hintUnknownWords: false, context, tx, &random)
        outcome.notice = context.words.anotherComing
        return outcome
    }

    func roast(
        _ request: RoastRequest, hintUnknownWords: Bool, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64
    ) throws -> HandlerOutcome {
        if let outcome = try collectionRoast(request, context, tx, &random) { return outcome }
        let words = context.words
        let served = try context.sender.map { try tx.libraryIDsServed(chat: context.chatID, user: $0.id) } ?? []
        guard
            let choice = picker.pick(
                request, language: context.language, maxSpice: context.chat.maxSpice, premiumUnlocked: false,
                served: served, using: &random)
        else {
            return HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: words.noRoastAvailable)))])
        }
        let roast = NewRoast(
            chatID: context.chatID, requester: context.sender?.id, kind: .requested, source: .library,
            libraryID: choice.roast.id, text: choice.roast.text, language: context.language, category: choice.roast.category,
            spice: choice.roast.spice, mood: request.mood, collection: request.collection,
            createdAt: context.envelope.date)
        let id = try tx.insertRoast(roast)
        guard let stored = try tx.roast(id) else { return .nothing }
        var replies: [Reply] = []
        if hintUnknownWords, !request.unrecognized.isEmpty {
            replies.append(.send(OutgoingMessage(text: RichText(plain: words.unknownRoastWords(request.unrecognized)))))
        }
        if let asked = request.spice, asked > context.chat.maxSpice {
            replies.append(.send(OutgoingMessage(text: RichText(plain: words.spiceCapped(to: context.chat.maxSpice)))))
        }
        let view = RoastView(roast: stored, counts: [:], requesterName: context.sender?.displayName, requesterID: context.sender?.id)
        replies.append(.send(view.message, anchor: id))
        return HandlerOutcome(replies: replies)
    }
}
