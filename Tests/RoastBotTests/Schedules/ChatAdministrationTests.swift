import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import RoastTesting
import Testing

struct ChatAdministrationTests {
    static let admins = FixedAdministration(admins: [BotFixture.alice.id])

    @Test func aNonAdminIsRefusedPolitelyAndNothingChanges() async throws {
        let administration = FixedAdministration(admins: [BotFixture.alice.id])
        var bot = try BotFixture(administration: administration)
        defer { bot.cleanUp() }
        await bot.run(bot.command("/settings timezone Europe/Berlin", from: BotFixture.bob))
        #expect(bot.platform.sentMessages.last?.content.text.plainText == Phrasebook(.vi).settingsAdminsOnly)
        #expect(try bot.database.read { try $0.chat(BotFixture.group.id)?.timeZone } == "Asia/Ho_Chi_Minh")

        await bot.run(bot.command("/settings timezone europe/berlin", from: BotFixture.alice))
        #expect(try bot.database.read { try $0.chat(BotFixture.group.id)?.timeZone } == "Europe/Berlin")
        // A second command within the cache period does not ask the platform again.
        await bot.run(bot.command("/settings spice 5", from: BotFixture.alice))
        #expect(administration.lookups == 2)
        #expect(try bot.database.read { try $0.chat(BotFixture.group.id)?.maxSpice.rawValue } == 5)
    }

    @Test func invalidTimezonesAreRejected() async throws {
        var bot = try BotFixture(administration: Self.admins)
        defer { bot.cleanUp() }
        await bot.run(bot.command("/settings timezone Mars/Olympus", from: BotFixture.alice))
        #expect(bot.platform.sentMessages.last?.content.text.plainText.contains("Mars/Olympus") == true)
        #expect(try bot.database.read { try $0.chat(BotFixture.group.id)?.timeZone } == "Asia/Ho_Chi_Minh")
    }

    @Test func thePanelButtonsChangeSettingsForAdminsOnly() async throws {
        var bot = try BotFixture(administration: Self.admins)
        defer { bot.cleanUp() }
        await bot.run(bot.command("/settings", from: BotFixture.alice))
        let panel = try #require(bot.platform.sentMessages.last)
        let english = try #require(panel.content.buttons.joined().first { $0.label.contains("English") })
        await bot.run(bot.envelope(.buttonPress(callbackID: "c1", data: english.data, message: panel.message), from: BotFixture.bob))
        #expect(try bot.database.read { try $0.chat(BotFixture.group.id)?.language } == .vi)
        await bot.run(bot.envelope(.buttonPress(callbackID: "c2", data: english.data, message: panel.message), from: BotFixture.alice))
        #expect(try bot.database.read { try $0.chat(BotFixture.group.id)?.language } == .en)
        #expect(bot.platform.deliveries.contains(.acknowledged(callbackID: "c2", notice: Phrasebook(.en).settingsSaved)))
        #expect(bot.platform.deliveries.contains(.acknowledged(callbackID: "c1", notice: Phrasebook(.vi).settingsAdminsOnly)))
        // The panel is redrawn in place, now in English.
        guard
            case .edited(_, let message, let content) = bot.platform.deliveries.last(where: { if case .edited = $0 { true } else { false } }
            )
        else {
            Issue.record("no edit")
            return
        }
        #expect(message == panel.message)
        #expect(content.text.plainText.hasPrefix(Phrasebook(.en).settingsTitle))
        // Every settings payload fits Telegram's 64 bytes and decodes back.
        for button in content.buttons.joined() {
            #expect(button.data.utf8.count <= 64)
            #expect(bot.decodes(button.data))
        }
    }

    @Test func anyoneMayChangeTheirPrivateChat() async throws {
        var bot = try BotFixture(administration: FixedAdministration(admins: []))
        defer { bot.cleanUp() }
        let privateChat = ChatRef(id: ChatID(BotFixture.bob.id.rawValue), kind: .privateChat)
        await bot.run(bot.command("/settings daily on", from: BotFixture.bob, in: privateChat))
        #expect(try bot.database.read { try $0.chat(privateChat.id)?.dailyEnabled } == true)
    }

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

    @Test func inlineQueriesOfferFavoritesFirstAndChosenResultsCountAsShares() async throws {
        let answers = RecordingInlineAnswers()
        var bot = try BotFixture(inline: answers)
        defer { bot.cleanUp() }
        await bot.run(bot.command("/roast meetings", from: BotFixture.alice))
        let roast = try #require(bot.platform.sentMessages.last)
        let star = try #require(roast.content.buttons.last?.first)
        await bot.run(bot.envelope(.buttonPress(callbackID: "s", data: star.data, message: roast.message), from: BotFixture.alice))

        let privateChat = ChatRef(id: ChatID(BotFixture.alice.id.rawValue), kind: .privateChat)
        await bot.run(bot.envelope(.inlineQuery(id: "q1", query: "meetings"), from: BotFixture.alice, in: privateChat))
        let results = try #require(answers.recorded.first?.results)
        #expect(answers.recorded.first?.queryID == "q1")
        #expect(results.count == SharingFeature.resultCount)
        #expect(results.first?.id.hasPrefix("f") == true)
        #expect(Set(results.map(\.id)).count == results.count)

        await bot.run(bot.envelope(.inlineChosen(resultID: results[1].id, query: "meetings"), from: BotFixture.alice, in: privateChat))
        await bot.run(bot.envelope(.inlineChosen(resultID: "lnot-a-roast", query: "x"), from: BotFixture.alice, in: privateChat))
        #expect(try bot.database.read { try $0.shareCount(user: BotFixture.alice.id) } == 1)

        // The share was made outside the group; Alice's next word there (a command that moves no
        // count of its own) brings the sharing badge, announced once.
        let before = bot.platform.sentMessages.count
        await bot.run(bot.command("/streak", from: BotFixture.alice))
        let earned = try bot.database.read { tx in try tx.earnedBadges(chat: BotFixture.group.id, user: BotFixture.alice.id).map(\.badge) }
        #expect(earned.contains("shares-1"))
        #expect(bot.platform.sentMessages[before...].contains { $0.content.text.plainText.contains("📤") })
        await bot.run(bot.command("/streak", from: BotFixture.alice))
        #expect(bot.platform.sentMessages.filter { $0.content.text.plainText.contains("📤") }.count == 1)
    }
}
