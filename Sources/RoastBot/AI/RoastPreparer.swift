import AIRoasts
import ChatPlatform
import Foundation
import Logging
import RoastCore
import RoastStore

/// Fetches an AI roast for an event *before* its transaction.
///
/// Handlers run inside one SQLite transaction and must not wait on the network, so the pipeline asks
/// the preparer first: for an event that requests a roast (`/roast`, a mention asking for one, 🔁) in a
/// chat with AI on, it reads what the prompt needs (language, spice cap, today's mood, the chat's
/// reaction feedback) in a short read transaction, asks the AI source (bounded by its timeout, with its
/// retry and circuit breaker), and hands the text to ``UpdateProcessor`` via ``EventContext/prepared``.
/// Any failure returns nil and the handler answers from the library, so a roast request is always
/// answered. The wait delays only that chat's later events (each chat is processed in order); other
/// chats go on concurrently. An event already applied is not prepared again.
public struct RoastPreparer: Sendable {
    private let database: RoastDatabase
    private let source: any AIRoastSource
    private let handler: RoastHandler
    private let seed: UInt64
    private let logger: Logger

    public init(database: RoastDatabase, source: any AIRoastSource, handler: RoastHandler, seed: UInt64, logger: Logger) {
        self.database = database
        self.source = source
        self.handler = handler
        self.seed = seed
        self.logger = logger
    }

    /// The AI roast for `envelope`, or nil when it asks for none, AI is off, or the provider failed.
    public func prepare(_ envelope: IncomingEnvelope) async -> PreparedRoast? {
        let plan: (prompt: RoastPrompt, collection: String?)?
        do {
            plan = try database.read { tx in try self.plan(envelope, tx) }
        } catch {
            logger.error("cannot plan an AI roast", metadata: ["update": "\(envelope.sequence)", "error": "\(error)"])
            return nil
        }
        guard let plan else { return nil }
        do {
            let text = try await source.roast(plan.prompt)
            return PreparedRoast(
                category: plan.prompt.category, spice: plan.prompt.spice, mood: plan.prompt.mood, collection: plan.collection, text: text)
        } catch {
            logger.info("no AI roast; the library answers", metadata: ["chat": "\(envelope.chat.id)", "reason": "\(error)"])
            return nil
        }
    }

    // MARK: - Helpers

    private func plan(_ envelope: IncomingEnvelope, _ tx: borrowing StoreTransaction) throws -> (prompt: RoastPrompt, collection: String?)?
    {
        // A chat seen for the first time gets the defaults it is about to be created with.
        let chat = try tx.chat(envelope.chat.id)
        guard try !tx.hasProcessed(update: envelope.sequence), chat?.aiEnabled ?? true,
            let request = try handler.request(for: envelope.event, chat: envelope.chat.id, tx)
        else { return nil }
        let language = chat?.language ?? BotDefaults.language(for: envelope)
        let maxSpice = chat?.maxSpice ?? ChatSettings.defaultMaxSpice
        let timeZone = chat.flatMap { TimeZone(identifier: $0.timeZone) } ?? BotDefaults.timeZone
        var mood = request.mood
        if mood == nil, let sender = envelope.sender {
            mood = try tx.mood(chat: envelope.chat.id, user: sender.id, on: LocalDate(envelope.date, in: timeZone))
        }
        // The collection asked for, else the sender's pick: its prompt modifier themes the roast.
        let collection = try request.collection ?? envelope.sender.flatMap { try tx.chosenCollection(chat: envelope.chat.id, user: $0.id) }
        if let id = collection, let themed = handler.collections.catalog.collection(id: id) {
            // A collection's own finite set answers first; the AI only once the sender has had it all.
            let served = try envelope.sender.map { try tx.libraryIDsServed(chat: envelope.chat.id, user: $0.id) } ?? []
            guard CollectionProgress(themed, language: language, served: served).isComplete else { return nil }
        }
        let feedback = ReactionFeedback(recent: try tx.ratedRoasts(chat: envelope.chat.id, limit: RoastHandler.feedbackHistory))
        var random = SplitMix64(seed: seed ^ (UInt64(bitPattern: envelope.sequence) &* 0x9E37_79B9_7F4A_7C15) ^ 0xA1)
        let category = request.category ?? Self.category(weights: feedback.categoryWeights, using: &random)
        let spice = min(
            request.spice ?? SpiceLevel(clamping: Int.random(in: 1...maxSpice.rawValue, using: &random)), maxSpice)
        let prompt = RoastPrompt(
            language: language, category: category, spice: spice, mood: mood,
            collectionModifier: collection.flatMap { handler.collections.catalog.collection(id: $0)?.promptModifier },
            feedbackAdjustment: feedback.promptAdjustment(for: category))
        return (prompt, collection)
    }

    /// A category drawn with the feedback's weights (cooled categories less often).
    private static func category(weights: [RoastCategory: Double], using random: inout SplitMix64) -> RoastCategory {
        let all = RoastCategory.allCases
        return all[RoastPicker.weightedIndex(all.map { weights[$0] ?? 1 }, using: &random)]
    }
}
