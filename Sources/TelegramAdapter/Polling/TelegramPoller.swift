import ChatPlatform
import Foundation
import Logging
import TelegramBotAPI
import Timekeeping

/// Why polling stopped for good.
public enum TelegramPollerError: Error, Sendable, Hashable {
    /// Telegram refused the token (HTTP 401, or 404 for an unknown token or a wrong base URL).
    /// Retrying cannot help; the process should exit non-zero.
    case unauthorized(code: Int)
}

/// The bot account behind a token, as `getMe` reports it.
public struct BotIdentity: Sendable, Hashable {
    public var id: Int64
    public var username: String

    public init(id: Int64, username: String) {
        self.id = id
        self.username = username
    }
}

/// Long-polls `getUpdates`, translates each batch and hands it to the bot, until cancelled.
///
/// Failures never end the loop except a refused token: transport errors, 5xx and malformed
/// responses back off exponentially with full jitter (1 s base, 30 s cap, reset after a success);
/// flood control waits exactly `retry_after`; a 409 Conflict (another instance, or a webhook) is
/// logged once per streak and retried with a 60 s cap. A watchdog abandons a `getUpdates` call that
/// has not returned `pollTimeout + 30` s (of `clock`) after it started.
///
/// Logs carry update counts, ids and skip reasons; never message text or the token.
public struct TelegramPoller: Sendable {
    public static let defaultAllowedUpdates = [
        "message", "callback_query", "message_reaction", "my_chat_member", "chat_member", "inline_query", "chosen_inline_result",
    ]

    public let pollTimeout: Int
    public let allowedUpdates: [String]

    private let client: TelegramBotClient
    private let translator: UpdateTranslator
    private let clock: any WallClock
    private let receiptClock: any WallClock
    private let logger: Logger
    private let jitter: @Sendable (_ upperBound: Double) -> Double
    private let metrics: TelegramMetrics
    private let contact: PlatformContact?

    /// - Parameters:
    ///   - clock: times the waits between polls and the watchdog.
    ///   - receiptClock: dates the updates Telegram sends without a date of their own (button presses,
    ///     inline queries); the bot's clock, which a demo may simulate. Defaults to `clock`.
    ///   - jitter: returns a delay in `0...upperBound`; tests pass a deterministic one.
    ///   - contact: told of every successful poll, on `clock`'s uptime (the health check reads it).
    public init(
        client: TelegramBotClient, translator: UpdateTranslator, clock: any WallClock, receiptClock: (any WallClock)? = nil, logger: Logger,
        pollTimeout: Int = 50, allowedUpdates: [String] = TelegramPoller.defaultAllowedUpdates,
        jitter: @escaping @Sendable (_ upperBound: Double) -> Double = { Double.random(in: 0...$0) },
        metrics: TelegramMetrics = .disabled, contact: PlatformContact? = nil
    ) {
        self.metrics = metrics
        self.contact = contact
        self.client = client
        self.translator = translator
        self.clock = clock
        self.receiptClock = receiptClock ?? clock
        self.logger = logger
        self.pollTimeout = pollTimeout
        self.allowedUpdates = allowedUpdates
        self.jitter = jitter
    }

    /// Identifies the bot (`getMe`) and removes any webhook (keeping pending updates) so that
    /// polling can start. Call it before building the ``UpdateTranslator``; a failure here is the
    /// caller's to report (an ``TelegramError/isUnauthorized`` one should end the process).
    public static func prepare(client: TelegramBotClient) async throws(TelegramError) -> BotIdentity {
        let me = try await client.getMe()
        try await client.deleteWebhook(dropPendingUpdates: false)
        return BotIdentity(id: me.id, username: me.username ?? "")
    }

    /// Polls from `startOffset` (nil: whatever Telegram has unconfirmed) until the task is cancelled,
    /// then returns. `handle` is awaited for every non-empty batch before the next poll; it applies
    /// the envelopes and persists ``TelegramBatch/nextOffset``.
    ///
    /// - Throws: ``TelegramPollerError/unauthorized(code:)`` when Telegram refuses the token.
    public func run(startOffset: Int64?, handle: @Sendable (TelegramBatch) async -> Void) async throws(TelegramPollerError) {
        var offset = startOffset
        var failures = 0
        var conflictLogged = false
        var limit: Int?
        logger.info("polling started", metadata: ["offset": "\(offset.map(String.init) ?? "none")"])
        defer { logger.info("polling stopped") }

        while !Task.isCancelled {
            let outcome = await poll(offset: offset, limit: limit)
            if Task.isCancelled { return }
            if case .failed(let error) = outcome { metrics.request("getUpdates", failedWith: error) }
            let delay: Double
            switch outcome {
            case .cancelled:
                return
            case .updates(let updates):
                failures = 0
                conflictLogged = false
                limit = Self.grown(limit)
                metrics.request("getUpdates", .ok)
                metrics.pollLag(seconds: Update.lag(of: updates, at: clock.now))
                contact?.succeeded(atUptime: clock.uptime)
                guard !updates.isEmpty else { continue }
                let batch = makeBatch(updates, receivedAt: receiptClock.now, polledFrom: offset)
                log(batch, updates: updates)
                await handle(batch)
                offset = batch.nextOffset
                continue
            case .watchdog:
                metrics.request("getUpdates", .transient)
                failures += 1
                delay = backoff(failures: failures, cap: 30)
                logger.warning(
                    "getUpdates did not return in time; abandoning it",
                    metadata: ["after_seconds": "\(pollTimeout + 30)", "retry_in": "\(Self.seconds(delay))"])
            case .failed(.retryAfter(let seconds)):
                delay = Double(seconds)
                logger.warning("Telegram flood control on getUpdates", metadata: ["retry_after": "\(seconds)"])
            case .failed(.conflict(let description)):
                failures += 1
                delay = backoff(failures: failures, cap: 60)
                if !conflictLogged {
                    conflictLogged = true
                    logger.error(
                        "another instance is polling this token (or a webhook is set); retrying until it stops",
                        metadata: ["telegram": "\(description)", "retry_in": "\(Self.seconds(delay))"])
                }
            case .failed(.network(.responseTooLarge(let cap))):
                failures += 1
                delay = backoff(failures: failures, cap: 30)
                limit = Self.shrunk(limit)
                logger.warning(
                    "getUpdates answer larger than the response cap; asking for fewer updates",
                    metadata: ["cap_bytes": "\(cap)", "limit": "\(limit ?? Self.telegramLimit)", "retry_in": "\(Self.seconds(delay))"])
            case .failed(let error) where error.isUnauthorized:
                guard case .api(let code, _) = error else { preconditionFailure("unauthorized is an api error") }
                logger.critical("Telegram refused the bot token; check the token and the base URL", metadata: ["code": "\(code)"])
                throw .unauthorized(code: code)
            case .failed(let error):
                failures += 1
                delay = backoff(failures: failures, cap: 30)
                logger.warning(
                    "getUpdates failed", metadata: ["error": "\(error)", "attempt": "\(failures)", "retry_in": "\(Self.seconds(delay))"])
            }
            do {
                try await clock.sleep(for: delay)
            } catch {
                return
            }
        }
    }

    // MARK: Helpers

    private enum PollOutcome: Sendable {
        case updates([Update])
        case failed(TelegramError)
        case watchdog
        case cancelled
    }

    /// One `getUpdates` call raced against the watchdog.
    private func poll(offset: Int64?, limit: Int?) async -> PollOutcome {
        let client = client
        let clock = clock
        let (timeout, allowed, watchdog) = (pollTimeout, allowedUpdates, Double(pollTimeout + 30))
        return await withTaskGroup(of: PollOutcome.self) { group in
            group.addTask {
                do throws(TelegramError) {
                    return .updates(try await client.getUpdates(offset: offset, limit: limit, timeout: timeout, allowedUpdates: allowed))
                } catch {
                    return .failed(error)
                }
            }
            group.addTask {
                do {
                    try await clock.sleep(for: watchdog)
                    return .watchdog
                } catch {
                    return .cancelled
                }
            }
            let first = await group.next() ?? .cancelled
            group.cancelAll()
            return first
        }
    }

    private func makeBatch(_ updates: [Update], receivedAt: Date, polledFrom offset: Int64?) -> TelegramBatch {
        var envelopes: [IncomingEnvelope] = []
        var skipped: [(updateID: Int64, reason: String)] = []
        for update in updates {
            switch translator.translate(update, receivedAt: receivedAt) {
            case .event(let envelope): envelopes.append(envelope)
            case .skip(let reason): skipped.append((update.updateID, reason))
            }
        }
        let ids = updates.map(\.updateID)
        let restarted = UpdateNumbering.restarted(ids, polledFrom: offset)
        if restarted {
            logger.notice(
                "Telegram numbers updates anew (ids below the offset asked for)",
                metadata: ["offset": "\(offset ?? 0)", "lowest": "\(ids.min() ?? 0)"])
        }
        return TelegramBatch(envelopes: envelopes, skipped: skipped, nextOffset: (ids.max() ?? 0) + 1, restartedNumbering: restarted)
    }

    private func log(_ batch: TelegramBatch, updates: [Update]) {
        let ids = updates.map(\.updateID)
        logger.debug(
            "received updates",
            metadata: [
                "count": "\(ids.count)", "first_id": "\(ids.min() ?? 0)", "last_id": "\(ids.max() ?? 0)",
                "events": "\(batch.envelopes.count)", "skipped": "\(batch.skipped.count)",
            ])
        for skip in batch.skipped {
            logger.debug("skipped update", metadata: ["update_id": "\(skip.updateID)", "reason": "\(skip.reason)"])
        }
    }

    /// Telegram's own batch size when no `limit` is sent.
    static let telegramLimit = 100

    /// Half the batch after an answer too large for the response cap (at least one update), so the bot
    /// moves past a run of huge updates instead of asking for the same answer forever.
    private static func shrunk(_ limit: Int?) -> Int { max(1, (limit ?? telegramLimit) / 2) }

    /// Twice the batch after a good answer, back to Telegram's default once it reaches it.
    private static func grown(_ limit: Int?) -> Int? {
        guard let limit else { return nil }
        return limit * 2 >= telegramLimit ? nil : limit * 2
    }

    /// Full jitter: a random delay up to `min(cap, 1 s × 2^(failures-1))`.
    private func backoff(failures: Int, cap: Double) -> Double {
        let upper = min(cap, pow(2, Double(max(failures, 1) - 1)))
        return min(max(jitter(upper), 0), upper)
    }

    private static func seconds(_ value: Double) -> String { String(format: "%.1f", value) }
}
