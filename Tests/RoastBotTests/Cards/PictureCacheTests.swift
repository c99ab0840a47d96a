import CardModel
import RoastBot
import RoastCore
import Synchronization
import Testing

/// A picture shown again within minutes is not drawn again; the cache forgets by age and by size, and keeps no
/// failure.
struct PictureCacheTests {
    /// Draws a PNG of `size` bytes (or fails) and counts its drawings.
    final class CountingDrawing: PictureRendering {
        let drawings = Mutex(0)
        let size: Int
        let fails: Mutex<Bool>

        init(size: Int = 100, fails: Bool = false) {
            self.size = size
            self.fails = Mutex(fails)
        }

        func render(_ picture: Picture) async throws(PictureRenderingError) -> [UInt8] {
            drawings.withLock { $0 += 1 }
            if fails.withLock({ $0 }) { throw PictureRenderingError("drawing failed") }
            return [UInt8](repeating: UInt8(truncatingIfNeeded: picture.hashValue), count: size)
        }

        var count: Int { drawings.withLock { $0 } }
    }

    /// A clock the test moves.
    final class Hands: Sendable {
        let start = ContinuousClock.now
        let elapsed = Mutex(Duration.zero)
        func advance(_ by: Duration) { elapsed.withLock { $0 += by } }
        var now: @Sendable () -> ContinuousClock.Instant { { [self] in start + elapsed.withLock { $0 } } }
    }

    static func heatmap(streak: Int) -> Picture {
        let today = LocalDate(year: 2026, month: 11, day: 27)
        return .heatmap(
            StreakHeatmap(
                activeDays: [today], today: today, currentStreak: streak, longestStreak: streak, nextMilestone: nil, language: .en))
    }

    @Test func aPictureShownAgainWithinItsLifetimeIsDrawnOnce() async throws {
        let drawing = CountingDrawing()
        let hands = Hands()
        let cache = PictureCache(drawing: drawing, lifetime: .seconds(600), now: hands.now)
        let first = try await cache.render(Self.heatmap(streak: 1))
        hands.advance(.seconds(599))
        let again = try await cache.render(Self.heatmap(streak: 1))
        #expect(again == first)
        #expect(drawing.count == 1)
        _ = try await cache.render(Self.heatmap(streak: 2))
        #expect(drawing.count == 2)
    }

    @Test func aPictureOlderThanItsLifetimeIsDrawnAgainAndForgotten() async throws {
        let drawing = CountingDrawing()
        let hands = Hands()
        let cache = PictureCache(drawing: drawing, lifetime: .seconds(600), now: hands.now)
        _ = try await cache.render(Self.heatmap(streak: 1))
        _ = try await cache.render(Self.heatmap(streak: 2))
        hands.advance(.seconds(601))
        _ = try await cache.render(Self.heatmap(streak: 1))
        #expect(drawing.count == 3)
        // The expired second picture is gone, not merely stale.
        #expect(cache.count == 1)
    }

    @Test func theOldestDrawnGoFirstWhenTheBytesRunOut() async throws {
        let drawing = CountingDrawing(size: 400)
        let cache = PictureCache(drawing: drawing, capacity: 1_000)
        for streak in 1...3 { _ = try await cache.render(Self.heatmap(streak: streak)) }
        #expect(cache.count == 2)
        _ = try await cache.render(Self.heatmap(streak: 3))
        #expect(drawing.count == 3)
        _ = try await cache.render(Self.heatmap(streak: 1))
        #expect(drawing.count == 4)
    }

    @Test func aPictureLargerThanTheCacheIsDrawnButNotKept() async throws {
        let drawing = CountingDrawing(size: 2_000)
        let cache = PictureCache(drawing: drawing, capacity: 1_000)
        _ = try await cache.render(Self.heatmap(streak: 1))
        _ = try await cache.render(Self.heatmap(streak: 1))
        #expect(drawing.count == 2)
        #expect(cache.count == 0)
    }

    @Test func aFailedDrawingIsTriedAgainNextTime() async throws {
        let drawing = CountingDrawing(fails: true)
        let cache = PictureCache(drawing: drawing)
        await #expect(throws: PictureRenderingError.self) { try await cache.render(Self.heatmap(streak: 1)) }
        drawing.fails.withLock { $0 = false }
        _ = try await cache.render(Self.heatmap(streak: 1))
        #expect(drawing.count == 2)
    }
}
