import ChatPlatform
import RoastCore
import RoastStore

/// Reaction buttons, ⭐, and native emoji reactions on roast messages (REQ-RCT).
public struct ReactionHandler: Sendable {
    public init() {}

    /// A press of 😂 🔥 😐 👎: another reaction switches, the same one removes.
    public func press(_ kind: ReactionKind, on id: RoastID, message: MessageID?, _ context: EventContext, _ tx: borrowing StoreTransaction)
        throws -> HandlerOutcome
    {
        guard let user = context.sender?.id, let roast = try tx.roast(id), roast.chatID == context.chatID else {
            return HandlerOutcome(notice: context.words.staleButton)
        }
        let previous = try tx.reaction(roast: id, user: user)
        let next: ReactionKind? = previous == kind ? nil : kind
        try tx.setReaction(roast: id, user: user, kind: next, via: .button, at: context.envelope.date)
        let notice = next == nil ? context.words.reactionRemoved(kind) : context.words.reacted(kind)
        return HandlerOutcome(replies: try refreshed(roast, message: message ?? roast.messageID, tx), notice: notice)
    }

    /// ⭐ toggles the roast in the presser's favorites.
    public func favorite(_ id: RoastID, _ context: EventContext, _ tx: borrowing StoreTransaction) throws -> HandlerOutcome {
        guard let user = context.sender?.id, let roast = try tx.roast(id), roast.chatID == context.chatID else {
            return HandlerOutcome(notice: context.words.staleButton)
        }
        let on = try !tx.isFavorite(roast: id, user: user)
        try tx.setFavorite(roast: id, user: user, on, at: context.envelope.date)
        return HandlerOutcome(notice: on ? context.words.favoriteAdded : context.words.favoriteRemoved)
    }

    /// A native reaction change on a message: only roast messages count, and only the four mapped
    /// emoji families (🤣/😁 → 😂, 🔥/❤‍🔥 → 🔥, 😐/🥱 → 😐, 👎/💩 → 👎).
    public func nativeChange(message: MessageID, old: [String], new: [String], _ context: EventContext, _ tx: borrowing StoreTransaction)
        throws -> HandlerOutcome
    {
        guard let user = context.sender?.id, let roast = try tx.roast(chat: context.chatID, message: message) else {
            return .nothing
        }
        let before = old.compactMap(ReactionKind.init(nativeEmoji:))
        let after = new.compactMap(ReactionKind.init(nativeEmoji:))
        let current = try tx.reaction(roast: roast.id, user: user)
        let next: ReactionKind?
        if let added = after.last(where: { !before.contains($0) }) {
            next = added
        } else if let current, before.contains(current), !after.contains(current) {
            next = after.last
        } else {
            return .nothing
        }
        guard next != current else { return .nothing }
        try tx.setReaction(roast: roast.id, user: user, kind: next, via: .native, at: context.envelope.date)
        return HandlerOutcome(replies: try refreshed(roast, message: message, tx))
    }

    /// The edit that brings the roast message's counts up to date.
    private func refreshed(_ roast: StoredRoast, message: MessageID?, _ tx: borrowing StoreTransaction) throws -> [Reply] {
        guard let message else { return [] }
        let counts = try tx.reactionCounts(roast: roast.id)
        let requester = try roast.requester.flatMap { try tx.profile(chat: roast.chatID, user: $0) }
        let view = RoastView(roast: roast, counts: counts, requesterName: requester?.displayName, requesterID: requester?.userID)
        return [.edit(message, view.message)]
    }
}
