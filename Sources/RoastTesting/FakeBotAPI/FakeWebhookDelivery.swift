import Foundation

/// One attempt to deliver an update to the webhook.
public struct FakeWebhookDelivery: Sendable, Equatable {
    public var updateID: Int
    /// The bot's HTTP status; nil when the request failed (refused, dropped, timed out).
    public var status: Int?
    /// Why the request failed, when it did.
    public var error: String?
    public var startedAt: Date
    public var finishedAt: Date

    /// Telegram counts only a 2xx answer as delivered.
    public var delivered: Bool { status.map { (200..<300).contains($0) } ?? false }
}
