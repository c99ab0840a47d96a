import ChatPlatform
import Foundation
import Logging
import RoastBot
import RoastCore
import RoastTesting
import Testing
import Timekeeping

@testable import RoastStore

/// A feature whose command fails the way SQLite does on a full disk mid-transaction: it rolls the
/// whole transaction back and reports `SQLITE_FULL`.
private struct DiskFillingFeature: Feature {
    enum Action: Sendable, Hashable { case fill }

    let commands = [CommandSpec("fill", summary: LocalizedText(vi: "Đầy đĩa", en: "Fill the disk"))]

    func decode(_ input: FeatureInput) -> Action? {
        if case .command = input { return .fill }
        return nil
    }

    func handle(_ action: Action, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64) throws
        -> HandlerOutcome
    {
        try tx.connection.execute("ROLLBACK")
        throw StoreError.sqlite(code: 13, message: "database or disk is full")
    }
}

struct GroupCommitTests {
    /// The events sharing a commit with one that hit a full disk are reported as failing because of the
    /// store (they are retried when it recovers), not with the "no transaction is active" error the
    /// commit then gets — which would count as their own fault and could get them skipped.
    @Test func aFullDiskInTheMiddleOfAGroupFailsEveryEventAsAStoreCondition() throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let platform = RecordingPlatform.standardProfile
        let router = EventRouter(
            features: StandardFeatures.list(
                selector: RoastSelector(library: BotFixture.library), collections: CollectionCatalogStore(), badges: .standard,
                platform: platform)
                + [DiskFillingFeature()],
            platform: platform, logger: Logger(label: "test"))
        let processor = UpdateProcessor(
            database: bot.database, platform: platform, router: router, activity: ActivityRecorder(), seed: 1, logger: Logger(label: "test")
        )
        let events = [bot.command("/help"), bot.command("/fill"), bot.command("/help")].map { envelope in
            (envelope: envelope, prepared: PreparedEvent(action: router.decode(envelope)))
        }
        let attempts = processor.attempt(group: events[...], clock: bot.clock, budget: .seconds(10))
        #expect(!attempts.isEmpty)
        for attempt in attempts {
            guard case .failed(let error) = attempt else {
                Issue.record("an event of the rolled-back group was reported applied")
                continue
            }
            #expect(error.isStoreCondition, "\(error)")
        }
        #expect(try bot.database.read { try $0.hasApplied(events[0].envelope.key!, from: BotFixture.source) } == false)
    }
}
