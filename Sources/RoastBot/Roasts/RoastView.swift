import ChatPlatform
import RoastCore
import RoastStore

/// Renders a roast message: header (with the collection it comes from, or 💎 for a Premium roast),
/// the roast, and the reaction keyboard with live counts.
public struct RoastView: Sendable {
    public let roast: StoredRoast
    public let counts: [ReactionKind: Int]
    public let requesterName: String?
    public let requesterID: UserID?
    /// "🧧 Tết Nguyên Đán" for a collection's roast (see ``collectionLabel(_:in:language:)``).
    public let collectionLabel: String?

    public init(
        roast: StoredRoast, counts: [ReactionKind: Int], requesterName: String?, requesterID: UserID?, collectionLabel: String? = nil
    ) {
        self.roast = roast
        self.counts = counts
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
        return OutgoingMessage(text: text, buttons: Self.keyboard(for: roast.id, counts: counts))
    }

    /// 😂 🔥 😐 👎 with counts on the first row, ⭐, 🔁 and 🖼 (the roast as a share card) on the second.
    public static func keyboard(for id: RoastID, counts: [ReactionKind: Int]) -> [[Button]] {
        let reactions = ReactionKind.allCases.map { kind in
            let count = counts[kind, default: 0]
            return Button(
                count > 0 ? "\(kind.rawValue) \(count)" : kind.rawValue, data: ReactionsFeature.ButtonAction.react(id, kind).payload)
        }
        let extras = [
            Button("⭐", data: ReactionsFeature.ButtonAction.favorite(id).payload),
            Button("🔁", data: RoastsFeature.ButtonAction.another(id).payload),
            Button("🖼", data: CardsFeature.ButtonAction.card(id, nil).payload),
        ]
        return [reactions, extras]
    }
}
