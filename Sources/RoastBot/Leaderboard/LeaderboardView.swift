import ChatPlatform
import RoastCore

/// Renders `/top` for one metric, with tab buttons that switch the metric in place.
public struct LeaderboardView: Sendable {
    public let metric: LeaderboardMetric
    public let ranked: [RankedEntry<UserID>]
    public let language: Language

    public init(metric: LeaderboardMetric, ranked: [RankedEntry<UserID>], language: Language) {
        self.metric = metric
        self.ranked = ranked
        self.language = language
    }

    public var message: OutgoingMessage {
        let words = Phrasebook(language)
        var text = RichText()
        text.append(.bold(words.leaderboardTitle(metric)))
        text.append(.plain("\n"))
        if ranked.isEmpty {
            text.append(.plain("\n" + words.leaderboardEmpty))
        }
        for line in ranked {
            let place = line.medal ?? "\(line.rank)."
            let flame = line.entry.hasFlame ? " 🔥" : ""
            text.append(.plain("\n\(place) \(line.entry.name)\(flame) — \(words.leaderboardValue(metric, line.entry.value))"))
        }
        let tabs = LeaderboardMetric.allCases.map { tab in
            let label = words.leaderboardTab(tab)
            return Button(tab == metric ? "• \(label) •" : label, data: LeaderboardFeature.ButtonAction(tab).payload)
        }
        return OutgoingMessage(text: text, buttons: [tabs])
    }
}
