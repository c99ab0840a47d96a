import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastTesting
import Testing

@testable import RoastStore

/// The store's faults are waited out: no event is lost, skipped or applied out of order while the
/// database cannot take writes.
struct StoreFaultTests {
    /// Waits (real time, bounded) until `condition` holds.
    static func eventually(_ condition: () -> Bool) async throws {
        for _ in 0..<400 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
        #expect(condition())
    }

    @Test(arguments: [StoreFaults.Fault.full, .ioerr, .busy])
    func commandsWaitForAStoreThatCannotTakeWritesAndAreAnsweredOnceAfter(_ fault: StoreFaults.Fault) async throws {
        let faults = StoreFaults()
        var bot = try BotFixture(faults: faults)
        defer { bot.cleanUp() }
        await bot.run(bot.command("/start"))
        let before = bot.platform.sentMessages.count
        faults.inject(fault)
        let roasts = (0..<5).map { _ in bot.command("/roast", from: BotFixture.bob) }
        let last = roasts.last!.key!
        let processing = Task { [pipeline = bot.runtime.pipeline] in
            await pipeline.process(roasts, from: BotFixture.source, nextOffset: last + 1)
        }
        try await Self.eventually { bot.runtime.pipeline.health.unavailable != nil }
        try await Task.sleep(for: .milliseconds(300))
        #expect(try bot.database.read { try $0.hasApplied(roasts[0].key!, from: BotFixture.source) } == false)
        #expect(try bot.database.read { try $0.resumePoint(of: BotFixture.source) } != last + 1)
        faults.inject(nil)
        await processing.value
        await bot.runtime.outbox.deliverPending()
        #expect(bot.runtime.pipeline.health.unavailable == nil)
        let answers = bot.platform.sentMessages[before...].filter { $0.content.buttons.count == 2 }
        #expect(answers.count == 5)
        #expect(try bot.database.read { try $0.resumePoint(of: BotFixture.source) } == last + 1)
        #expect(try bot.database.read { try $0.profile(chat: BotFixture.group.id, user: BotFixture.bob.id)?.roastCount } == 5)
    }

    /// An event whose own failure repeats while the store takes writes is given up; the chat's next
    /// event is applied after it, not before.
    @Test func anEventThatKeepsFailingIsSkippedAndTheChatGoesOn() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        try bot.database.write { tx in
            try tx.connection.executeScript("CREATE TRIGGER poison BEFORE INSERT ON moods BEGIN SELECT RAISE(ABORT, 'poison'); END;")
        }
        let mood = bot.command("/mood tired")
        let roast = bot.command("/roast")
        await bot.runtime.pipeline.process([mood, roast], from: BotFixture.source, nextOffset: nil)
        await bot.runtime.outbox.deliverPending()
        #expect(try bot.database.read { try $0.hasApplied(mood.key!, from: BotFixture.source) })
        #expect(try bot.database.read { try $0.hasApplied(roast.key!, from: BotFixture.source) })
        #expect(try bot.database.read { try $0.mood(chat: BotFixture.group.id, user: BotFixture.alice.id, on: bot.localToday) } == nil)
        #expect(bot.platform.sentMessages.count { $0.content.buttons.count == 2 } == 1)
    }

    /// Stopped while the store refuses writes, the pipeline stores no resume point: the batch comes again.
    @Test func cancelledBeforeItsEventsAreAppliedABatchLeavesTheResumePointAlone() async throws {
        let faults = StoreFaults()
        var bot = try BotFixture(faults: faults)
        defer { bot.cleanUp() }
        faults.inject(.full)
        let roast = bot.command("/roast")
        let processing = Task { [pipeline = bot.runtime.pipeline] in
            await pipeline.process([roast], from: BotFixture.source, nextOffset: roast.key! + 1)
        }
        try await Self.eventually { bot.runtime.pipeline.health.unavailable != nil }
        processing.cancel()
        await processing.value
        faults.inject(nil)
        #expect(try bot.database.read { try $0.resumePoint(of: BotFixture.source) } == nil)
        #expect(try bot.database.read { try $0.hasApplied(roast.key!, from: BotFixture.source) } == false)
    }
}
