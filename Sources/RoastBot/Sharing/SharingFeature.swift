import CardModel
import ChatPlatform
import Foundation
import RoastCore
import RoastStore

/// Inline mode: `@bot words` in any chat offers the person's share cards (photos the platform
/// stored, which post without an upload) and a few roasts — the person's ⭐ favorites first, then
/// fresh roasts for the words; cards and favorites are those matching the words, if any — and a
/// chosen result counts as a share.
///
/// The results are worked out in the event's transaction and answered right after it commits
/// (inline query ids expire within seconds and are never replayed usefully); a chosen result is
/// recorded in its event's transaction, exactly once.
public struct SharingFeature: Feature {
    public enum Action: Sendable, Hashable {
        /// `@bot words`: the words as typed (the same words offer the same roasts) and as understood.
        case query(id: String, text: String, request: RoastRequest)
        /// A result the person picked; nil for an id the bot never offered.
        case chosen(ResultID?)
    }

    /// What an offered result is, as its id says (`f<roast id>`, `l<library id>` or
    /// `k<roast id>:<template>:<format>`).
    public enum ResultID: Sendable, Hashable {
        /// One of the person's ⭐ roasts.
        case favorite(RoastID)
        /// A library roast.
        case library(String)
        /// One of the person's share cards.
        case card(CardKey)

        public var text: String {
            switch self {
            case .favorite(let id): "f\(id.rawValue)"
            case .library(let id): "l\(id)"
            case .card(let key): "k\(key.roast.rawValue):\(key.template.rawValue):\(key.format.rawValue)"
            }
        }

        public init?(_ text: String) {
            let cardFields = text.dropFirst().split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            if text.hasPrefix("f"), let id = RoastID(payloadField: String(text.dropFirst())) {
                self = .favorite(id)
            } else if text.hasPrefix("k"), cardFields.count == 3, let id = RoastID(payloadField: cardFields[0]),
                let template = CardTemplate(rawValue: cardFields[1]), let format = CardFormat(rawValue: cardFields[2])
            {
                self = .card(CardKey(roast: id, template: template, format: format))
            } else if text.hasPrefix("l"), text.count > 1 {
                self = .library(String(text.dropFirst()))
            } else {
                return nil
            }
        }
    }

    /// How many roasts to offer as text.
    public static let resultCount = 6
    /// How many of the person's cards to offer before them.
    public static let cardCount = 3

    private let selector: RoastSelector
    private let parser = RoastRequestParser()

    public init(selector: RoastSelector) { self.selector = selector }

    public func decode(_ input: FeatureInput) -> Action? {
        switch input {
        case .event(.inlineQuery(let id, let query)): .query(id: id, text: query, request: parser.parse(query))
        case .event(.inlineChosen(let resultID, _)): .chosen(ResultID(resultID))
        default: nil
        }
    }

    public func handle(_ action: Action, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64) throws
        -> HandlerOutcome
    {
        switch action {
        case .query(let id, let text, let request):
            HandlerOutcome(inlineAnswer: InlineAnswer(queryID: id, results: try results(for: text, request, from: context, tx)))
        case .chosen(let resultID):
            try chosen(resultID, context, tx)
        }
    }

    /// The results for `query` typed by the sender: favorites the filter still allows, then fresh roasts.
    func results(for query: String, _ request: RoastRequest, from context: EventContext, _ tx: borrowing StoreTransaction) throws
        -> [InlineResult]
    {
        let person = context.sender
        let language = Language(languageTag: person?.languageCode) ?? BotDefaults.language
        let words = Phrasebook(language)
        let favorites = try person.map { try tx.favoritesAnywhere(user: $0.id, limit: 20) } ?? []
        let matches = { (roast: StoredRoast) in
            (request.category == nil || roast.category == request.category) && (request.spice == nil || roast.spice == request.spice)
                && selector.allows(roast.text)
        }
        let cards = try person.map { try tx.cardPhotos(madeBy: $0.id, limit: 20) } ?? []
        let cardResults = cards.filter { matches($0.roast) }.prefix(Self.cardCount).map { card in
            InlineResult(
                id: ResultID.card(card.key).text, title: words.inlineCardTitle, description: card.roast.text,
                text: Self.text(card.roast.text),
                photo: card.photo)
        }
        let matchingFavorites = favorites.filter(matches)
        var results = matchingFavorites.prefix(3).map { roast in
            InlineResult(
                id: ResultID.favorite(roast.id).text, title: words.inlineFavoriteTitle, description: roast.text, text: Self.text(roast.text)
            )
        }
        // A stable hash (FNV-1a), so the same query offers the same roasts.
        let queryHash = query.utf8.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
        var random = SplitMix64(seed: queryHash ^ UInt64(bitPattern: person?.id.rawValue ?? 0))
        var ask = RoastAsk(
            request: request, language: language, maxSpice: .hottest, served: Set(favorites.compactMap(\.libraryID)),
            date: context.localDate)
        while results.count < Self.resultCount {
            guard let choice = selector.select(ask, catalog: .empty, using: &random), let id = choice.libraryID, !ask.served.contains(id)
            else { break }
            ask.served.insert(id)
            ask.seen.lastSeen[id] = 0
            let title = "\(words.inlineFreshTitle) · \(choice.category.emoji) \(choice.spice.peppers)"
            results.append(
                InlineResult(id: ResultID.library(id).text, title: title, description: choice.text, text: Self.text(choice.text)))
        }
        return cardResults + results
    }

    /// A chosen inline result: counted as one share by the sender.
    private func chosen(_ resultID: ResultID?, _ context: EventContext, _ tx: borrowing StoreTransaction) throws -> HandlerOutcome {
        guard let user = context.sender?.id, let resultID else { return .nothing }
        var roast: RoastID?
        var libraryID: String?
        switch resultID {
        case .favorite(let id):
            let stored = try tx.roast(id)
            roast = stored?.id
            libraryID = stored?.libraryID
        case .library(let id):
            guard selector.library.roast(id: id) != nil else { return .nothing }
            libraryID = id
        case .card(let key):
            let stored = try tx.roast(key.roast)
            roast = stored?.id
            libraryID = stored?.libraryID
        }
        try tx.recordShare(
            user: user, chat: context.chatID, roast: roast, libraryID: libraryID, on: context.localDate, at: context.envelope.date)
        return .nothing
    }

    private static func text(_ roast: String) -> RichText {
        RichText([.plain("🔥 "), .italic(roast), .plain("\n— RoastMeLater")])
    }
}
