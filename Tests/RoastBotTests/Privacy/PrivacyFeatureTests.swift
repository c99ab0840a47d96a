import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import RoastTesting
import Testing

struct PrivacyFeatureTests {
    static let admins = FixedAdministration(admins: [BotFixture.alice.id])

    @Test func forgetMeAsksThenDeletesOnlyForThePersonWhoAsked() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/roast", from: BotFixture.alice), bot.command("/roast", from: BotFixture.bob))
        await bot.run(bot.command("/forgetme", from: BotFixture.alice))
        let question = try #require(bot.platform.sentMessages.last)
        let yes = try #require(question.content.buttons.first?.first)
        await bot.run(bot.envelope(.buttonPress(callbackID: "b", data: yes.data, message: question.message), from: BotFixture.bob))
        #expect(try bot.database.read { try $0.profile(chat: BotFixture.group.id, user: BotFixture.alice.id) } != nil)
        await bot.run(bot.envelope(.buttonPress(callbackID: "a", data: yes.data, message: question.message), from: BotFixture.alice))
        #expect(try bot.database.read { try $0.profile(chat: BotFixture.group.id, user: BotFixture.alice.id) } == nil)
        #expect(try bot.database.read { try $0.exportUser(BotFixture.alice.id, in: BotFixture.group.id).roasts.isEmpty })
        #expect(try bot.database.read { try $0.profile(chat: BotFixture.group.id, user: BotFixture.bob.id) } != nil)
    }

    @Test func exportSendsTheSendersDataAsJSONAndTheChatOnlyToAdmins() async throws {
        var bot = try BotFixture(administration: Self.admins)
        defer { bot.cleanUp() }
        await bot.run(bot.command("/roast", from: BotFixture.bob))
        await bot.run(bot.command("/export", from: BotFixture.bob))
        let documents = bot.platform.deliveries.compactMap { delivery -> OutgoingDocument? in
            if case .document(_, _, let document) = delivery { return document }
            return nil
        }
        let json = try #require(documents.first)
        let decoded = try JSONSerialization.jsonObject(with: Data(json.contents)) as? [String: Any]
        #expect(decoded?["userID"] as? Int == 22)
        #expect((decoded?["roasts"] as? [Any])?.count == 1)

        await bot.run(bot.command("/export chat", from: BotFixture.bob))
        #expect(bot.platform.sentMessages.last?.content.text.plainText == Phrasebook(.vi).exportChatAdminsOnly)
        await bot.run(bot.command("/export chat", from: BotFixture.alice))
        #expect(bot.platform.deliveries.last.map { if case .document = $0 { true } else { false } } == true)
    }
}
