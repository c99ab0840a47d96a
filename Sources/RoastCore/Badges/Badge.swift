/// A stable badge identifier, stored with every unlock (never rename a shipped one).
public struct BadgeID: RawRepresentable, Sendable, Hashable, Codable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The badge families, plus the collections' completion badges.
public enum BadgeCategory: String, Sendable, Hashable, Codable, CaseIterable {
    case streak, generation, favorites, sharing, exploration, collection
}

/// An achievement: what it is called, how it looks and what earns it.
public struct Badge: Sendable, Hashable, Identifiable {
    public var id: BadgeID
    public var icon: String
    public var category: BadgeCategory
    public var criterion: BadgeCriterion
    public var name: LocalizedText
    public var description: LocalizedText

    public init(
        id: BadgeID, icon: String, category: BadgeCategory, criterion: BadgeCriterion, name: LocalizedText, description: LocalizedText
    ) {
        self.id = id
        self.icon = icon
        self.category = category
        self.criterion = criterion
        self.name = name
        self.description = description
    }

    /// How far `tally` is toward this badge.
    public func progress(_ tally: ActivityTally) -> BadgeProgress { criterion.progress(tally) }
}
