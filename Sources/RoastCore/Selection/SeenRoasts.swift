/// What an audience has already seen, for the no-repeat rule: when each roast was last seen by them
/// (their own roasts and the posts the whole chat saw), and the chat's latest roasts.
///
/// The rule, for library and collection draws alike: never one of the chat's latest few roasts while
/// another may be drawn; among the rest, a roast the audience never saw; once they saw them all, the
/// one they saw least recently.
public struct SeenRoasts: Sendable, Hashable {
    /// When each library or collection roast was last seen, by id: any mark that grows with time
    /// (the stored roast's row id).
    public var lastSeen: [String: Int64]
    /// The library and collection ids of the chat's latest roasts, newest first.
    public var latestInChat: [String]

    /// How many of the chat's latest roasts are not drawn again while another may be.
    public static let latestWindow = 5

    public init(lastSeen: [String: Int64] = [:], latestInChat: [String] = []) {
        self.lastSeen = lastSeen
        self.latestInChat = latestInChat
    }

    /// Roasts seen at no known time: all equally long ago.
    public init(served: Set<String>) {
        self.init(lastSeen: Dictionary(uniqueKeysWithValues: served.map { ($0, 0) }))
    }

    /// Whether the audience saw the roast `id`.
    public func contains(_ id: String) -> Bool { lastSeen[id] != nil }

    /// The roasts of `pool` a draw may take, by the rule above, and whether the pool was used up
    /// (every candidate had been seen). `latest` are the chat's latest roasts as members of the pool's
    /// type, newest first; `mark` tells when a member was last seen (nil: never).
    static func narrow<T: Hashable>(_ pool: [T], latest: [T], mark: (T) -> Int64?) -> (candidates: [T], exhausted: Bool) {
        var remaining = pool
        if !latest.isEmpty, !pool.isEmpty {
            for count in stride(from: min(latestWindow, latest.count), through: 1, by: -1) {
                let recent = Set(latest.prefix(count))
                let kept = pool.filter { !recent.contains($0) }
                if !kept.isEmpty {
                    remaining = kept
                    break
                }
            }
        }
        let fresh = remaining.filter { mark($0) == nil }
        guard fresh.isEmpty else { return (fresh, false) }
        guard let oldest = remaining.compactMap(mark).min() else { return (remaining, true) }
        return (remaining.filter { mark($0) == oldest }, true)
    }
}
