import ChatPlatform
import Foundation
import RoastCore
import RoastStore

/// Inline mode: `@bot words` in any chat offers a few roasts — the person's ⭐ favorites first (those
/// matching the words, if any), then fresh roasts for the words — and a chosen result counts as a
/// share.
///
/// The results are worked out in the event's transaction and answered right after it commits
/// (inline query ids expire within seconds and are never replayed usefully); a chosen result is
/// recorded in its event's transaction, exactly once.
public struct SharingFeature: Feature {
    public enum Action: Sendable, Hashable {
        case query(id: String, text: String)
        case chosen(resultID: String)
    }

    /// How many results to offer.
    public static let resultCount = 6

    private let selector: RoastSelector
    private let parser = RoastRequestParser()

    public init(selector: RoastSelector) { self.selector = selector }

    public func decode(_ input: FeatureInput) -> Action? {
        switch input {
        case .event(.inlineQuery(let id, let query)): .query(id: id, text: query)
        case .event(.inlineChosen(let resultID, _)): .chosen(resultID: resultID)
        default: nil
        }
    }

    public func handle(_ action: Action, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64) throws
        -> HandlerOutcome
    {
        switch action {
        case .query(let id, let text):
            HandlerOutcome(inlineAnswer: InlineAnswer(queryID: id, results: try results(for: text, from: context, tx)))
        case .chosen(let resultID):
            try chosen(resultID, context, tx)
        }
    }

    /// The results for `query` typed by the sender: favorites the filter still allows, then fresh roasts.
    func results(for query: String, from context: EventContext, _ tx: borrowing StoreTransaction) throws -> [InlineResult] {
        let person = context.sender
        let language = Language(languageTag: person?.languageCode) ?? BotDefaults.language
        let words = Phrasebook(language)
        let request = parser.parse(query)
        let favorites = try person.map { try tx.favoritesAnywhere(user: $0.id, limit: 20) } ?? []
        let matchingFavorites = favorites.filter { roast in
            (request.category == nil || roast.category == request.category) && (request.spice == nil || roast.spice == request.spice)
                && selector.allows(roast.text)
        }
        var results = matchingFavorites.prefix(3).map { roast in
            InlineResult(
                id: "f\(roast.id.rawValue)", title: words.inlineFavoriteTitle, description: roast.text, text: Self.text(roast.text))
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
            let title = "\(words.inlineFreshTitle) · \(choice.category.emoji) \(choice.spice.peppers)"
            results.append(InlineResult(id: "l\(id)", title: title, description: choice.text, text: Self.text(choice.text)))
        }
        return results
    }

    /// A chosen inline result: counted as one share by the sender.
    private func chosen(_ resultID: String, _ context: EventContext, _ tx: borrowing StoreTransaction) throws -> HandlerOutcome {
        guard let user = context.sender?.id else { return .nothing }
        var roast: RoastID?
        var libraryID: String?
        if resultID.hasPrefix("f"), let raw = Int64(resultID.dropFirst()) {
            roast = try tx.roast(RoastID(raw)).map(\.id)
            libraryID = try roast.flatMap { try tx.roast($0)?.libraryID }
        } else if resultID.hasPrefix("l"), selector.library.roast(id: String(resultID.dropFirst())) != nil {
            libraryID = String(resultID.dropFirst())
        } else {
            return .nothing
        }
        try tx.recordShare(
            user: user, chat: context.chatID, roast: roast, libraryID: libraryID, on: context.localDate, at: context.envelope.date)
        return .nothing
    }

    private static func text(_ roast: String) -> RichText {
        RichText([.plain("🔥 "), .italic(roast), .plain("\n— RoastMeLater")])
    }
}
