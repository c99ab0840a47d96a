import Foundation
import RoastTesting
import Testing

/// The real `roastbot` against the fake Bot API: a group speaks the language of whoever added the
/// bot (the `my_chat_member` update's `from`), and the welcome says in both languages how to switch.
@Suite(.serialized)
struct WelcomeLanguageEndToEndTests {
    static let englishTeam = FakeChat(id: -100_881, type: .supergroup, title: "London")
    static let vietnameseTeam = FakeChat(id: -100_882, type: .supergroup, title: "Sài Gòn")
    static let emma = FakeUser(id: 601, firstName: "Emma", username: "emma", languageCode: "en-GB")
    static let lan = FakeUser(id: 602, firstName: "Lan", username: "lan", languageCode: "vi")

    @Test func eachGroupIsWelcomedInTheLanguageOfWhoeverAddedTheBot() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let bot = try BotProcess(fake: fake)
        defer { bot.cleanUp() }
        try bot.start()
        fake.myChatMember(chat: Self.englishTeam, from: Self.emma, oldStatus: .left, newStatus: .member)
        fake.myChatMember(chat: Self.vietnameseTeam, from: Self.lan, oldStatus: .left, newStatus: .member)
        let english = try #require(await fake.waitForMessages(1, in: Self.englishTeam.id).first?.text)
        let vietnamese = try #require(await fake.waitForMessages(1, in: Self.vietnameseTeam.id).first?.text)
        #expect(english.hasPrefix("Hello, team!"))
        #expect(english.contains("/settings language vi") && english.contains("tiếng Việt"))
        #expect(vietnamese.hasPrefix("Xin chào cả nhà!"))
        #expect(vietnamese.contains("/settings language en") && vietnamese.contains("Switch to English"))
        // Later commands there are answered in that language too.
        fake.commandMessage(chat: Self.englishTeam, from: Self.lan, text: "/help")
        let help = await fake.waitForMessages(2, in: Self.englishTeam.id)
        #expect(help.last?.text.hasPrefix("Commands") == true)

        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        await fake.stop()
    }
}
