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

    private func plan(_ envelope: IncomingEnvelope, _ tx: borrowing StoreTransaction) throws -> (prompt: RoastPrompt, collection: String?)? {
        guard try !tx.hasProcessed(update: envelope.sequence),
            let chat = try tx.chat(envelope.chat.id), chat.aiEnabled,
            let request = try handler.request(for: envelope.event, chat: chat.chatID, tx)
        else { return nil }
        let timeZone = TimeZone(identifier: chat.timeZone) ?? BotDefaults.timeZone
        var mood = request.mood
        if mood == nil, let sender = envelope.sender {
            mood = try tx.mood(chat: chat.chatID, user: sender.id, on: LocalDate(envelope.date, in: timeZone))
        }
        let feedback = ReactionFeedback(recent: try tx.ratedRoasts(chat: chat.chatID, limit: RoastHandler.feedbackHistory))
        var random = SplitMix64(seed: seed ^ (UInt64(bitPattern: envelope.sequence) &* 0x9E37_79B9_7F4A_7C15) ^ 0xA1)
        let category = request.category ?? Self.category(weights: feedback.categoryWeights, using: &random)
        let spice = min(
            request.spice ?? SpiceLevel(clamping: Int.random(in: 1...chat.maxSpice.rawValue, using: &random)), chat.maxSpice)
        let prompt = RoastPrompt(
            language: chat.language, category: category, spice: spice, mood: mood, collectionModifier: nil,
            feedbackAdjustment: feedback.promptAdjustment(for: category))
        return (prompt, request.collection)
    }

    /// A category drawn with the feedback's weights (cooled categories less often).
    private static func category(weights: [RoastCategory: Double], using random: inout SplitMix64) -> RoastCategory {
        let all = RoastCategory.allCases
        let scores = all.map { weights[$0] ?? 1 }
        var target = Double.random(in: 0..<scores.reduce(0, +), using: &random)
        for (category, score) in zip(all, scores) {
            if target < score { return category }
            target -= score
        }
        return all[all.count - 1]
    }
}
