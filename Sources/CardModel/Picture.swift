/// A picture the bot draws: a share card of a roast or a person's streak heatmap.
public enum Picture: Sendable, Hashable, Codable {
    case card(RoastCard)
    case heatmap(StreakHeatmap)

    /// Longer texts than a card can show are cut here, before they travel: a card shows at most
    /// 1,200 characters of a roast and one line of link.
    public static let maxTextCharacters = 2_000
    public static let maxLinkCharacters = 300

    /// The same picture with its texts cut to what a card can show and only the heatmap's days
    /// inside its grid.
    public var bounded: Picture {
        switch self {
        case .card(var card):
            if card.text.count > Self.maxTextCharacters { card.text = String(card.text.prefix(Self.maxTextCharacters)) }
            if card.deepLink.count > Self.maxLinkCharacters { card.deepLink = String(card.deepLink.prefix(Self.maxLinkCharacters)) }
            return .card(card)
        case .heatmap(var heatmap):
            heatmap.activeDays = heatmap.activeDays.filter { heatmap.shownDays.contains($0) }
            return .heatmap(heatmap)
        }
    }

    /// The picture's size in pixels.
    public var width: Int {
        switch self {
        case .card(let card): card.format.width
        case .heatmap: StreakHeatmap.width
        }
    }

    public var height: Int {
        switch self {
        case .card(let card): card.format.height
        case .heatmap: StreakHeatmap.height
        }
    }
}
