import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import RoastTesting
import Testing

struct DeepLinkTests {
    @Test func startPayloadAsksForARoast() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/start roast_meetings_2"))
        let sent = bot.platform.sentMessages
        #expect(sent.count == 2)
        #expect(sent.last?.content.text.plainText.contains(RoastCore.RoastCategory.meetings.name(in: .vi)) == true)
        #expect(sent.last?.content.text.plainText.contains("🌶️🌶️") == true)
    }
}
