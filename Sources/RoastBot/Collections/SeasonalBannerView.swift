import ChatPlatform
import RoastCore

/// The festive post that opens a season: the collection's name and banner line, its dates, and a
/// button that serves a roast from it.
public struct SeasonalBannerView: Sendable {
    public let collection: RoastCollection
    public let occurrence: SeasonOccurrence
    public let language: Language
    /// The chat's local date of the post: the days before a festival say it is coming.
    public let date: LocalDate

    public init(collection: RoastCollection, occurrence: SeasonOccurrence, language: Language, date: LocalDate) {
        self.collection = collection
        self.occurrence = occurrence
        self.language = language
        self.date = date
    }

    public var message: OutgoingMessage {
        let words = Phrasebook(language)
        let name = collection.name(in: language)
        var text = RichText()
        text.append(.plain("\(collection.icon) "))
        text.append(.bold(name))
        text.append(.plain("\n\n" + collection.banner(in: language, on: date) + "\n\n" + words.seasonSpan(occurrence)))
        let button = Button(
            words.bannerTryButton(collection.icon, name), data: RoastsFeature.ButtonAction.tryCollection(collection.id).payload)
        return OutgoingMessage(text: text, buttons: [[button]])
    }
}
