/// A picture the bot draws: a share card of a roast or a person's streak heatmap.
public enum Picture: Sendable, Hashable, Codable {
    case card(RoastCard)
    case heatmap(StreakHeatmap)

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
