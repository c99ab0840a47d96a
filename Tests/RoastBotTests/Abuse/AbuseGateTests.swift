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

    /// A channel and a person whose ids are the same number are different actors: each is throttled
    /// on its own (the platform's numbers say nothing about what they name).
    @Test func aChannelAndAPersonWithTheSameNumberAreThrottledApart() {
        let gate = AbuseGate(limit: 1, window: 60, cooldown: 60)
        let chat = ChatRef(id: ChatID(-5), kind: .supergroup)
        let traits = ActionTraits(isRequest: true)
        let date = Date(timeIntervalSince1970: 1_790_000_000)
        func envelope(_ key: Int64, person: Person?, channel: ChatID?) -> IncomingEnvelope {
            IncomingEnvelope(
                source: BotFixture.source, key: key, date: date, chat: chat, sender: person, senderChat: channel.map { .channel($0) },
                event: .command(name: "help", arguments: "", message: MessageID(key)))
        }
        let person = Person(id: UserID(777), displayName: "P")
        #expect(gate.judge(envelope(1, person: person, channel: nil), traits) == .allow)
        #expect(gate.judge(envelope(2, person: nil, channel: ChatID(777)), traits) == .allow)
        #expect(gate.judge(envelope(3, person: person, channel: nil), traits) != .allow)
    }
}
