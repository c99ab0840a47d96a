import ChatPlatform
import RoastCore

/// `/collections`: the collections on offer (seasonal first, with its banner line and dates), each
/// with its description, size, the viewer's progress and a taste of it, and one button per
/// collection to pick it.
public struct CollectionsView: Sendable {
    public let active: [ActiveCollection]
    public let language: Language
    /// The viewer's pick, if it is on offer.
    public let chosen: String?
    /// Roast ids the viewer received per collection; nil when there is no viewer.
    public let served: [String: Set<String>]?
    /// A taste of each collection (the start of one of its roasts), by collection id.
    public let previews: [String: String]

    public init(
        active: [ActiveCollection], language: Language, chosen: String?, served: [String: Set<String>]?, previews: [String: String] = [:]
    ) {
        self.active = active
        self.language = language
        self.chosen = chosen
        self.served = served
        self.previews = previews
    }

    public var message: OutgoingMessage {
        let words = Phrasebook(language)
        var text = RichText()
        text.append(.bold(words.collectionsTitle))
        guard !active.isEmpty else {
            text.append(.plain("\n\n" + words.collectionsEmpty))
            return OutgoingMessage(text: text)
        }
        for entry in active {
            let collection = entry.collection
            text.append(.plain("\n\n\(collection.icon) "))
            text.append(.bold(collection.name(in: language)))
            text.append(.plain(" · " + label(entry, words)))
            if collection.id == chosen { text.append(.plain(" · " + words.chosenMark)) }
            if let occurrence = entry.occurrence {
                text.append(.plain("\n"))
                text.append(.italic(entry.banner(in: language)))
                text.append(.plain("\n" + words.seasonSpan(occurrence)))
            } else {
                text.append(.plain("\n" + collection.description(in: language)))
            }
            let progress = CollectionProgress(collection, language: language, served: served?[collection.id] ?? [])
            text.append(.plain("\n" + words.collectionCount(progress, showProgress: served != nil)))
            if let preview = previews[collection.id] { text.append(.plain("\n" + words.collectionPreview(preview))) }
        }
        text.append(.plain("\n\n" + words.collectionsHowTo))
        if chosen != nil { text.append(.plain("\n" + words.collectionLeaveHint)) }
        // The pick is marked on its button too, as a card's template is.
        var rows = active.map { entry in
            [
                Button(
                    (entry.collection.id == chosen ? "✅ " : "") + "\(entry.collection.icon) \(entry.collection.name(in: language))",
                    data: CollectionsFeature.ButtonAction(choosing: entry.collection.id).payload)
            ]
        }
        if chosen != nil { rows.append([Button(words.regularRoastsButton, data: CollectionsFeature.ButtonAction(choosing: nil).payload)]) }
        return OutgoingMessage(text: text, buttons: rows)
    }

    private func label(_ entry: ActiveCollection, _ words: Phrasebook) -> String {
        switch entry.collection.kind {
        case .seasonal: words.seasonalLabel
        case .monthly: words.monthlyLabel
        case .permanent: words.permanentLabel
        }
    }
}
