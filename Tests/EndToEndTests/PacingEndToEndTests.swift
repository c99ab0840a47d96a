import ChatPlatform
import Foundation
import RoastTesting
import Testing

@testable import RoastStore

/// The send pacing measured against the fake Bot API's rate limits and clock: Telegram's limits never
/// hit, and one busy group never delays another. `make test` runs this suite after the other
/// end-to-end suites, on its own: the fake counts a request when its handler runs, so twenty other
/// bots and servers sharing two cores with it would bunch requests it receives late, and it would
/// count that bunching as the bot's.
@Suite(.serialized)
struct PacingEndToEndTests {
    /// 300 broadcasts queued for one group (20 a minute) do not delay a /help in another group.
    @Test func aLongQueueInOneGroupDoesNotDelayAnotherGroup() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        fake.registerChat(StoreFaultEndToEndTests.team)
        fake.registerChat(StoreFaultEndToEndTests.other)
        let bot = try BotProcess(fake: fake)
        defer { bot.cleanUp() }
        let database = try RoastDatabase(path: bot.databasePath)
        try database.write { tx in
            _ = try tx.ensureChat(ChatRef(id: ChatID(StoreFaultEndToEndTests.team.id), kind: .supergroup), defaultLanguage: .en, at: Date())
            for index in 0..<300 {
                try tx.enqueue(
                    .send(OutgoingMessage(text: RichText(plain: "Daily \(index)"))), chat: ChatID(StoreFaultEndToEndTests.team.id),
                    anchor: nil, at: Date(),
                    priority: .broadcast)
            }
        }
        database.close()
        try bot.start()
        #expect(await fake.waitForMessages(2, in: StoreFaultEndToEndTests.team.id, timeout: 30).count >= 2)
        let asked = Date()
        fake.commandMessage(chat: StoreFaultEndToEndTests.other, from: StoreFaultEndToEndTests.people[1], text: "/help")
        let answered = await fake.waitForMessages(1, in: StoreFaultEndToEndTests.other.id, timeout: 30)
        #expect(answered.count == 1)
        #expect(Date().timeIntervalSince(asked) < 3)
        #expect(fake.sentMessages(chat: StoreFaultEndToEndTests.team.id).count < 30)
        #expect(fake.sentMessages(chat: StoreFaultEndToEndTests.team.id).allSatisfy { $0.text.hasPrefix("Daily") })
        await fake.stop()
    }

    /// 2,000 chats due at the same minute, against Telegram's limits: every post arrives, no 429.
    /// Takes about 70 s: Telegram allows 30 messages per second overall.
    @Test func aTwoThousandChatBroadcastNeverHitsTheRateLimits() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        fake.rateLimits = .telegram
        let environment = ["ROASTBOT_CLOCK_START": "2026-03-09T01:59:55Z", "ROASTBOT_CLOCK_RATE": "10", "ROASTBOT_LOG_LEVEL": "notice"]
        let bot = try BotProcess(fake: fake, extraEnvironment: environment)
        defer { bot.cleanUp() }
        let chats = (0..<2_000).map { FakeChat(id: -200_000 - Int64($0), type: .supergroup, title: "Team \($0)") }
        try ScheduleEndToEndTests.seed(bot, fake, chats: chats.map { ($0, "Asia/Ho_Chi_Minh", false) })

        try bot.start()
        let delivered = await fake.waitFor(timeout: .seconds(150)) { fake.allSentMessages.count >= 2_000 }
        #expect(delivered)
        #expect(fake.rateLimitHits == 0)
        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        #expect(Set(fake.allSentMessages.map(\.chatID)).count == 2_000)
        await fake.stop()
    }
}
