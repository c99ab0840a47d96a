import CurlHTTP
import Foundation

/// Webhook deliveries, as Telegram makes them: once the bot called setWebhook, every queued update
/// is POSTed to its URL as JSON with the secret token header, up to `max_connections` at once, until
/// the bot answers 2xx; a failed delivery is tried again later (see ``FakeBotAPIState``).
extension FakeBotAPI {
    /// Every delivery attempt so far, in the order they finished.
    public var webhookDeliveries: [FakeWebhookDelivery] { state.withLock { $0.webhookDeliveries } }

    /// The webhook the bot set, nil when none is.
    public var webhook: FakeWebhook? { state.withLock { $0.webhook } }

    /// Seconds before a failed delivery's first retry (default 0.3; it doubles per failure, up to 5 s).
    public var webhookRetryDelay: Double {
        get { state.withLock { $0.webhookRetryDelay } }
        set { state.withLock { $0.webhookRetryDelay = newValue } }
    }

    /// Starts delivering when a webhook is set and no delivery loop runs.
    func startWebhookDeliveriesIfNeeded() {
        let started = webhookLoop.withLock { loop -> Bool in
            guard loop == nil, state.withLock({ $0.webhook != nil }) else { return false }
            loop = Task { [self] in await runWebhookDeliveries() }
            return true
        }
        if !started { webhookSignal.signal() }
    }

    /// Stops delivering (the fake stops, or the webhook was removed) and waits for the loop to end.
    func stopWebhookDeliveries() async {
        let loop = webhookLoop.withLock { loop -> Task<Void, Never>? in
            defer { loop = nil }
            return loop
        }
        loop?.cancel()
        webhookSignal.signal()
        await loop?.value
    }

    private func runWebhookDeliveries() async {
        let client = CurlHTTPClient(configuration: .init(userAgent: "TelegramBot (like TwitterBot)", maxConnections: 100))
        defer { client.shutdown() }
        await withDiscardingTaskGroup { group in
            while !Task.isCancelled {
                guard let (webhook, updates) = state.withLock({ $0.takeWebhookDeliveries(now: .now) }) else { break }
                for update in updates {
                    group.addTask { await self.deliver(update, to: webhook, client: client) }
                }
                let retry = state.withLock { $0.nextWebhookRetry }
                let wait =
                    retry.map { max(.milliseconds(1), min(ContinuousClock.now.duration(to: $0), .milliseconds(200))) } ?? .milliseconds(200)
                await webhookSignal.wait(timeout: wait)
            }
            group.cancelAll()
        }
        webhookLoop.withLock { $0 = nil }
        // A webhook set again while this loop was ending gets a loop of its own.
        if !Task.isCancelled { startWebhookDeliveriesIfNeeded() }
    }

    private func deliver(_ update: FakeBotAPIState.QueuedUpdate, to webhook: FakeWebhook, client: CurlHTTPClient) async {
        var headers = [(name: "Content-Type", value: "application/json")]
        if let secret = webhook.secretToken { headers.append((name: "X-Telegram-Bot-Api-Secret-Token", value: secret)) }
        let request = HTTPRequest(
            method: .post, url: webhook.url, headers: headers, body: Array(update.json.utf8), timeout: 75, connectTimeout: 5)
        let started = Date()
        var delivery = FakeWebhookDelivery(updateID: update.id, status: nil, error: nil, startedAt: started, finishedAt: started)
        do {
            delivery.status = try await client.send(request).status
        } catch {
            delivery.error = "\(error)"
        }
        delivery.finishedAt = Date()
        state.withLock { $0.finishWebhookDelivery(delivery, now: .now) }
        webhookSignal.signal()
    }
}
