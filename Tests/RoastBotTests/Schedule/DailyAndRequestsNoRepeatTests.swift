import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import Testing

/// Everyone in a chat saw its Roast of the Day: a roast asked for afterwards is not that one again
/// while the pool holds another, even in a season's small collection.
struct DailyAndRequestsNoRepeatTests {
    @Test func aRoastAskedAfterTheRoastOfTheDayIsNotTheSameRoast() async throws {
        let start = SchedulerTests.instant("2027-02-03T00:00:00Z")
        var bot = try BotFixture(collections: try CollectionCatalogStore(path: BotFixture.collectionsPath), now: start)
        defer { bot.cleanUp() }
        let chat = ChatRef(id: ChatID(-77), kind: .group, title: "Tết team")
        try await SchedulerTests.makeChat(&bot, chat, timeZone: "Asia/Ho_Chi_Minh", createdAt: start)
        var repeats: [String] = []
        for day in 0..<10 {
            // 09:00 in Saigon, then a /roast tết half an hour later.
            let morning = start.addingTimeInterval(Double(day) * 86_400 + 2 * 3_600)
            bot.clock.set(to: morning)
            #expect(bot.runtime.scheduler.runPass(now: morning).queued == 1)
            await bot.runtime.outbox.deliverPending()
            bot.clock.set(to: morning.addingTimeInterval(1_800))
            await bot.run(bot.command("/roast tết", from: BotFixture.bob, in: chat))
            let roasts = try bot.database.read { try $0.libraryIDsReceived(chat: chat.id, since: morning) }
            let daily = try bot.database.read { try $0.dailyLibraryIDs(chat: chat.id) }
            let asked = Set(roasts.keys).subtracting(daily)
            if asked.isEmpty, roasts.count == 1 { repeats.append("day \(day): \(roasts.keys.first ?? "")") }
        }
        #expect(repeats.isEmpty, "the /roast after the post was the post: \(repeats)")
    }
}
