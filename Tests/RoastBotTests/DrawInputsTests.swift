import ChatPlatform
import Foundation
import Logging
import RoastBot
import RoastCore
import RoastStore
import Testing

/// The library draw's inputs read before the transaction, beside the writer (``DrawInputs``).
struct DrawInputsTests {
    private static func processor(_ bot: BotFixture) -> UpdateProcessor {
        UpdateProcessor(database: bot.database, router: EventRouter(library: BotFixture.library, logger: Logger(label: "test")), seed: 7, logger: Logger(label: "test"))
    }

    /// Two bots fed the same events, one with its draws' inputs read early: every roast is the same.
    @Test func earlyInputsDrawTheSameRoastsAsInputsReadInTheTransaction() throws {
        var early = try BotFixture()
        var late = try BotFixture()
        defer {
            early.cleanUp()
            late.cleanUp()
        }
        let (earlyProcessor, lateProcessor) = (Self.processor(early), Self.processor(late))
        var random = SplitMix64(seed: 5)
        var usedEarly = 0
        for step in 0..<160 {
            let person = [BotFixture.alice, BotFixture.bob].randomElement(using: &random)!
            let envelopes: (IncomingEnvelope, IncomingEnvelope)
            if step % 3 == 2, let roast = try early.database.read({ try $0.latestRoastID(chat: BotFixture.group.id) }) {
                // A reaction on a recent roast, so that feedback has something to weigh.
                let target = max(1, roast.rawValue - Int64.random(in: 0..<5, using: &random))
                let kind = ["h", "f", "m", "d"].randomElement(using: &random)!
                let press = IncomingEvent.buttonPress(callbackID: "c\(step)", data: "r:\(target):\(kind)", message: MessageID(1))
                envelopes = (early.envelope(press, from: person), late.envelope(press, from: person))
            } else {
                let words = ["/roast", "/roast meetings", "/roast 2", "/roast deadlines 1"].randomElement(using: &random)!
                envelopes = (early.command(words, from: person), late.command(words, from: person))
            }
            let draw = earlyProcessor.prepareDraw(envelopes.0)
            if draw != nil { usedEarly += 1 }
            _ = earlyProcessor.apply(envelopes.0, processedAt: early.clock.now, prepared: PreparedEvent(draw: draw))
            _ = lateProcessor.apply(envelopes.1, processedAt: late.clock.now)
        }
        let history = { (bot: BotFixture) in
            try bot.database.read { tx in
                try tx.recentRoasts(chat: BotFixture.group.id, user: BotFixture.alice.id, limit: 500)
                    + tx.recentRoasts(chat: BotFixture.group.id, user: BotFixture.bob.id, limit: 500)
            }.map(\.libraryID)
        }
        let drawn = try history(early)
        #expect(drawn.count > 90)
        #expect(usedEarly == drawn.count)
        #expect(try history(late) == drawn)
        let rated = try early.database.read { try $0.ratedRoasts(chat: BotFixture.group.id, limit: 200) }
        #expect(rated.count > 20)
    }

    /// Inputs still current are what the draw uses; once the chat has a newer roast (a scheduled post
    /// in between), they are read again.
    @Test func inputsAreUsedWhileTheChatsNewestRoastIsUnchanged() throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let processor = Self.processor(bot)
        _ = processor.apply(bot.command("/roast"), processedAt: bot.clock.now)
        let pool = BotFixture.library.all.filter { $0.language == .vi && !$0.isPremium && $0.spice <= ChatSettings.defaultMaxSpice }
        let only = try #require(pool.last)
        // Inputs claiming every other roast was served: if they are used, only one roast is left.
        func tampered(_ envelope: IncomingEnvelope) throws -> DrawInputs {
            var inputs = try #require(processor.prepareDraw(envelope))
            inputs.served = Set(BotFixture.library.all.map(\.id)).subtracting([only.id])
            return inputs
        }
        let current = bot.command("/roast")
        _ = processor.apply(current, processedAt: bot.clock.now, prepared: PreparedEvent(draw: try tampered(current)))
        let used = try bot.database.read { try $0.recentRoasts(chat: BotFixture.group.id, user: BotFixture.alice.id, limit: 1) }
        #expect(used.first?.libraryID == only.id)

        let stale = bot.command("/roast")
        let inputs = try tampered(stale)
        try bot.database.write { tx in
            _ = try tx.insertRoast(
                NewRoast(
                    chatID: BotFixture.group.id, requester: nil, kind: .daily, source: .library, libraryID: pool[0].id, text: pool[0].text,
                    language: .vi, category: pool[0].category, spice: pool[0].spice, mood: nil, collection: nil, createdAt: bot.clock.now))
        }
        _ = processor.apply(stale, processedAt: bot.clock.now, prepared: PreparedEvent(draw: inputs))
        // Read again, the served set is the real one, so the draw is not forced onto `only`.
        let drawn = try bot.database.read { try $0.recentRoasts(chat: BotFixture.group.id, user: BotFixture.alice.id, limit: 1) }
        #expect(drawn.count == 1)
        #expect(drawn.first?.libraryID != only.id)
    }
}
