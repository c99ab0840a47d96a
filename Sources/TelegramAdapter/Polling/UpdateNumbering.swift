import Foundation

/// How Telegram numbers updates (<https://core.telegram.org/bots/api#update>): each id one more than
/// the one before, except after at least a week without updates, when the next is chosen at random —
/// possibly below every id the bot has seen. The store's low-water mark of applied ids (every id at
/// or below it counts as applied) holds only within one numbering.
public enum UpdateNumbering {
    /// How long a low-water mark is trusted without a new update: a day less than the quiet week
    /// after which Telegram may number anew.
    public static let markTrustedFor: TimeInterval = 6 * 86_400

    /// Whether updates polled with `offset` come from a new numbering: Telegram returns ids below the
    /// offset asked for only then (an offset beyond its queue is answered from the queue's head).
    public static func restarted(_ ids: [Int64], polledFrom offset: Int64?) -> Bool {
        guard let offset, let lowest = ids.min() else { return false }
        return lowest < offset
    }
}
