import ChatPlatform
import Foundation
import Logging
import Synchronization
import TelegramBotAPI
import Timekeeping

/// The webhook endpoint's logic, apart from any HTTP server: checks that a delivery comes from
/// Telegram, reads and decodes its update, and answers 200 only once the update was applied (or
/// found applied before, or is of a kind the bot skips). Telegram delivers again whatever was not
/// answered 200, and the pipeline recognises what it applied before, so each update is applied
/// exactly once, as with polling.
///
/// - A missing or wrong `X-Telegram-Bot-Api-Secret-Token`: 401, before the body is read (``screen(secretToken:)``,
///   which the listener calls on its own thread before reading any of the body); nothing is written.
/// - A body over ``maximumBodyBytes``: 413. Not an update (malformed JSON, no `update_id`): 400.
/// - One chat's updates are applied one at a time in arrival order (see ``ChatTurns``).
/// - While shutting down, or if the update could not be applied before shutdown: 503, so that
///   Telegram delivers it again to the next process.
///
/// A refusal's reply says why in words safe to log (never the secret nor the body); the listener logs
/// refusals at most once a minute with a count, so that a flood of forged deliveries costs no log line each.
public final class TelegramWebhookReceiver: Sendable {
    /// What the endpoint answers.
    public struct Reply: Sendable, Hashable {
        public var status: Int
        public var body: String
        /// Why the delivery was refused, safe to log; nil when it was not refused.
        public var refusal: String?

        public init(status: Int, body: String, refusal: String? = nil) {
            self.status = status
            self.body = body
            self.refusal = refusal
        }
    }

    /// Updates are a few kilobytes; a megabyte leaves room for the longest message with every entity.
    public static let defaultMaximumBodyBytes = 1 << 20

    public let maximumBodyBytes: Int
    private let secret: WebhookSecret
    private let translator: UpdateTranslator
    private let clock: any WallClock
    private let receiptClock: any WallClock
    private let logger: Logger
    private let metrics: TelegramMetrics
    private let contact: PlatformContact?
    private let apply: @Sendable (IncomingEnvelope) async -> Bool
    private let skipped: @Sendable (_ updateID: Int64, _ reason: String) -> Void
    private let turns = ChatTurns()
    private let state = Mutex<(closing: Bool, inFlight: Int)>((false, 0))

    /// - Parameters:
    ///   - clock: real time, for `contact` and how late updates arrive.
    ///   - receiptClock: dates updates Telegram does not date (the bot's clock).
    ///   - apply: applies one event; false when it was not applied or skipped (shutdown).
    ///   - skipped: told of each update the translator skips (its id and a reason safe to log).
    public init(
        secret: WebhookSecret, translator: UpdateTranslator, clock: any WallClock, receiptClock: (any WallClock)? = nil, logger: Logger,
        metrics: TelegramMetrics = .disabled, contact: PlatformContact? = nil,
        maximumBodyBytes: Int = TelegramWebhookReceiver.defaultMaximumBodyBytes,
        apply: @escaping @Sendable (IncomingEnvelope) async -> Bool,
        skipped: @escaping @Sendable (_ updateID: Int64, _ reason: String) -> Void = { _, _ in }
    ) {
        self.secret = secret
        self.translator = translator
        self.clock = clock
        self.receiptClock = receiptClock ?? clock
        self.logger = logger
        self.metrics = metrics
        self.contact = contact
        self.maximumBodyBytes = maximumBodyBytes
        self.apply = apply
        self.skipped = skipped
    }

    /// Checks a delivery before its body is read: nil to go on (read the body, up to
    /// ``maximumBodyBytes``, then ``deliver(body:)``), else the reply — 401 without the right secret
    /// (compared in constant time), 413 when the declared length is over the limit, 503 while
    /// closing. Quick and never waits: the listener calls it on its own thread.
    public func screen(secretToken: String?, declaredLength: Int? = nil) -> Reply? {
        let reply: Reply
        if !secret.matches(secretToken) {
            reply = Reply(status: 401, body: "unauthorized", refusal: "webhook delivery without the right secret token")
        } else if state.withLock({ $0.closing }) {
            reply = Reply(status: 503, body: "shutting down")
        } else if let declaredLength, declaredLength > maximumBodyBytes {
            reply = oversized
        } else {
            return nil
        }
        metrics.webhookAnswered(reply.status)
        return reply
    }

    /// The reply to a body found longer than ``maximumBodyBytes`` while it was read.
    public func refuseOversizedBody() -> Reply {
        metrics.webhookAnswered(413)
        return oversized
    }

    /// Handles a delivery that passed ``screen(secretToken:declaredLength:)``, once its body is read.
    public func deliver(body: [UInt8]) async -> Reply {
        let reply = await handle(body)
        metrics.webhookAnswered(reply.status)
        return reply
    }

    /// Handles one delivery: ``screen(secretToken:declaredLength:)``, then the body, then ``deliver(body:)``.
    /// - Parameters:
    ///   - secretToken: the request's `X-Telegram-Bot-Api-Secret-Token` header.
    ///   - readBody: reads the request body, or returns nil as soon as it is longer than its limit.
    public func receive(secretToken: String?, readBody: (_ limit: Int) async throws -> [UInt8]?) async -> Reply {
        if let refused = screen(secretToken: secretToken) { return refused }
        let body: [UInt8]
        do {
            guard let read = try await readBody(maximumBodyBytes) else { return refuseOversizedBody() }
            body = read
        } catch {
            metrics.webhookAnswered(400)
            return Reply(status: 400, body: "unreadable body", refusal: "webhook delivery body unreadable")
        }
        return await deliver(body: body)
    }

    /// Answers every later delivery 503 and waits (up to `timeout` seconds) for those under way.
    public func close(timeout: Double = 10) async {
        state.withLock { $0.closing = true }
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1_000))
        while state.withLock({ $0.inFlight }) > 0, ContinuousClock.now < deadline {
            // Also when the caller is cancelled (shutting down), which would make its own sleep return
            // at once and this loop spin a core until the deadline: the pause is a task of its own.
            await Task { try? await Task.sleep(for: .milliseconds(10)) }.value
        }
    }

    // MARK: - Helpers

    private var oversized: Reply {
        Reply(status: 413, body: "body too large", refusal: "webhook delivery body over \(maximumBodyBytes) bytes")
    }

    private func handle(_ body: [UInt8]) async -> Reply {
        let entered = state.withLock { state -> Bool in
            guard !state.closing else { return false }
            state.inFlight += 1
            return true
        }
        guard entered else { return Reply(status: 503, body: "shutting down") }
        defer { state.withLock { $0.inFlight -= 1 } }

        let update: Update
        do {
            update = try Update.decode(body)
        } catch {
            return Reply(
                status: 400, body: "not an update", refusal: "webhook delivery is not an update (malformed JSON or no update_id)")
        }
        metrics.pollLag(seconds: Update.lag(of: [update], at: clock.now))
        switch translator.translate(update, receivedAt: receiptClock.now) {
        case .skip(let reason):
            skipped(update.updateID, reason)
            contact?.succeeded(atUptime: clock.uptime)
            return Reply(status: 200, body: "")
        case .event(let envelope):
            let applied = await turns.run(in: envelope.chat.id) { await apply(envelope) }
            guard applied else { return Reply(status: 503, body: "not applied; deliver again") }
            contact?.succeeded(atUptime: clock.uptime)
            logger.trace("webhook update applied", metadata: ["update_id": "\(update.updateID)"])
            return Reply(status: 200, body: "")
        }
    }
}
