import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import RoastTesting
import Testing

@Suite struct BadgesFeatureTests {
    /// Under a group's default cap of 3 nobody can try spice 4 and 5: instead of an eternal 60 %,
    /// /badges says what the badge needs and why it is out of reach here.
    @Test func aBadgeBeyondTheChatsCapSaysSoInsteadOfAProgressBar() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        for spice in 1...3 { await bot.run(bot.command("/roast meetings \(spice)")) }
        await bot.run(bot.command("/badges"))
        let text = try #require(bot.platform.sentMessages.last?.content.text.plainText)
        let words = Phrasebook(.vi)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("🌶️ Thánh ăn cay") })
        #expect(line.contains(words.badgeBeyondCap(needs: [SpiceLevel(clamping: 4), .hottest], cap: SpiceLevel(clamping: 3))))
        #expect(!line.contains("%"))
    }

    /// In a private chat (cap 5 by default) the same badge shows its progress.
    @Test func theSameBadgeShowsProgressWhenTheCapAllowsIt() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let privateChat = ChatRef(id: ChatID(BotFixture.bob.id.rawValue), kind: .privateChat)
        for spice in 1...3 { await bot.run(bot.command("/roast meetings \(spice)", from: BotFixture.bob, in: privateChat)) }
        await bot.run(bot.command("/badges", from: BotFixture.bob, in: privateChat))
        let text = try #require(bot.platform.sentMessages.last?.content.text.plainText)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("🌶️ Thánh ăn cay") })
        #expect(line.contains("▰▰▰▱▱ 60 %"))
        #expect(!line.contains("🔒"))
    }

    /// A collection's completion badge needs every roast of it, the spiciest included: under a cap
    /// below them, /badges says what it needs instead of a progress bar; at the group's default cap
    /// it shows progress.
    @Test func aCollectionBadgeBeyondTheCapSaysSo() async throws {
        let collections = try CollectionCatalogStore(path: BotFixture.collectionsPath)
        let office = try #require(collections.catalog.collection(id: "classic_office"))
        let badge = try #require(collections.catalog.badges.first { $0.collectionID == "classic_office" })
        let above = Array(Set(office.roasts(in: .vi).map(\.spice).filter { $0 > SpiceLevel(clamping: 2) })).sorted()
        try #require(!above.isEmpty)
        var bot = try BotFixture(collections: collections)
        defer { bot.cleanUp() }
        let privateChat = ChatRef(id: ChatID(BotFixture.bob.id.rawValue), kind: .privateChat)
        await bot.run(bot.command("/settings spice 2", from: BotFixture.bob, in: privateChat))
        await bot.run(bot.command("/roast classic office", from: BotFixture.bob, in: privateChat))
        await bot.run(bot.command("/badges", from: BotFixture.bob, in: privateChat))
        let words = Phrasebook(.vi)
        var text = try #require(bot.platform.sentMessages.last?.content.text.plainText)
        var line = try #require(text.split(separator: "\n").first { $0.contains(badge.name(in: .vi)) })
        #expect(line.contains(words.badgeBeyondCap(needs: above, cap: SpiceLevel(clamping: 2))), "\(line)")
        #expect(!line.contains("%"))

        await bot.run(bot.command("/settings spice 5", from: BotFixture.bob, in: privateChat))
        await bot.run(bot.command("/badges", from: BotFixture.bob, in: privateChat))
        text = try #require(bot.platform.sentMessages.last?.content.text.plainText)
        line = try #require(text.split(separator: "\n").first { $0.contains(badge.name(in: .vi)) })
        #expect(line.contains("%") && !line.contains("🔒"), "\(line)")
    }
}
