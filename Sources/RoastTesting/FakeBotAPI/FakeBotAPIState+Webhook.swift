import Foundation

/// The webhook's rules: setWebhook's validation and which update goes out when, as on Telegram —
/// an update leaves the queue only when the bot answered 2xx; any other answer or a failed request
/// is tried again after a growing delay.
extension FakeBotAPIState {
    /// <https://core.telegram.org/bots/api#setwebhook>: an empty url removes the webhook.
    mutating func setWebhook(_ parameters: RequestParameters) -> APIReply {
        let url = parameters.string("url") ?? ""
        guard !url.isEmpty else {
            webhook = nil
            return .ok(true)
        }
        guard url.hasPrefix("https://") || url.hasPrefix("http://") else {
            return .badRequest("bad webhook: An HTTPS URL must be provided for webhook")
        }
        let secret = parameters.string("secret_token")
        if let secret {
            let allowed = secret.unicodeScalars.allSatisfy {
                ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
            }
            guard (1...256).contains(secret.count), allowed else {
                return .badRequest("bad webhook: secret token contains unallowed characters")
            }
        }
        let maxConnections = Int(parameters.int("max_connections") ?? 40)
        guard (1...100).contains(maxConnections) else { return .badRequest("bad webhook: invalid max_connections") }
        let allowed = parameters.json("allowed_updates")?.arrayValue.map { Set($0.compactMap(\.stringValue)) }
        if let allowed { allowedUpdates = allowed }
        webhook = FakeWebhook(url: url, secretToken: secret, maxConnections: maxConnections, allowedUpdates: allowed)
        return .ok(true)
    }

    /// The webhook and the updates to deliver now (queued, of a kind the bot asked for, not being
    /// delivered, due), marked as being delivered; nil when no webhook is set.
    mutating func takeWebhookDeliveries(now: ContinuousClock.Instant) -> (webhook: FakeWebhook, updates: [QueuedUpdate])? {
        guard let webhook else { return nil }
        let free = webhook.maxConnections - webhookInFlight.count
        guard free > 0 else { return (webhook, []) }
        var due: [QueuedUpdate] = []
        for update in deliverable(limit: Int.max) where !webhookInFlight.contains(update.id) {
            if let retry = webhookRetryAt[update.id], retry > now { continue }
            due.append(update)
            if due.count == free { break }
        }
        for update in due { webhookInFlight.insert(update.id) }
        return (webhook, due)
    }

    /// The earliest moment a failed delivery may be tried again, if any is waiting.
    var nextWebhookRetry: ContinuousClock.Instant? { webhookRetryAt.values.min() }

    /// Records how delivering update `id` went: delivered (2xx) updates leave the queue; others wait
    /// `retryDelay × 2^(attempts−1)` (at most 5 s) before the next try.
    mutating func finishWebhookDelivery(_ delivery: FakeWebhookDelivery, now: ContinuousClock.Instant) {
        webhookInFlight.remove(delivery.updateID)
        webhookDeliveries.append(delivery)
        if delivery.delivered {
            queue.removeAll { $0.id == delivery.updateID }
            webhookRetryAt[delivery.updateID] = nil
            webhookAttempts[delivery.updateID] = nil
            return
        }
        let attempts = (webhookAttempts[delivery.updateID] ?? 0) + 1
        webhookAttempts[delivery.updateID] = attempts
        let delay = min(webhookRetryDelay * pow(2, Double(attempts - 1)), 5)
        webhookRetryAt[delivery.updateID] = now + .milliseconds(Int(delay * 1_000))
        webhookLastError = (
            Int64(delivery.finishedAt.timeIntervalSince1970),
            delivery.status.map { "Wrong response from the webhook: \($0)" } ?? "Connection refused"
        )
    }
}
