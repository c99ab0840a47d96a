/// A themed set of roasts: its names and description in both languages, icon, theme
/// colour, the text that steers an AI prompt towards the theme, when it is active, and its own
/// finite set of roasts (a user "completes" it by receiving every one of them).
public struct RoastCollection: Sendable, Hashable, Identifiable {
    /// Stable identifier (`tet`, `classic_office`): lower-case ASCII letters, digits and `_`, at most
    /// ``CollectionCatalog/maximumIDLength`` characters so that it fits in button payloads.
    public let id: String
    public let names: [Language: String]
    public let descriptions: [Language: String]
    /// The one-line festive banner posted when a seasonal collection starts (seasonal only); a phase
    /// may have its own (see ``banner(in:on:)``).
    public let banners: [Language: String]
    /// Extra words users may type to ask for it (`/roast trung thu`), besides its names and id.
    public let aliases: [String]
    /// An emoji shown before its name.
    public let icon: String
    /// A colour name or `#RRGGBB` (used by clients that can show colour).
    public let theme: String
    /// English text added to the AI prompt when a roast comes from this collection.
    public let promptModifier: String
    public let kind: CollectionKind
    /// Its roasts per language, in file order.
    public let roasts: [Language: [LibraryRoast]]
    /// The parts of a season some roasts are written for (seasonal collections only).
    public let phases: [SeasonPhase]
    /// The phases each roast fits, by roast id; a roast not listed fits every day the collection is on offer.
    public let roastPhases: [String: [String]]

    public init(
        id: String, names: [Language: String], descriptions: [Language: String], banners: [Language: String] = [:],
        aliases: [String] = [], icon: String, theme: String, promptModifier: String, kind: CollectionKind,
        roasts: [Language: [LibraryRoast]], phases: [SeasonPhase] = [], roastPhases: [String: [String]] = [:]
    ) {
        self.id = id
        self.names = names
        self.descriptions = descriptions
        self.banners = banners
        self.aliases = aliases
        self.icon = icon
        self.theme = theme
        self.promptModifier = promptModifier
        self.kind = kind
        self.roasts = roasts
        self.phases = phases
        self.roastPhases = roastPhases
    }

    public func name(in language: Language) -> String { names[language] ?? names.values.sorted().first ?? id }
    public func description(in language: Language) -> String { descriptions[language] ?? "" }
    /// The banner line on `date`: that of the first phase holding the date that has one (the days
    /// before a festival say it is coming), else the season's own, else the description.
    public func banner(in language: Language, on date: LocalDate) -> String {
        phases.first { $0.banners[language] != nil && $0.contains(date) }?.banners[language] ?? banners[language]
            ?? description(in: language)
    }

    /// The roasts a chat in `language` receives from this collection.
    public func roasts(in language: Language) -> [LibraryRoast] { roasts[language] ?? [] }

    /// Which of `roasts` (this collection's, already filtered as the caller needs) a chat capped at
    /// `maxSpice` can be served: those at or below the cap, or, when the collection has none there,
    /// its gentlest. The picker draws from these and a completion badge counts on them.
    public static func servable(_ roasts: [LibraryRoast], maxSpice: SpiceLevel) -> [LibraryRoast] {
        let capped = roasts.filter { $0.spice <= maxSpice }
        guard capped.isEmpty, let gentlest = roasts.map(\.spice).min() else { return capped }
        return roasts.filter { $0.spice == gentlest }
    }

    /// Whether `roast` may be drawn on `date`: it names no phase, or `date` falls in one of those it names.
    public func fits(_ roast: LibraryRoast, on date: LocalDate) -> Bool {
        guard let names = roastPhases[roast.id], !names.isEmpty else { return true }
        return phases.contains { names.contains($0.id) && $0.contains(date) }
    }

    /// The badge unlocked by receiving every roast of this collection.
    public var badge: CollectionBadge {
        CollectionBadge(collectionID: id, icon: icon, names: names)
    }

    public var isSeasonal: Bool {
        if case .seasonal = kind { return true }
        return false
    }
}
