import ChatPlatform
import RoastCore
import RoastStore

/// Renders a roast message: header (with the collection it comes from, or 💎 for a Premium roast),
/// the roast, and the reaction keyboard with live counts.
public struct RoastView: Sendable {
    public let roast: StoredRoast
    public let counts: [ReactionKind: Int]
    /// How many people keep the roast among their favorites.
    public let favorites: Int
    public let requesterName: String?
    public let requesterID: UserID?
    /// "🧧 Tết Nguyên Đán" for a collection's roast (see ``collectionLabel(_:in:language:)``).
    public let collectionLabel: String?

    public init(
        roast: StoredRoast, counts: [ReactionKind: Int], favorites: Int = 0, requesterName: String?, requesterID: UserID?,
        collectionLabel: String? = nil
    ) {
        self.roast = roast
        self.counts = counts
        self.favorites = favorites
        self.requesterName = requesterName
        self.requesterID = requesterID
        self.collectionLabel = collectionLabel
    }

    /// The icon and name of collection `id` in `language`; nil when the catalog no longer has it.
    public static func collectionLabel(_ id: String, in catalog: CollectionCatalog, language: Language) -> String? {
        catalog.collection(id: id).map { "\($0.icon) \($0.name(in: language))" }
    }

    public var message: OutgoingMessage {
        let words = Phrasebook(roast.language)
        var text = RichText()
        text.append(.plain("🔥 "))
        if let requesterName, let requesterID {
            text.append(.bold(words.roastForPrefix))
            text.append(.mention(requesterID, name: requesterName))
        } else {
            text.append(.bold(roast.kind == .daily ? words.roastOfTheDay : words.roastOfTheMoment))
        }
        text.append(.plain(" · \(roast.category.emoji) \(roast.category.name(in: roast.language)) · \(roast.spice.peppers)"))
        if let mood = roast.mood { text.append(.plain(" · \(mood.emoji)")) }
        if let collectionLabel { text.append(.plain(" · \(collectionLabel)")) }
        if roast.libraryID.map(LibraryRoast.isPremiumID) == true { text.append(.plain(" · " + words.premiumLabel)) }
        text.append(.plain("\n\n"))
        text.append(.italic(roast.text))
        return OutgoingMessage(text: text, buttons: Self.keyboard(for: roast.id, counts: counts, favorites: favorites))
    }

    /// 😂 🔥 😐 👎 with counts on the first row, ⭐, 🔁 and 🖼 (the roast as a share card) on the second.
    /// The keyboard is the same for everyone in the chat, so ⭐ shows what is true for all: how many
    /// keep the roast among their favorites (a presser's own state is in their toast).
    public static func keyboard(for id: RoastID, counts: [ReactionKind: Int], favorites: Int) -> [[Button]] {
        let reactions = ReactionKind.allCases.map { kind in
            let count = counts[kind, default: 0]
            return Button(
                count > 0 ? "\(kind.rawValue) \(count)" : kind.rawValue, data: ReactionsFeature.ButtonAction.react(id, kind).payload)
        }
        let extras = [
            Button(favorites > 0 ? "⭐ \(favorites)" : "⭐", data: ReactionsFeature.ButtonAction.favorite(id).payload),
            Button("🔁", data: RoastsFeature.ButtonAction.another(id).payload),
            Button("🖼", data: CardsFeature.ButtonAction.card(id, nil).payload),
        ]
        return [reactions, extras]
    }
}
