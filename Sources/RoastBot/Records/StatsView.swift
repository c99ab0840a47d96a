import ChatPlatform
import RoastCore
import RoastStore

/// “Your Roast Stats”: reaction breakdowns with text bars, categories, spice, and — in a group — the
/// group's totals (in a private chat they would only repeat the person's own).
public struct StatsView: Sendable {
    public static let barWidth = 10
    public let stats: RoastStats
    public let language: Language
    public let name: String
    /// Whether the stats are read in a group (only there are the chat's totals shown).
    public let inGroup: Bool

    public init(stats: RoastStats, language: Language, name: String, inGroup: Bool = true) {
        self.stats = stats
        self.language = language
        self.name = name
        self.inGroup = inGroup
    }

    public var text: RichText {
        let words = Phrasebook(language)
        var text = RichText()
        text.append(.bold(words.statsTitle))
        text.append(.plain(" · \(name)\n" + words.statsRequested(stats.roastsRequested, favorites: stats.favorites)))
        section(&text, words.statsReceived, reactionRows(stats.reactionsReceived), words)
        section(&text, words.statsGiven, reactionRows(stats.reactionsGiven), words)
        let categories = RoastCategory.allCases.compactMap { category in
            stats.categories[category].map { ("\(category.emoji) \(category.name(in: language))", $0) }
        }.sorted { $0.1 > $1.1 }
        section(&text, words.statsCategories, categories, words)
        let spice = SpiceLevel.all.compactMap { level in stats.spice[level].map { (level.peppers, $0) } }
        section(&text, words.statsSpice, spice, words)
        if inGroup {
            section(
                &text, words.statsChat(roasts: stats.chatRoasts), reactionRows(stats.chatReactions), words, empty: words.statsNoReactionsYet
            )
        }
        return text
    }

    /// `████░░░░░░` for `count` out of `maximum`.
    public static func bar(_ count: Int, of maximum: Int) -> String {
        guard maximum > 0 else { return String(repeating: "░", count: barWidth) }
        let filled = count == 0 ? 0 : max(1, Int((Double(count) / Double(maximum) * Double(barWidth)).rounded()))
        return String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
    }

    private func reactionRows(_ counts: [ReactionKind: Int]) -> [(String, Int)] {
        guard counts.values.contains(where: { $0 > 0 }) else { return [] }
        return ReactionKind.allCases.map { ($0.rawValue, counts[$0, default: 0]) }
    }

    /// - Parameter empty: the line under `title` when there are no rows (default: "nothing yet").
    private func section(_ text: inout RichText, _ title: String, _ rows: [(String, Int)], _ words: Phrasebook, empty: String? = nil) {
        text.append(.plain("\n\n"))
        text.append(.bold(title))
        guard !rows.isEmpty else {
            text.append(.plain("\n" + (empty ?? words.statsNothingYet)))
            return
        }
        let maximum = rows.map(\.1).max() ?? 0
        for (label, count) in rows {
            text.append(.plain("\n\(label) "))
            text.append(.code(Self.bar(count, of: maximum)))
            text.append(.plain(" \(count)"))
        }
    }
}
