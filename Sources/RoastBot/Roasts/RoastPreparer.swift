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
    private let selector: RoastSelector
    private let collections: CollectionCatalogStore
    private let seed: UInt64
    private let logger: Logger
    private let metrics: BotMetrics

    public init(
        database: RoastDatabase, source: any AIRoastSource, selector: RoastSelector, collections: CollectionCatalogStore, seed: UInt64,
        logger: Logger, metrics: BotMetrics = .disabled
    ) {
        self.metrics = metrics
        self.database = database
        self.source = source
        self.selector = selector
        self.collections = collections
        self.seed = seed
        self.logger = logger
    }

    /// The AI roast for `need` in `envelope`'s chat, or nil when it asks for none, AI is off there,
    /// the library must answer, or the provider failed.
    public func prepare(_ envelope: IncomingEnvelope, need: RoastNeed?) async -> PreparedRoast? {
        guard let need else { return nil }
        let plan: (prompt: RoastPrompt, collection: String?)?
        do {
            plan = try database.read { tx in try self.plan(need, envelope, tx) }
        } catch {
            logger.error(
                "cannot plan an AI roast", metadata: ["update": "\(envelope.key.map(String.init) ?? "none")", "error": "\(error)"])
            return nil
        }
        guard let plan else { return nil }
        do {
            let text = try await source.roast(plan.prompt)
            metrics.aiCall(.ok)
            return PreparedRoast(
                category: plan.prompt.category, spice: plan.prompt.spice, mood: plan.prompt.mood, collection: plan.collection, text: text)
        } catch {
            metrics.aiCall(Self.outcome(error))
            metrics.aiFallback()
            logger.info("no AI roast; the library answers", metadata: ["chat": "\(envelope.chat.id)", "reason": "\(error)"])
            return nil
        }
    }

    // MARK: - Helpers

    private static func outcome(_ error: AIRoastError) -> BotMetrics.AIOutcome {
        switch error {
        case .circuitOpen: .circuitOpen
        case .timedOut: .timedOut
        case .unreachable: .unreachable
        case .status: .status
        case .malformedResponse: .malformed
        case .unsafe: .unsafe
        case .cancelled: .cancelled
        }
    }

    private func plan(_ need: RoastNeed, _ envelope: IncomingEnvelope, _ tx: borrowing StoreTransaction) throws -> (
        prompt: RoastPrompt, collection: String?
    )? {
        if let key = envelope.key, try tx.hasApplied(key, from: envelope.source) { return nil }
        // A chat seen for the first time gets the defaults it is about to be created with.
        let chat =
            try tx.chat(envelope.chat.id)
            ?? ChatSettings(
                chatID: envelope.chat.id, kind: envelope.chat.kind, language: BotDefaults.language(for: envelope), createdAt: envelope.date)
        guard chat.aiEnabled else { return nil }
        let request: RoastRequest
        switch need {
        case .request(let asked):
            request = asked
        case .like(let id):
            guard let original = try tx.roast(id), original.chatID == envelope.chat.id else { return nil }
            request = RoastAudience.request(like: original)
        }
        let ask = try RoastAudience.ask(
            request, chat: chat, person: envelope.sender?.id, on: LocalDate(envelope.date, in: chat.zone), tx)
        var random = SplitMix64(seed: seed ^ (UInt64(bitPattern: UpdateProcessor.randomKey(of: envelope)) &* 0x9E37_79B9_7F4A_7C15) ^ 0xA1)
        return selector.prompt(for: ask, catalog: collections.catalog, using: &random)
    }
}
