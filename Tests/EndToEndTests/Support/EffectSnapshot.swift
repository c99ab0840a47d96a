import ChatPlatform
import Foundation
import RoastCore
import RoastStore

/// The durable effects of a run, in a form two runs of the same updates can be compared by: roast
/// ids differ between runs (chats commit concurrently), so roasts are named by their position in
/// their chat, which per-chat ordering makes identical.
struct EffectSnapshot: Equatable, CustomStringConvertible {
    /// "chat/user" → roasts requested.
    var roastCounts: [String: Int] = [:]
    /// chat → "requester/libraryID" of each roast, oldest first.
    var roasts: [Int64: [String]] = [:]
    /// "chat/#position/user/kind".
    var reactions: Set<String> = []
    /// "chat/#position/user".
    var favorites: Set<String> = []

    init(_ database: RoastDatabase, chats: [Int64], users: [Int64]) throws {
        try database.read { tx in
            for chat in chats {
                for profile in try tx.profiles(chat: ChatID(chat)) {
                    roastCounts["\(chat)/\(profile.userID.rawValue)"] = profile.roastCount
                }
                let all = try users.flatMap { try tx.recentRoasts(chat: ChatID(chat), user: UserID($0), limit: 100_000) }
                    .sorted { $0.id.rawValue < $1.id.rawValue }
                roasts[chat] = all.map { "\($0.requester?.rawValue ?? 0)/\($0.libraryID ?? "-")" }
                for (position, roast) in all.enumerated() {
                    for user in users {
                        if let kind = try tx.reaction(roast: roast.id, user: UserID(user)) {
                            reactions.insert("\(chat)/#\(position)/\(user)/\(kind.code)")
                        }
                        if try tx.isFavorite(roast: roast.id, user: UserID(user)) {
                            favorites.insert("\(chat)/#\(position)/\(user)")
                        }
                    }
                }
            }
        }
    }

    var totalRoasts: Int { roasts.values.map(\.count).reduce(0, +) }

    var description: String {
        "\(totalRoasts) roasts, \(roastCounts.values.reduce(0, +)) requested, \(reactions.count) reactions, \(favorites.count) favorites"
    }

    /// The first differences, for a readable failure.
    func differences(from other: EffectSnapshot) -> [String] {
        var out: [String] = []
        for key in Set(roastCounts.keys).union(other.roastCounts.keys) where roastCounts[key] != other.roastCounts[key] {
            out.append("roast count \(key): \(roastCounts[key] ?? 0) vs \(other.roastCounts[key] ?? 0)")
        }
        for chat in Set(roasts.keys).union(other.roasts.keys) where roasts[chat] != other.roasts[chat] {
            out.append("roasts of chat \(chat): \(roasts[chat]?.count ?? 0) vs \(other.roasts[chat]?.count ?? 0)")
        }
        out += reactions.symmetricDifference(other.reactions).prefix(5).map { "reaction \($0)" }
        out += favorites.symmetricDifference(other.favorites).prefix(5).map { "favorite \($0)" }
        return Array(out.prefix(12))
    }
}
