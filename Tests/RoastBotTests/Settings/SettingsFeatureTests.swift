import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import RoastTesting
import Testing

struct SettingsFeatureTests {
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
}
