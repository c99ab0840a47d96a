import ChatPlatform
import RoastCore
import RoastStore

/// `/roast`, roast requests in text addressed to the bot, 🔁 and a collection's "try it" button:
/// chooses a roast with the ``RoastSelector``, stores it and posts it with its buttons.
public struct RoastsFeature: Feature {
    public enum Action: Sendable, Hashable {
        /// `/roast words…` (or a collection's button): unknown words get a hint, the roast still comes.
        case command(RoastRequest)
        /// Text addressed to the bot that asks for a roast.
        case mention(RoastRequest)
        /// Text addressed to the bot that asks for nothing it understands.
        case mentionHint
        /// 🔁 on an earlier roast: another with the same category, spice and mood.
        case another(RoastID)
    }

    /// This feature's buttons.
    public enum ButtonAction: Sendable, Hashable {
        /// 🔁 another roast like this one.
        case another(RoastID)
        /// A roast from a collection right now (the seasonal banner's button).
        case tryCollection(String)

        public var payload: String {
            switch self {
            case .another(let id): CallbackPayload("a", String(id.rawValue)).encoded
            case .tryCollection(let id): CallbackPayload("tc", id).encoded
            }
        }

        public init?(_ payload: CallbackPayload) {
            switch (payload.tag, payload.fields.count) {
            case ("a", 1):
                guard let id = RoastID(payloadField: payload.fields[0]) else { return nil }
                self = .another(id)
            case ("tc", 1):
                guard CollectionCatalog.isValidID(payload.fields[0]) else { return nil }
                self = .tryCollection(payload.fields[0])
            default:
                return nil
            }
        }
    }

    public let commands = [
        CommandSpec(
            "roast", vi: "khịa",
            usage: LocalizedText(
                vi: "/roast [chủ đề] [1-5] [tâm trạng] [bộ sưu tập]", en: "/roast [category] [1-5] [mood] [collection]"),
            summary: LocalizedText(vi: "Nhận một câu roast công sở vui vẻ", en: "Get a light-hearted workplace roast"),
            options: [
                .category, .spice, .mood,
                .words("collection", vi: "bộ_sưu_tập", LocalizedText(vi: "Bộ sưu tập (vd. tết)", en: "Collection (e.g. tết)")),
            ])
    ]
    public let buttonTags = ["a", "tc"]

    private let selector: RoastSelector
    /// The collections on offer; its parser knows their names (`/roast tết`).
    private let collections: CollectionCatalogStore
    private var parser: RoastRequestParser { collections.snapshot.parser }

    public init(selector: RoastSelector, collections: CollectionCatalogStore) {
        self.selector = selector
        self.collections = collections
    }

    /// The request `words` make (the collections' names included).
    func request(words: [String]) -> RoastRequest {
        parser.parse(words.joined(separator: " "))
    }

    public func decode(_ input: FeatureInput) -> Action? {
        switch input {
        case .command(_, let arguments):
            return .command(request(words: arguments))
        case .button(let payload, _):
            switch ButtonAction(payload) {
            case .another(let id): return .another(id)
            case .tryCollection(let id): return .command(parser.parse(id))
            case nil: return nil
            }
        case .event(.mention(let text, _)):
            let request = parser.parse(text)
            return Self.asksForRoast(text, request) ? .mention(request) : .mentionHint
        case .event, .startLink:
            return nil
        }
    }

    public func needs(of action: Action) -> ActionNeeds {
        switch action {
        case .command(let request), .mention(let request): ActionNeeds(roast: .request(request))
        case .another(let id): ActionNeeds(roast: .like(id))
        case .mentionHint: ActionNeeds()
        }
    }

    public func handle(_ action: Action, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64) throws
        -> HandlerOutcome
    {
        switch action {
        case .command(let request):
            return try serve(request, hintUnknownWords: true, context, tx, &random)
        case .mention(let request):
            return try serve(request, hintUnknownWords: false, context, tx, &random)
        case .mentionHint:
            return HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: context.words.mentionHint)))])
        case .another(let id):
            guard let original = try tx.roast(id), original.chatID == context.chatID else {
                return HandlerOutcome(notice: context.privateWords.staleButton)
            }
            var outcome = try serve(RoastAudience.request(like: original), hintUnknownWords: false, context, tx, &random)
            outcome.notice = context.privateWords.anotherComing
            return outcome
        }
    }

    /// Chooses a roast for the sender, stores it and returns its message: the roast with its buttons
    /// and, under it, what the choice needs saying (a collection not on offer, unknown words, the
    /// spice cap) — one message, not one per note.
    func serve(
        _ asked: RoastRequest, hintUnknownWords: Bool, _ context: EventContext, _ tx: borrowing StoreTransaction,
        _ random: inout SplitMix64
    ) throws -> HandlerOutcome {
        let words = context.words
        var notes: [String] = []
        // "thường", "off": back to regular roasts, for this one and the next.
        if asked.leavesCollection, let person = context.sender?.id, context.profile != nil,
            try tx.chosenCollection(chat: context.chatID, user: person) != nil
        {
            try tx.chooseCollection(nil, chat: context.chatID, user: person, at: context.envelope.date)
            notes.append(words.collectionCleared)
        }
        let ask = try RoastAudience.ask(asked, chat: context.chat, person: context.sender?.id, on: context.localDate, tx)
        guard let selection = selector.select(ask, prepared: context.prepared, catalog: collections.catalog, using: &random) else {
            return HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: words.noRoastAvailable)))])
        }
        // The requester is whoever has a profile here: a bot keeps none, so its roast has no requester.
        let id = try tx.insertRoast(
            RoastRecord(
                selection, chat: context.chatID, requester: context.profile?.userID, kind: .requested, language: context.language,
                mood: ask.request.mood, createdAt: context.envelope.date))
        guard let stored = try tx.roast(id) else { return .nothing }
        var offered = true
        for note in selection.notes {
            switch note {
            case .collectionNotOnOffer(let collectionID):
                offered = false
                let name =
                    collections.catalog.collection(id: collectionID).map { "\($0.icon) \($0.name(in: context.language))" } ?? collectionID
                notes.append(words.collectionNotActive(name))
            case .spiceCapped:
                break
            case .collectionSpiceUnavailable(let collectionID, let highest):
                let name = RoastView.collectionLabel(collectionID, in: collections.catalog, language: context.language) ?? collectionID
                notes.append(words.collectionSpiceUnavailable(name, highest: highest))
            case .collectionLacksCategory(let collectionID, let category):
                let name = RoastView.collectionLabel(collectionID, in: collections.catalog, language: context.language) ?? collectionID
                notes.append(words.collectionLacksCategory(name, category: category))
            }
        }
        // The words not understood, whatever the roast's source (a name typed after a collection's too).
        if hintUnknownWords, offered, !asked.unrecognized.isEmpty {
            notes.append(words.unknownRoastWords(asked.unrecognized))
        }
        for case .spiceCapped(let cap) in selection.notes {
            notes.append(words.spiceCapped(to: cap, inGroup: context.envelope.chat.isGroup))
        }
        var message = RoastView(
            roast: stored, counts: [:], requesterName: context.sender?.displayName, requesterID: context.sender?.id,
            collectionLabel: stored.collection.flatMap {
                RoastView.collectionLabel($0, in: collections.catalog, language: context.language)
            }
        ).message
        if !notes.isEmpty { message.text.append(.plain("\n\n" + notes.map { "ℹ️ " + $0 }.joined(separator: "\n"))) }
        return HandlerOutcome(replies: [.send(message, anchor: id)])
    }

    /// Whether text addressed to the bot asks for a roast: it says "roast" (or "nướng"), or names a
    /// category, a spice level, a mood or a collection.
    static func asksForRoast(_ text: String, _ request: RoastRequest) -> Bool {
        let asks = TextNormalization.matchKey(text).split(separator: " ").contains { $0 == "roast" || $0 == "nuong" }
        return asks || request.category != nil || request.spice != nil || request.mood != nil || request.collection != nil
    }
}
