import ChatPlatform
import RoastCore

/// The festive post that opens a season: the collection's name and banner line, its dates, and a
/// button that serves a roast from it.
public struct SeasonalBannerView: Sendable {
    public let collection: RoastCollection
    public let occurrence: SeasonOccurrence
    public let language: Language

    public init(collection: RoastCollection, occurrence: SeasonOccurrence, language: Language) {
        self.collection = collection
        self.occurrence = occurrence
        self.language = language
    }

    public var message: OutgoingMessage {
        let words = Phrasebook(language)
        let name = collection.name(in: language)
        var text = RichText()
        text.append(.plain("\(collection.icon) "))
        text.append(.bold(name))
        text.append(.plain("\n\n" + collection.banner(in: language) + "\n\n" + words.seasonSpan(occurrence)))
        let button = Button(
            words.bannerTryButton(collection.icon, name), data: RoastsFeature.ButtonAction.tryCollection(collection.id).payload)
        return OutgoingMessage(text: text, buttons: [[button]])
    }
}
