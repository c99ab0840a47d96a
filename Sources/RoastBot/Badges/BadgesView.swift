import ChatPlatform
import RoastCore
import RoastStore

/// Renders `/badges`: earned badges with their dates, then locked ones with a progress bar and
/// what is left, or, for one the chat's spice cap puts out of reach, what it needs.
public struct BadgesView: Sendable {
    public let name: String
    public let catalog: BadgeCatalog
    public let earned: [EarnedBadge]
    public let tally: ActivityTally
    public let language: Language
    /// The chat's spice cap: a badge that needs spicier roasts says so instead of showing progress.
    public let maxSpice: SpiceLevel
    /// The collections on offer, whose roasts' spice levels say whether a completion badge can be
    /// reached under the cap.
    public let collections: CollectionCatalog?

    public init(
        name: String, catalog: BadgeCatalog, earned: [EarnedBadge], tally: ActivityTally, language: Language,
        maxSpice: SpiceLevel = .hottest, collections: CollectionCatalog? = nil
    ) {
        self.collections = collections
        self.name = name
        self.catalog = catalog
        self.earned = earned
        self.tally = tally
        self.language = language
        self.maxSpice = maxSpice
    }

    public var message: OutgoingMessage {
        let words = Phrasebook(language)
        let earnedIDs = Set(earned.map(\.badge))
        var text = RichText()
        text.append(.bold("🏅 " + words.badgesHeader(name, earned: earned.count { catalog[$0.badge] != nil }, total: catalog.badges.count)))
        text.append(.plain("\n\n"))
        text.append(.bold(words.badgesEarnedTitle))
        let earnedLines = earned.compactMap { unlock -> String? in
            guard let badge = catalog[unlock.badge] else { return nil }
            return "\(badge.icon) \(badge.name(language)) — \(words.earnedOn(unlock.unlockedOn))"
        }
        text.append(.plain("\n" + (earnedLines.isEmpty ? words.badgesNoneYet : earnedLines.joined(separator: "\n"))))
        let locked = catalog.badges.filter { !earnedIDs.contains($0.id) }
        if !locked.isEmpty {
            text.append(.plain("\n\n"))
            text.append(.bold(words.badgesLockedTitle))
            for badge in locked {
                let beyond = badge.criterion.levelsBeyond(cap: maxSpice, tally, collections: collections, language: language)
                if !beyond.isEmpty {
                    text.append(.plain("\n\(badge.icon) \(badge.name(language)) — "))
                    text.append(.italic(words.badgeBeyondCap(needs: beyond, cap: maxSpice)))
                    continue
                }
                let progress = badge.progress(tally)
                text.append(
                    .plain(
                        "\n\(badge.icon) \(badge.name(language)) \(Self.bar(progress.percent)) \(Percentage.text(progress.value, of: progress.target)) — "
                    ))
                text.append(.italic(words.remaining(badge.criterion, max(1, progress.remaining))))
            }
        }
        return OutgoingMessage(text: text)
    }

    /// Five cells, one filled per full 20 %: `▰▰▰▱▱` for 60 %.
    public static func bar(_ percent: Int) -> String {
        let filled = min(5, max(0, percent / 20))
        return String(repeating: "▰", count: filled) + String(repeating: "▱", count: 5 - filled)
    }
}
