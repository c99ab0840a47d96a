import ChatPlatform
import RoastCore
import RoastStore

/// Reaction buttons, ⭐, and native emoji reactions on roast messages.
public struct ReactionsFeature: Feature {
    public enum Action: Sendable, Hashable {
        /// 😂 🔥 😐 👎 pressed: another reaction switches, the same one removes.
        case react(RoastID, ReactionKind, message: MessageID?)
        /// ⭐ toggles the roast in the presser's favorites (and its count on the pressed message).
        case favorite(RoastID, message: MessageID?)
        /// The sender's own native reactions on a message changed.
        case native(message: MessageID, NativeChange)
    }

    /// How the platform reported a change of someone's native reactions.
    public enum NativeChange: Sendable, Hashable {
        /// All of them before and after (Telegram).
        case replaced(old: [String], new: [String])
        /// One added (Discord).
        case added(String)
        /// One removed (Discord).
        case removed(String)
    }

    /// This feature's buttons.
    public enum ButtonAction: Sendable, Hashable {
        case react(RoastID, ReactionKind)
        case favorite(RoastID)

        public var payload: String {
            switch self {
            case .react(let id, let kind): CallbackPayload("r", String(id.rawValue), kind.code).encoded
            case .favorite(let id): CallbackPayload("f", String(id.rawValue)).encoded
            }
        }

        public init?(_ payload: CallbackPayload) {
            switch (payload.tag, payload.fields.count) {
            case ("r", 2):
                guard let id = RoastID(payloadField: payload.fields[0]), let kind = ReactionKind(code: payload.fields[1]) else {
                    return nil
                }
                self = .react(id, kind)
            case ("f", 1):
                guard let id = RoastID(payloadField: payload.fields[0]) else { return nil }
                self = .favorite(id)
            default:
                return nil
            }
        }
    }

    public let buttonTags = ["r", "f"]
    public init() {}

    public func decode(_ input: FeatureInput) -> Action? {
        switch input {
        case .button(let payload, let message):
            switch ButtonAction(payload) {
            case .react(let id, let kind): return .react(id, kind, message: message)
            case .favorite(let id): return .favorite(id, message: message)
            case nil: return nil
            }
        case .event(.reactionChange(let message, let old, let new)):
            return .native(message: message, .replaced(old: old, new: new))
        case .event(.reactionAdded(let message, let emoji)):
            return .native(message: message, .added(emoji))
        case .event(.reactionRemoved(let message, let emoji)):
            return .native(message: message, .removed(emoji))
        case .command, .event, .startLink:
            return nil
        }
    }

    /// A native reaction is an interaction with the bot only on one of its roasts; every other
    /// action of this feature is.
    public func confirmsActivity(_ action: Action, in chat: ChatID, _ tx: borrowing StoreTransaction) throws -> Bool {
        guard case .native(let message, _) = action else { return true }
        return try Self.roast(reactedTo: message, in: chat, tx) != nil
    }

    public func handle(_ action: Action, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64) throws
        -> HandlerOutcome
    {
        switch action {
        case .react(let id, let kind, let message): try press(kind, on: id, message: message, context, tx)
        case .favorite(let id, let message): try favorite(id, message: message, context, tx)
        case .native(let message, let change): try nativeChange(change, on: message, context, tx)
        }
    }

    private func press(_ kind: ReactionKind, on id: RoastID, message: MessageID?, _ context: EventContext, _ tx: borrowing StoreTransaction)
        throws -> HandlerOutcome
    {
        guard let user = context.sender?.id, let roast = try tx.roast(id), roast.chatID == context.chatID else {
            return HandlerOutcome(notice: context.privateWords.staleButton)
        }
        let previous = try tx.reaction(roast: id, user: user)
        let next: ReactionKind? = previous == kind ? nil : kind
        try tx.setReaction(roast: id, user: user, kind: next, via: .button, at: context.envelope.date)
        let notice = next == nil ? context.privateWords.reactionRemoved(kind) : context.privateWords.reacted(kind)
        return HandlerOutcome(
            replies: try refreshed(roast, message: message ?? roast.messageID, tx), notice: notice, credited: roast.requester)
    }

    private func favorite(_ id: RoastID, message: MessageID?, _ context: EventContext, _ tx: borrowing StoreTransaction) throws
        -> HandlerOutcome
    {
        guard let user = context.sender?.id, let roast = try tx.roast(id), roast.chatID == context.chatID else {
            return HandlerOutcome(notice: context.privateWords.staleButton)
        }
        let on = try !tx.isFavorite(roast: id, user: user)
        try tx.setFavorite(roast: id, user: user, on, at: context.envelope.date)
        return HandlerOutcome(
            replies: try refreshed(roast, message: message ?? roast.messageID, tx),
            notice: on ? context.privateWords.favoriteAdded : context.privateWords.favoriteRemoved)
    }

    /// Only roast messages count, and only the emoji the platform maps to the four quick reactions
    /// (``PlatformProfile/NativeReactions``; on Telegram 🤣/😁 → 😂, 🔥/❤‍🔥 → 🔥, 😐/🥱 → 😐, 👎/💩 → 👎).
    /// A reaction added becomes the person's reaction; removing the one that counts removes it (or
    /// falls back to another they still have, where the platform reports them all).
    private func nativeChange(_ change: NativeChange, on message: MessageID, _ context: EventContext, _ tx: borrowing StoreTransaction)
        throws -> HandlerOutcome
    {
        guard let user = context.sender?.id, let roast = try Self.roast(reactedTo: message, in: context.chatID, tx) else {
            return .nothing
        }
        let vocabulary = context.platform.reactions
        func kinds(_ emoji: [String]) -> [ReactionKind] {
            emoji.compactMap { vocabulary.quickReaction(for: $0).flatMap(ReactionKind.init(rawValue:)) }
        }
        let current = try tx.reaction(roast: roast.id, user: user)
        let next: ReactionKind?
        switch change {
        case .replaced(let old, let new):
            let before = kinds(old)
            let after = kinds(new)
            if let added = after.last(where: { !before.contains($0) }) {
                next = added
            } else if let current, before.contains(current), !after.contains(current) {
                next = after.last
            } else {
                return .nothing
            }
        case .added(let emoji):
            guard let added = kinds([emoji]).first else { return .nothing }
            next = added
        case .removed(let emoji):
            guard let current, kinds([emoji]).first == current else { return .nothing }
            next = nil
        }
        guard next != current else { return .nothing }
        try tx.setReaction(roast: roast.id, user: user, kind: next, via: .native, at: context.envelope.date)
        return HandlerOutcome(replies: try refreshed(roast, message: message, tx), credited: roast.requester, topic: roast.topic)
    }

    /// The bot's roast a native reaction was given on; nil for any other message of the chat (the
    /// bot sees every reaction in a group where it is an admin, and counts only those on its roasts).
    static func roast(reactedTo message: MessageID, in chat: ChatID, _ tx: borrowing StoreTransaction) throws -> StoredRoast? {
        try tx.roast(chat: chat, message: message)
    }

    /// The edit that brings the roast message's counts up to date: its keyboard only, so the text
    /// (and whatever was said under the roast) stays as posted.
    private func refreshed(_ roast: StoredRoast, message: MessageID?, _ tx: borrowing StoreTransaction) throws -> [Reply] {
        guard let message else { return [] }
        let keyboard = RoastView.keyboard(
            for: roast.id, counts: try tx.reactionCounts(roast: roast.id), favorites: try tx.favoriteCount(roast: roast.id))
        return [.editButtons(message, keyboard)]
    }
}
