import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import RoastTesting
import Testing

struct AbuseGateTests {
    @Test func aSpammerGetsOneNoticeAndIsIgnoredWhileOthersAreServed() async throws {
        var bot = try BotFixture(abuseGate: AbuseGate())
        defer { bot.cleanUp() }
        var batch = (0..<8).map { _ in bot.command("/help", from: BotFixture.alice) }
        batch.append(bot.command("/help", from: BotFixture.bob))
        await bot.runtime.pipeline.process(batch, from: BotFixture.source, nextOffset: nil)
        await bot.runtime.outbox.deliverPending()
        let texts = bot.platform.sentMessages.map(\.content.text.plainText)
        #expect(texts.filter { $0 == Phrasebook(.vi).slowDown }.count == 1)
        #expect(texts.filter { $0.hasPrefix(Phrasebook(.vi).helpTitle) }.count == 6)  // Alice's five, Bob's one
    }
}
