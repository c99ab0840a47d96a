import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import RoastTesting
import Testing

/// What the `/settings` panel says depends on where it is read: a private chat is no group, topics
/// exist only in forum supergroups, and AI roasts only when the operator configured a provider.
struct SettingsPanelTests {
    static let privateChat = ChatRef(id: ChatID(BotFixture.alice.id.rawValue), kind: .privateChat)
    static let forum = ChatRef(id: ChatID(-100_777), kind: .supergroup, title: "Forum", isForum: true)

    private func panel(_ bot: inout BotFixture, in chat: ChatRef = BotFixture.group) async throws -> OutgoingMessage {
        await bot.run(bot.command("/settings", from: BotFixture.bob, in: chat))
        return try #require(bot.platform.sentMessages.last?.content)
    }

    @Test func inAPrivateChatThePanelIsNotTheGroupsAndHasNoTopicLine() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let text = try await panel(&bot, in: Self.privateChat).text.plainText
        let words = Phrasebook(.vi)
        #expect(text.hasPrefix("⚙️ Cài đặt\n"))
        #expect(!text.contains("nhóm"))
        #expect(!text.contains(words.labelPostTopic))
    }

    @Test func theTopicLineIsShownOnlyInForums() async throws {
        var bot = try BotFixture(administration: FixedAdministration(admins: [BotFixture.bob.id]))
        defer { bot.cleanUp() }
        let words = Phrasebook(.vi)
        #expect(try await panel(&bot).text.plainText.contains(words.labelPostTopic) == false)
        #expect(try await panel(&bot, in: Self.forum).text.plainText.contains(words.labelPostTopic))
        #expect(try await panel(&bot).text.plainText.hasPrefix(words.settingsTitle(inGroup: true)))
    }

    @Test func withoutAnAIProviderThePanelSaysAIIsNotConfiguredAndOffersNoToggle() async throws {
        var bot = try BotFixture(administration: FixedAdministration(admins: [BotFixture.bob.id]))
        defer { bot.cleanUp() }
        let message = try await panel(&bot)
        let words = Phrasebook(.vi)
        #expect(message.text.plainText.contains("\(words.labelAI): \(words.aiNotConfigured)"))
        #expect(!message.buttons.joined().contains { $0.label.contains(words.labelAI) })
    }

    @Test func withAnAIProviderThePanelShowsTheSwitch() async throws {
        var bot = try BotFixture(ai: ScriptedAI(), administration: FixedAdministration(admins: [BotFixture.bob.id]))
        defer { bot.cleanUp() }
        let message = try await panel(&bot)
        let words = Phrasebook(.vi)
        #expect(message.text.plainText.contains("\(words.labelAI): \(words.onOff(true))"))
        #expect(message.buttons.joined().contains { $0.label.contains(words.labelAI) })
    }

    @Test func theCurrentLanguageIsTicked() async throws {
        var bot = try BotFixture(administration: FixedAdministration(admins: [BotFixture.bob.id]))
        defer { bot.cleanUp() }
        let labels = try await panel(&bot).buttons.joined().map(\.label)
        #expect(labels.contains("🇻🇳 Tiếng Việt ✓"))
        #expect(labels.contains("🇬🇧 English"))
    }

    @Test func theTimezoneIsShownInWords() async throws {
        var bot = try BotFixture(administration: FixedAdministration(admins: [BotFixture.bob.id]))
        defer { bot.cleanUp() }
        #expect(try await panel(&bot).text.plainText.contains("Múi giờ: Giờ Việt Nam (UTC+7)"))
        await bot.run(bot.command("/settings timezone Asia/Kathmandu", from: BotFixture.bob))
        #expect(try await panel(&bot).text.plainText.contains("Múi giờ: Asia/Kathmandu (UTC+5:45)"))
        #expect(Phrasebook(.en).timeZoneName("Asia/Ho_Chi_Minh", at: Date()) == "Vietnam time (UTC+7)")
    }

    @Test func aBadValueSaysWhatIsWrongNotTheWholeUsage() async throws {
        var bot = try BotFixture(administration: FixedAdministration(admins: [BotFixture.bob.id]))
        defer { bot.cleanUp() }
        await bot.run(bot.command("/settings spice 99", from: BotFixture.bob))
        let answer = try #require(bot.platform.sentMessages.last?.content.text.plainText)
        #expect(answer == Phrasebook(.vi).settingError(.spiceOutOfRange("99")))
    }
}
