import ChatPlatform

/// The translated result of one `getUpdates` call.
///
/// The consumer applies `envelopes`, then persists `nextOffset` (in the same transaction as their
/// effects) so that a restart resumes after the last update it saw, skipped ones included.
public struct TelegramBatch: Sendable {
    public var envelopes: [IncomingEnvelope]
    /// Updates that produced no event, with a reason safe to log.
    public var skipped: [(updateID: Int64, reason: String)]
    /// One past the highest `update_id` in the batch: the offset of the next `getUpdates`.
    public var nextOffset: Int64
    /// Telegram numbered these updates anew (see ``UpdateNumbering``): ids at or below what was
    /// applied before are new updates, and the consumer must forget its low-water mark first.
    public var restartedNumbering: Bool

    public init(
        envelopes: [IncomingEnvelope], skipped: [(updateID: Int64, reason: String)], nextOffset: Int64, restartedNumbering: Bool = false
    ) {
        self.envelopes = envelopes
        self.skipped = skipped
        self.nextOffset = nextOffset
        self.restartedNumbering = restartedNumbering
    }
}
