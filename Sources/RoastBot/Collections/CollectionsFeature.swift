import ChatPlatform
import Foundation
import RoastCore
import RoastStore

/// `/collections`, picking a collection with its button, and the seasonal banners due in a chat,
/// which come with its first request of the season.
public struct CollectionsFeature: Feature {
    public enum Action: Sendable, Hashable {
        /// `/collections`: what is on offer on the chat's local date, with the sender's progress.
        case list
        /// A collection button: the presser's next roasts come from it (nil: regular roasts again).
        case choose(String?)
    }

    /// A collection button; nil goes back to regular roasts.
    public struct ButtonAction: Sendable, Hashable {
        public var collection: String?

        public init(choosing collection: String?) { self.collection = collection }

        public var payload: String { CallbackPayload("c", collection ?? "").encoded }

        public init?(_ payload: CallbackPayload) {
            guard payload.tag == "c", payload.fields.count == 1 else { return nil }
            let field = payload.fields[0]
            guard field.isEmpty || CollectionCatalog.isValidID(field) else { return nil }
            self.collection = field.isEmpty ? nil : field
        }
    }

    public let commands = [
        CommandSpec(
            "collections", vi: "bộ_sưu_tập", summary: LocalizedText(vi: "Các bộ sưu tập roast", en: "Roast collections, seasonal first"))
    ]
    public let buttonTags = ["c"]
    private let collections: CollectionCatalogStore
    /// Whose safety filter every preview passes.
    private let selector: RoastSelector?

    public init(collections: CollectionCatalogStore, selector: RoastSelector? = nil) {
        self.collections = collections
        self.selector = selector
    }

    public func decode(_ input: FeatureInput) -> Action? {
        switch input {
        case .command: .list
        case .button(let payload, _): ButtonAction(payload).map { .choose($0.collection) }
        case .event, .startLink: nil
        }
    }

    public func handle(_ action: Action, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64) throws
        -> HandlerOutcome
    {
        switch action {
        case .list: try list(context, tx)
        case .choose(let id): try choose(id, context, tx)
        }
    }

    public var accompanies: Bool { true }

    /// Banners of running seasons this chat has not had yet (a chat that joined mid-season gets its
    /// banner with its first request), claimed in the event's transaction.
    public func accompany(_ traits: ActionTraits, _ context: EventContext, _ tx: borrowing StoreTransaction) throws -> [Reply] {
        guard traits.isRequest else { return [] }
        return try SeasonalBanners.claimDue(
            in: context.chat, on: context.localDate, catalog: collections.catalog, at: context.processedAt, tx
        ).map { .send($0) }
    }

    private func list(_ context: EventContext, _ tx: borrowing StoreTransaction) throws -> HandlerOutcome {
        let active = collections.catalog.active(on: context.localDate)
        var chosen: String?
        var served: [String: Set<String>]?
        if let sender = context.sender {
            chosen = try tx.chosenCollection(chat: context.chatID, user: sender.id)
            served = try tx.collectionRoastsServed(chat: context.chatID, user: sender.id)
        }
        let previews = Dictionary(
            active.compactMap { entry in preview(entry.collection, context).map { (entry.collection.id, $0) } },
            uniquingKeysWith: { first, _ in first })
        let view = CollectionsView(
            active: active, language: context.language, chosen: active.contains { $0.collection.id == chosen } ? chosen : nil,
            served: served, previews: previews)
        return HandlerOutcome(replies: [.send(view.message)])
    }

    /// A taste of `collection`: the start of its gentlest roast in the chat's language that fits the
    /// day (its season's phase) and passes the safety filter.
    private func preview(_ collection: RoastCollection, _ context: EventContext) -> String? {
        let roast = collection.roasts(in: context.language).filter { roast in
            collection.fits(roast, on: context.localDate) && (selector?.allows(roast.text) ?? true)
        }.min { $0.spice < $1.spice }
        return roast.map { Self.excerpt($0.text) }
    }

    /// `text` cut after a whole word before `limit` characters, with "…" when it was cut.
    static func excerpt(_ text: String, limit: Int = 64) -> String {
        guard text.count > limit else { return text }
        let head = text.prefix(limit)
        let cut = head.lastIndex(where: \.isWhitespace) ?? head.endIndex
        return head[..<cut].trimmingCharacters(in: .punctuationCharacters.union(.whitespaces)) + "…"
    }

    private func choose(_ id: String?, _ context: EventContext, _ tx: borrowing StoreTransaction) throws -> HandlerOutcome {
        guard let sender = context.envelope.actor.person, context.profile != nil else {
            return HandlerOutcome(notice: context.privateWords.collectionPickNeedsPerson)
        }
        guard let id else {
            try tx.chooseCollection(nil, chat: context.chatID, user: sender.id, at: context.envelope.date)
            return HandlerOutcome(notice: context.privateWords.collectionCleared)
        }
        guard let active = collections.catalog.activeCollection(id: id, on: context.localDate) else {
            return HandlerOutcome(notice: context.privateWords.collectionUnavailable)
        }
        try tx.chooseCollection(id, chat: context.chatID, user: sender.id, at: context.envelope.date)
        let collection = active.collection
        return HandlerOutcome(notice: context.privateWords.collectionChosen("\(collection.icon) \(collection.name(in: context.language))"))
    }
}
