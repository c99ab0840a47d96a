import ChatPlatform
import Foundation
import Logging
import TelegramBotAPI
import Timekeeping

/// Telegram's side of webhook mode: `setWebhook` with the bot's URL, a fresh secret, the update
/// kinds the poller asks for (one list: ``TelegramPoller/defaultAllowedUpdates``) and a low number of
/// connections; then a periodic `getWebhookInfo` that counts as contact with Telegram (a quiet chat
/// sends no deliveries) unless Telegram reports that it cannot deliver, sets the webhook again if it was changed or removed (another process, an
/// operator), and logs the delivery errors Telegram reports. Going back to polling removes the
/// webhook: the poller's start-up calls `deleteWebhook`.
public struct TelegramWebhookRegistration: Sendable {
    /// Telegram allows 1–100; it delivers one update per connection at a time.
    public static let defaultMaxConnections = 8

    public let url: String
    public let maxConnections: Int
    public let allowedUpdates: [String]
    private let secret: WebhookSecret
    private let client: TelegramBotClient
    private let clock: any WallClock
    private let logger: Logger
    private let contact: PlatformContact?
    private let confirmingPolledBelow: Int64?

    /// - Parameter confirmingPolledBelow: the resume point polling stored, if the bot polled before.
    ///   Telegram forgets polled updates only at the next `getUpdates` with a higher offset, which a
    ///   poller that stopped (or crashed) right after applying its batch never made: ``register()``
    ///   makes that call first, or Telegram would deliver the applied batch again by webhook.
    public init(
        client: TelegramBotClient, url: String, secret: WebhookSecret, maxConnections: Int = Self.defaultMaxConnections,
        allowedUpdates: [String] = TelegramPoller.defaultAllowedUpdates, clock: any WallClock, logger: Logger,
        contact: PlatformContact? = nil, confirmingPolledBelow: Int64? = nil
    ) {
        self.confirmingPolledBelow = confirmingPolledBelow
        self.client = client
        self.url = url
        self.secret = secret
        self.maxConnections = maxConnections
        self.allowedUpdates = allowedUpdates
        self.clock = clock
        self.logger = logger
        self.contact = contact
    }

    /// Sets the webhook, retrying with backoff while Telegram is unreachable; returns false when
    /// cancelled first.
    /// - Throws: ``TelegramPollerError/unauthorized(code:)`` when Telegram refuses the token.
    public func register() async throws(TelegramPollerError) -> Bool {
        var delay = 1.0
        var confirmed = confirmingPolledBelow == nil
        while !Task.isCancelled {
            do {
                if !confirmed, let offset = confirmingPolledBelow {
                    do {
                        _ = try await client.getUpdates(offset: offset, limit: 1, timeout: 0)
                    } catch .conflict {
                        // A webhook is set already: nothing was polled since it was.
                    }
                    confirmed = true
                }
                try await client.setWebhook(
                    url: url, secretToken: secret.value, allowedUpdates: allowedUpdates, maxConnections: maxConnections)
                contact?.succeeded(atUptime: clock.uptime)
                logger.info("webhook set", metadata: ["max_connections": "\(maxConnections)"])
                return true
            } catch {
                if error.isUnauthorized, case .api(let code, _) = error { throw .unauthorized(code: code) }
                logger.warning("cannot set the webhook yet; retrying", metadata: ["error": "\(error)", "in": "\(Int(delay))s"])
            }
            do { try await clock.sleep(for: delay) } catch { return false }
            delay = min(delay * 2, 30)
        }
        return false
    }

    /// Whether Telegram is getting updates through: nothing waits, or its last failed delivery is
    /// older than two check intervals. Updates piling up behind a fresh error (the proxy down, a
    /// certificate expired) mean nothing arrives, however well `getWebhookInfo` answers.
    static func isDelivering(_ info: WebhookInfo, checkedAt now: Date, every interval: Double) -> Bool {
        guard info.pendingUpdateCount > 0, let failed = info.lastErrorDate else { return true }
        return now.timeIntervalSince1970 - Double(failed) > 2 * interval
    }

    /// Checks the webhook every `interval` seconds until cancelled (see the type's description).
    public func watch(every interval: Double) async {
        var reportedError: Int64?
        while !Task.isCancelled {
            do { try await clock.sleep(for: interval) } catch { return }
            let info: WebhookInfo
            do {
                info = try await client.getWebhookInfo()
            } catch {
                logger.warning("cannot check the webhook", metadata: ["error": "\(error)"])
                continue
            }
            if Self.isDelivering(info, checkedAt: clock.now, every: interval) {
                contact?.succeeded(atUptime: clock.uptime)
            }
            if let date = info.lastErrorDate, date != reportedError {
                reportedError = date
                logger.warning(
                    "Telegram reports a failed webhook delivery",
                    metadata: ["telegram": "\(info.lastErrorMessage ?? "")", "pending": "\(info.pendingUpdateCount)"])
            }
            if info.url != url {
                logger.error("the webhook was changed or removed elsewhere; setting it again")
                do { _ = try await register() } catch { return }
            }
        }
    }
}
