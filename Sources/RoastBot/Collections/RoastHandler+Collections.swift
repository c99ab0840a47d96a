import ChatPlatform
import RoastCore
import RoastStore

/// Roasts from collections: `/roast tết`, the sender's picked collection, the banner's button.
extension RoastHandler {
    /// The outcome when the request (or the sender's pick) names a collection, else nil (regular
    /// roast). A named collection that is not on offer today gets a regular roast with a hint.
    func collectionRoast(_ request: RoastRequest, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64)
        throws -> HandlerOutcome?
    {
        let catalog = collections.catalog
        let chosen = try context.sender.flatMap { try tx.chosenCollection(chat: context.chatID, user: $0.id) }
        guard let id = request.collection ?? chosen else { return nil }
        guard let active = catalog.activeCollection(id: id, on: context.seasonDate) else {
            guard request.collection != nil else { return nil }  // a stale pick: silently regular roasts
            var regular = request
            regular.collection = nil
            var outcome = try roast(regular, hintUnknownWords: false, context, tx, &random)
            let name = catalog.collection(id: id).map { "\($0.icon) \($0.name(in: context.language))" } ?? id
            outcome.replies.insert(.send(OutgoingMessage(text: RichText(plain: context.words.collectionNotActive(name)))), at: 0)
            return outcome
        }
        return try roast(from: active.collection, request, context, tx, &random)
    }

    /// A roast from `collection`'s own set (no repeats for the sender until the set is exhausted).
    func roast(
        from collection: RoastCollection, _ request: RoastRequest, _ context: EventContext, _ tx: borrowing StoreTransaction,
        _ random: inout SplitMix64
    ) throws -> HandlerOutcome {
        let words = context.words
        let served = try context.sender.map { try tx.libraryIDsServed(chat: context.chatID, user: $0.id) } ?? []
        let roast: NewRoast
        if CollectionProgress(collection, language: context.language, served: served).isComplete,
            let prepared = context.prepared, prepared.collection == collection.id, isUsable(prepared, context)
        {
            // The set is finite (it is what the completion badge counts); once it is exhausted, an AI
            // roast written with the collection's prompt modifier keeps the theme fresh.
            roast = NewRoast(
                chatID: context.chatID, requester: context.sender?.id, kind: .requested, source: .ai, text: prepared.text,
                language: context.language, category: prepared.category, spice: prepared.spice, mood: request.mood,
                collection: collection.id, createdAt: context.envelope.date)
        } else if let choice = CollectionPicker().pick(
            from: collection, language: context.language, spice: request.spice, maxSpice: context.chat.maxSpice, served: served,
            using: &random)
        {
            roast = NewRoast(
                chatID: context.chatID, requester: context.sender?.id, kind: .requested, source: .library,
                libraryID: choice.roast.id, text: choice.roast.text, language: context.language, category: choice.roast.category,
                spice: choice.roast.spice, mood: request.mood, collection: collection.id, createdAt: context.envelope.date)
        } else {
            return HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: words.noRoastAvailable)))])
        }
        let id = try tx.insertRoast(roast)
        guard let stored = try tx.roast(id) else { return .nothing }
        var replies: [Reply] = []
        if let asked = request.spice, asked > context.chat.maxSpice {
            replies.append(.send(OutgoingMessage(text: RichText(plain: words.spiceCapped(to: context.chat.maxSpice)))))
        }
        let view = RoastView(roast: stored, counts: [:], requesterName: context.sender?.displayName, requesterID: context.sender?.id)
        replies.append(.send(view.message, anchor: id))
        return HandlerOutcome(replies: replies)
    }
}
