import ChatPlatform
import Foundation
import MetricsTestKit
import RoastBot
import RoastStore
import Testing

/// What the pipeline counts, through the real router and store: updates received, applied and
/// skipped (a redelivery, a spammer's cool-down), handler and commit times, and outbox settlements.
struct BotMetricsTests {
    static func total(_ metrics: TestMetrics, _ label: String, _ dimensions: [(String, String)]) -> Int64 {
        metrics.counterTotal(label: label, dimensions: dimensions)
    }

    @Test func aRedeliveredUpdateIsReceivedTwiceAppliedOnceAndSkippedAsADuplicate() async throws {
        let metrics = TestMetrics()
        var bot = try BotFixture(metrics: BotMetrics(factory: metrics))
        // Delivered twice as a webhook would (polling's offset never hands an update over again).
        let roast = bot.command("/roast")
        #expect(await bot.runtime.pipeline.settle([roast], from: BotFixture.source))
        #expect(await bot.runtime.pipeline.settle([roast], from: BotFixture.source))
        await bot.runtime.outbox.deliverPending()
        let kind = [("kind", "command")]
        #expect(Self.total(metrics, BotMetrics.Name.received, kind) == 2)
        #expect(Self.total(metrics, BotMetrics.Name.applied, kind) == 1)
        #expect(Self.total(metrics, BotMetrics.Name.skipped, kind + [("reason", "duplicate")]) == 1)
        #expect(try metrics.expectTimer(BotMetrics.Name.handlerDuration, kind).values.count == 2)
        #expect(try metrics.expectTimer(BotMetrics.Name.commitDuration).values.count == 2)
        #expect(Self.total(metrics, BotMetrics.Name.outboxSettled, [("outcome", "delivered")]) == 1)
    }

    @Test func aSpammersCommandsInCooldownAreSkippedAsThrottled() async throws {
        let metrics = TestMetrics()
        var bot = try BotFixture(abuseGate: AbuseGate(limit: 2, window: 10, cooldown: 30), metrics: BotMetrics(factory: metrics))
        for _ in 0..<5 { await bot.run(bot.command("/help")) }
        let kind = [("kind", "command")]
        #expect(Self.total(metrics, BotMetrics.Name.received, kind) == 5)
        #expect(Self.total(metrics, BotMetrics.Name.skipped, kind + [("reason", "throttled")]) >= 2)
        #expect(
            Self.total(metrics, BotMetrics.Name.applied, kind)
                + Self.total(metrics, BotMetrics.Name.skipped, kind + [("reason", "throttled")])
                == 5)
    }

    @Test func untranslatableUpdatesCountAsReceivedAndSkipped() {
        let metrics = TestMetrics()
        BotMetrics(factory: metrics).untranslatable(3)
        #expect(Self.total(metrics, BotMetrics.Name.received, [("kind", "unsupported")]) == 3)
        #expect(Self.total(metrics, BotMetrics.Name.skipped, [("kind", "unsupported"), ("reason", "untranslatable")]) == 3)
    }

    @Test func everySeriesExistsBeforeAnythingHappens() {
        let metrics = TestMetrics()
        _ = BotMetrics(factory: metrics)
        #expect(metrics.counters(label: BotMetrics.Name.received).count == BotMetrics.kinds.count)
        #expect(metrics.counters(label: BotMetrics.Name.skipped).count == BotMetrics.kinds.count * BotMetrics.Skip.allCases.count)
        #expect(metrics.counters.allSatisfy { $0.totalValue == 0 })
    }

    /// A webhook delivery is applied with no resume point: the source keeps none.
    @Test func settlingAnEventAppliesItAndStoresNoResumePoint() async throws {
        var bot = try BotFixture()
        let help = bot.command("/help")
        #expect(await bot.runtime.pipeline.settle([help], from: BotFixture.source))
        #expect(await bot.runtime.pipeline.settle([help], from: BotFixture.source), "a redelivery is settled too")
        #expect(try bot.database.read { try $0.hasApplied(help.key!, from: BotFixture.source) })
        #expect(try bot.database.read { try $0.resumePoint(of: BotFixture.source) } == nil)
    }
}
