/// What `/top` ranks by.
public enum LeaderboardMetric: String, Sendable, Hashable, Codable, CaseIterable {
    case streak
    case roasts
    case fire

    /// Compact code for button payloads.
    public var code: String {
        switch self {
        case .streak: "s"
        case .roasts: "r"
        case .fire: "f"
        }
    }

    public init?(code: String) {
        guard let metric = Self.allCases.first(where: { $0.code == code }) else { return nil }
        self = metric
    }
}

/// One person's standing in a chat, before ranking. `Member` is the platform's person id.
public struct LeaderboardEntry<Member: Hashable & Sendable>: Sendable, Hashable {
    public var member: Member
    public var name: String
    public var value: Int
    /// The Roast Master's 🔥 beside the name.
    public var hasFlame: Bool

    public init(member: Member, name: String, value: Int, hasFlame: Bool = false) {
        self.member = member
        self.name = name
        self.value = value
        self.hasFlame = hasFlame
    }
}

/// A ranked line: equal values share a rank (1, 1, 3…).
public struct RankedEntry<Member: Hashable & Sendable>: Sendable, Hashable {
    public var rank: Int
    public var entry: LeaderboardEntry<Member>

    /// 🥇 🥈 🥉 for ranks 1–3.
    public var medal: String? {
        switch rank {
        case 1: "🥇"
        case 2: "🥈"
        case 3: "🥉"
        default: nil
        }
    }
}

/// Ranks a chat's people. Pure.
public enum Leaderboard {
    /// The top `limit` entries with a value above zero, highest first; ties share a rank and are
    /// listed by name (then by member, for a stable order).
    public static func rank<Member: Hashable & Sendable & Comparable>(_ entries: [LeaderboardEntry<Member>], limit: Int = 10)
        -> [RankedEntry<Member>]
    {
        let sorted = entries.filter { $0.value > 0 }.sorted {
            if $0.value != $1.value { return $0.value > $1.value }
            if $0.name != $1.name { return $0.name < $1.name }
            return $0.member < $1.member
        }
        var ranked: [RankedEntry<Member>] = []
        for (index, entry) in sorted.prefix(max(0, limit)).enumerated() {
            let rank = index > 0 && ranked[index - 1].entry.value == entry.value ? ranked[index - 1].rank : index + 1
            ranked.append(RankedEntry(rank: rank, entry: entry))
        }
        return ranked
    }
}
