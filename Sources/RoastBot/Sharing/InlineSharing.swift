import ChatPlatform
import Foundation
import Logging
import RoastCore
import RoastStore

/// Inline mode: `@bot words` in any chat offers a few roasts — the user's ⭐ favorites first (those
/// matching the words, if any), then fresh library roasts for the words — and a chosen result
/// counts as a share.
///
/// Answering is done outside any transaction (inline query ids expire within seconds and are never
/// replayed usefully); recording a chosen result happens in the event's transaction, exactly once.
public struct InlineSharing: Sendable {
    /// How many results to offer.
    public static let resultCount = 6

    private let library: RoastLibrary
    private let parser = RoastRequestParser()

    public init(library: RoastLibrary) { self.library = library }

    /// The results for `query` typed by `person`; reads favorites in a read transaction of its own.
    public func results(for query: String, from person: Person?, database: RoastDatabase) -> [InlineResult] {
        let language = Language(languageTag: person?.languageCode) ?? BotDefaults.language
        let words = Phrasebook(language)
        let request = parser.parse(query)
        let favorites = (try? person.map { person in try database.read { try $0.favoritesAnywhere(user: person.id, limit: 20) } }) ?? []
        let matchingFavorites = favorites.filter { roast in
            (request.category == nil || roast.category == request.category) && (request.spice == nil || roast.spice == request.spice)
        }
        var results = matchingFavorites.prefix(3).map { roast in
            InlineResult(
                id: "f\(roast.id.rawValue)", title: words.inlineFavoriteTitle, description: roast.text, text: Self.text(roast.text))
        }
        // A stable hash (FNV-1a), so the same query offers the same roasts.
        let queryHash = query.utf8.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
        var random = SplitMix64(seed: queryHash ^ UInt64(bitPattern: person?.id.rawValue ?? 0))
        var served = Set(favorites.compactMap(\.libraryID))
        let picker = RoastPicker(library: library)
        while results.count < Self.resultCount {
            guard
                let choice = picker.pick(
                    request, language: language, maxSpice: SpiceLevel(clamping: 5), premiumUnlocked: false, served: served, using: &random),
                !served.contains(choice.roast.id)
            else { break }
            served.insert(choice.roast.id)
            let title = "\(words.inlineFreshTitle) · \(choice.roast.category.emoji) \(choice.roast.spice.peppers)"
            results.append(
                InlineResult(id: "l\(choice.roast.id)", title: title, description: choice.roast.text, text: Self.text(choice.roast.text)))
        }
        return results
    }

    /// A chosen inline result: counted as one share by the sender.
    public func chosen(_ resultID: String, _ context: EventContext, _ tx: borrowing StoreTransaction) throws -> HandlerOutcome {
        guard let user = context.sender?.id else { return .nothing }
        var roast: RoastID?
        var libraryID: String?
        if resultID.hasPrefix("f"), let raw = Int64(resultID.dropFirst()) {
            roast = try tx.roast(RoastID(raw)).map(\.id)
            libraryID = try roast.flatMap { try tx.roast($0)?.libraryID }
        } else if resultID.hasPrefix("l"), library.roast(id: String(resultID.dropFirst())) != nil {
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
