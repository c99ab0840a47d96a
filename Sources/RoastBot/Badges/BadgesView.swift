import ChatPlatform
import RoastCore
import RoastStore

/// Renders `/badges`: earned badges with their dates, then locked ones with a progress bar and
/// what is left.
public struct BadgesView: Sendable {
    public let name: String
    public let catalog: BadgeCatalog
    public let earned: [EarnedBadge]
    public let tally: ActivityTally
    public let language: Language

    public init(name: String, catalog: BadgeCatalog, earned: [EarnedBadge], tally: ActivityTally, language: Language) {
        self.name = name
        self.catalog = catalog
        self.earned = earned
        self.tally = tally
        self.language = language
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
                let progress = badge.progress(tally)
                text.append(.plain("\n\(badge.icon) \(badge.name(language)) \(Self.bar(progress.percent)) \(progress.percent) % — "))
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
