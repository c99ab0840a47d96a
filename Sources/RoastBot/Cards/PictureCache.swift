import CardModel
import Synchronization

/// Keeps the pictures just drawn for a few minutes, so that the same picture shown again is not drawn again:
/// a card whose style buttons go back and forth, a second 🖼 press on the same roast. It matters on a platform
/// that keeps no reusable photo id (Discord: an attachment's address expires, so each post uploads the PNG), where
/// the outbox would otherwise draw the card again each time; on one that keeps ids (Telegram) the stored photo is
/// used before any drawing, and the cache is rarely asked.
///
/// Bounded by bytes (the oldest drawn go first) and by time: a picture shows a roast and a name, so it is kept
/// only ``lifetime`` after it was drawn (a `/forgetme` leaves it at most that long, in memory only). Failures are
/// not kept: the next order tries again.
public final class PictureCache: PictureRendering {
    /// How long a drawn picture is reused.
    public static let standardLifetime = Duration.seconds(10 * 60)
    /// The bytes kept at most (a card's PNG is about 50–300 KB).
    public static let standardCapacity = 8 << 20

    private let drawing: any PictureRendering
    private let capacity: Int
    private let lifetime: Duration
    private let now: @Sendable () -> ContinuousClock.Instant
    private let state = Mutex(State())

    private struct Entry {
        var png: [UInt8]
        var drawnAt: ContinuousClock.Instant
    }

    private struct State {
        var entries: [Picture: Entry] = [:]
        /// Oldest first.
        var order: [Picture] = []
        var bytes = 0
    }

    public init(
        drawing: any PictureRendering, capacity: Int = PictureCache.standardCapacity, lifetime: Duration = PictureCache.standardLifetime,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.drawing = drawing
        self.capacity = max(capacity, 0)
        self.lifetime = lifetime
        self.now = now
    }

    public func render(_ picture: Picture) async throws(PictureRenderingError) -> [UInt8] {
        if let kept = kept(picture) { return kept }
        let png = try await drawing.render(picture)
        keep(png, for: picture)
        return png
    }

    /// The pictures kept now.
    public var count: Int { state.withLock { $0.entries.count } }

    private func kept(_ picture: Picture) -> [UInt8]? {
        let now = now()
        return state.withLock { state in
            Self.dropExpired(&state, before: now - lifetime)
            return state.entries[picture]?.png
        }
    }

    private func keep(_ png: [UInt8], for picture: Picture) {
        guard png.count <= capacity else { return }
        let now = now()
        state.withLock { state in
            if let old = state.entries.removeValue(forKey: picture) {
                state.bytes -= old.png.count
                state.order.removeAll { $0 == picture }
            }
            while state.bytes + png.count > capacity, !state.order.isEmpty {
                let oldest = state.order.removeFirst()
                state.bytes -= state.entries.removeValue(forKey: oldest)?.png.count ?? 0
            }
            state.entries[picture] = Entry(png: png, drawnAt: now)
            state.order.append(picture)
            state.bytes += png.count
        }
    }

    private static func dropExpired(_ state: inout State, before limit: ContinuousClock.Instant) {
        while let oldest = state.order.first, let entry = state.entries[oldest], entry.drawnAt <= limit {
            state.order.removeFirst()
            state.entries.removeValue(forKey: oldest)
            state.bytes -= entry.png.count
        }
    }
}
