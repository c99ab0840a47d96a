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
        await bot.run(bot.envelope(.press(callbackID: "c1", data: english.data, message: panel.message), from: BotFixture.bob))
        #expect(try bot.database.read { try $0.chat(BotFixture.group.id)?.language } == .vi)
        await bot.run(bot.envelope(.press(callbackID: "c2", data: english.data, message: panel.message), from: BotFixture.alice))
        #expect(try bot.database.read { try $0.chat(BotFixture.group.id)?.language } == .en)
        #expect(bot.platform.acknowledged("c2", notice: Phrasebook(.en).settingsSaved))
        #expect(bot.platform.acknowledged("c1", notice: Phrasebook(.vi).settingsAdminsOnly))
        // The panel is redrawn in place, now in English.
        guard
            case .edited(_, let message, let content) = bot.platform.deliveries.last(where: { if case .edited = $0 { true } else { false } }
            )
        else {
            Issue.record("no edit")
            return
        }
        #expect(message == panel.message)
        #expect(content.text.plainText.hasPrefix(Phrasebook(.en).settingsTitle(inGroup: true)))
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

/// Everyone may read the settings; admins change them with buttons that say what they do.
extension SettingsFeatureTests {
    @Test func membersSeeTheSettingsWithoutButtonsAndAdminsWithThem() async throws {
        var bot = try BotFixture(administration: Self.admins)
        defer { bot.cleanUp() }
        let words = Phrasebook(.vi)
        await bot.run(bot.command("/settings", from: BotFixture.bob))
        let read = try #require(bot.platform.sentMessages.last?.content)
        #expect(read.text.plainText.hasPrefix(words.settingsTitle(inGroup: true)))
        #expect(read.text.plainText.contains("\(words.labelLanguage): Tiếng Việt"))
        #expect(read.text.plainText.contains(words.settingsReadOnly))
        #expect(read.buttons.isEmpty)
        await bot.run(bot.command("/settings", from: BotFixture.alice))
        let panel = try #require(bot.platform.sentMessages.last?.content)
        #expect(!panel.text.plainText.contains(words.settingsReadOnly))
        #expect(!panel.buttons.isEmpty)
        // Every button says in words (or digits) what it does, not only with icons.
        for button in panel.buttons.joined() {
            #expect(button.label.contains { $0.isLetter || $0.isNumber }, "\(button.label)")
        }
    }

    @Test func aChangeIsConfirmedInWordsNotCodes() async throws {
        var bot = try BotFixture(administration: Self.admins)
        defer { bot.cleanUp() }
        await bot.run(bot.command("/settings language en", from: BotFixture.alice))
        #expect(bot.platform.sentMessages.last?.content.text.plainText == Phrasebook(.en).settingChanged("Language → English"))
        await bot.run(bot.command("/settings language vi", from: BotFixture.alice))
        #expect(bot.platform.sentMessages.last?.content.text.plainText == Phrasebook(.vi).settingChanged("Ngôn ngữ → Tiếng Việt"))
    }

    /// The Roast of the Day's categories have a page of their own, opened from the panel.
    @Test func theCategoriesPageTogglesTheRoastOfTheDaysCategories() async throws {
        var bot = try BotFixture(administration: Self.admins)
        defer { bot.cleanUp() }
        await bot.run(bot.command("/settings", from: BotFixture.alice))
        let panel = try #require(bot.platform.sentMessages.last)
        let words = Phrasebook(.vi)
        #expect(panel.content.text.plainText.contains("\(words.labelDailyCategories): \(words.categoryList([]))"))
        let open = try #require(panel.content.buttons.joined().first { $0.label.contains(words.labelDailyCategories) })
        await bot.run(bot.envelope(.press(callbackID: "p", data: open.data, message: panel.message), from: BotFixture.alice))
        let page = try #require(Self.lastEdit(bot))
        let meetings = try #require(page.buttons.joined().first { $0.label.contains(RoastCategory.meetings.name(in: .vi)) })
        #expect(meetings.label.hasPrefix("✅"))
        // Unticking meetings leaves the seven others.
        await bot.run(bot.envelope(.press(callbackID: "m", data: meetings.data, message: panel.message), from: BotFixture.alice))
        #expect(
            try bot.database.read { try $0.chat(BotFixture.group.id)?.dailyCategories }
                == Set(RoastCategory.allCases).subtracting([.meetings]))
        let after = try #require(Self.lastEdit(bot))
        #expect(after.buttons.joined().first { $0.label.contains(RoastCategory.meetings.name(in: .vi)) }?.label.hasPrefix("⬜️") == true)
        let back = try #require(after.buttons.joined().last)
        await bot.run(bot.envelope(.press(callbackID: "b", data: back.data, message: panel.message), from: BotFixture.alice))
        #expect(try #require(Self.lastEdit(bot)).text.plainText.contains(words.labelTimeZone))
    }

    static func lastEdit(_ bot: BotFixture) -> OutgoingMessage? {
        guard case .edited(_, _, let content) = bot.platform.deliveries.last(where: { if case .edited = $0 { true } else { false } }) else {
            return nil
        }
        return content
    }
}

extension SettingsFeatureTests {
    /// Whatever is changed, the confirmation and the panel show values in words: never a language
    /// code where a language is named (timezone ids such as Asia/Ho_Chi_Minh are values themselves).
    @Test(arguments: [
        "language en", "language vi", "timezone Europe/Berlin", "time 08:30", "daily off", "weekdays on", "categories meetings kpis",
        "categories all", "spice 4", "reminders off", "banners off", "ai off",
    ])
    func settingsRepliesNeverShowARawCode(_ arguments: String) async throws {
        var bot = try BotFixture(administration: Self.admins)
        defer { bot.cleanUp() }
        await bot.run(bot.command("/settings \(arguments)", from: BotFixture.alice))
        await bot.run(bot.command("/settings", from: BotFixture.bob))
        await bot.run(bot.command("/settings", from: BotFixture.alice))
        let replies = bot.platform.sentMessages.map(\.content.text.plainText)
        #expect(replies.count == 3)
        for reply in replies { #expect(reply.firstMatch(of: /(→|:) (en|vi)\b/) == nil, "\(reply)") }
        // Both panels (a member's and an admin's) name the language.
        for panel in replies.dropFirst() { #expect(panel.contains("Tiếng Việt") || panel.contains("English")) }
    }
}
