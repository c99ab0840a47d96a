import ChatPlatform
import Foundation
import Logging
import RoastBot
import RoastCore
import RoastStore
import RoastTesting
import Testing

/// 2026-02-10 10:00 in Vietnam: inside the Tết 2026 window (2026-02-07 … 2026-02-23).
private let duringTet = ISO8601DateFormatter().date(from: "2026-02-10T10:00:00+07:00")!
/// 2026-03-10 10:00 in Vietnam: no season.
private let inMarch = ISO8601DateFormatter().date(from: "2026-03-10T10:00:00+07:00")!

private func botWithCollections(at date: Date) throws -> BotFixture {
    try BotFixture(collections: try CollectionCatalogStore(path: BotFixture.collectionsPath), now: date)
}

private func text(_ message: OutgoingMessage) -> String { message.text.plainText }

@Suite(.serialized) struct CollectionsTests {
    @Test func collectionsListsSeasonalFirstWithItsBannerAndButtons() async throws {
        var bot = try botWithCollections(at: duringTet)
        defer { bot.cleanUp() }
        await bot.run(bot.command("/collections"))
        // The list first; the season's banner (the chat's first request this season) after it.
        let list = try #require(bot.platform.sentMessages.first?.content)
        let body = text(list)
        let tet = try #require(body.range(of: "Tết Nguyên Đán"))
        let monthly = try #require(body.range(of: "Làm việc tại nhà"))
        let office = try #require(body.range(of: "Công sở kinh điển"))
        #expect(tet.lowerBound < monthly.lowerBound && monthly.lowerBound < office.lowerBound)
        #expect(body.contains("Tết sắp đến rồi!"))  // the banner line, a week before mùng 1
        #expect(body.contains("12 roast · bạn đã nhận 0/12 (0 %)"))
        #expect(list.buttons.first?.first?.data == "c:tet")
        #expect(list.buttons.count == 5)
    }

    @Test func aChatsFirstCommandDuringTheSeasonBringsTheBannerOnce() async throws {
        var bot = try botWithCollections(at: duringTet)
        defer { bot.cleanUp() }
        await bot.run(bot.command("/help"))
        await bot.run(bot.command("/help"))
        let banners = bot.platform.sentMessages.filter { $0.content.buttons.first?.first?.data == "tc:tet" }
        #expect(banners.count == 1)
        // The answer to the command comes first, the banner after it.
        #expect(bot.platform.sentMessages.first?.content.text.plainText.contains(Phrasebook(.vi).helpTitle) == true)
        #expect(bot.platform.sentMessages.dropFirst().first?.content.buttons.first?.first?.data == "tc:tet")
        #expect(bot.platform.sentMessages.count == 3)
    }

    /// The banner says a festival is coming on the days before it and is here from its day: the
    /// season opens ten days before Tết (lunar 1/1 is 2026-02-17) and on lunar 8/1 before the
    /// full-moon night of Mid-Autumn (2026-09-25).
    @Test(arguments: [
        ("2026-02-07", Language.vi, "Tết sắp đến rồi!"), ("2026-02-16", .vi, "Tết sắp đến rồi!"), ("2026-02-10", .en, "Tết is coming!"),
        ("2026-02-17", .vi, "Tết đến rồi!"), ("2026-02-21", .en, "Tết is here!"),
        ("2026-09-12", .vi, "Trung Thu sắp đến rồi!"), ("2026-09-12", .en, "Mid-Autumn is coming!"),
        ("2026-09-25", .vi, "Trung Thu về rồi!"), ("2026-09-25", .en, "Mid-Autumn is here!"),
    ])
    func theBannerSaysTheFestivalIsComingBeforeItsDay(day: String, language: Language, line: String) async throws {
        let date = try #require(ISO8601DateFormatter().date(from: "\(day)T10:00:00+07:00"))
        var bot = try botWithCollections(at: date)
        defer { bot.cleanUp() }
        _ = try bot.database.write { tx in try tx.ensureChat(BotFixture.group, defaultLanguage: language, at: date) }
        await bot.run(bot.command("/help"))
        let banner = try #require(bot.platform.sentMessages.first { $0.content.buttons.first?.first?.data.hasPrefix("tc:") == true })
        #expect(text(banner.content).contains(line), "\(text(banner.content))")
        // /collections shows the same line that day.
        await bot.run(bot.command("/collections"))
        #expect(bot.platform.sentMessages.last.map { text($0.content).contains(line) } == true)
    }

    @Test func noBannerOutsideTheSeasonOrWithBannersOff() async throws {
        var bot = try botWithCollections(at: inMarch)
        defer { bot.cleanUp() }
        await bot.run(bot.command("/help"))
        #expect(bot.platform.sentMessages.count == 1)

        var quiet = try botWithCollections(at: duringTet)
        defer { quiet.cleanUp() }
        try quiet.database.write { tx in
            var settings = try tx.ensureChat(BotFixture.group, defaultLanguage: .vi, at: duringTet)
            settings.bannersEnabled = false
            try tx.saveChat(settings)
        }
        await quiet.run(quiet.command("/help"))
        #expect(quiet.platform.sentMessages.count == 1)
    }

    @Test func pickingACollectionByButtonMakesTheNextRoastsComeFromIt() async throws {
        var bot = try botWithCollections(at: inMarch)
        defer { bot.cleanUp() }
        await bot.run(bot.command("/collections"))
        let list = try #require(bot.platform.sentMessages.last)
        let tech = try #require(list.content.buttons.joined().first { $0.data == "c:tech_life" })
        await bot.run(bot.envelope(.press(callbackID: "p1", data: tech.data, message: list.message)))
        #expect(try bot.database.read { try $0.chosenCollection(chat: BotFixture.group.id, user: BotFixture.alice.id) } == "tech_life")
        let notices = bot.platform.acknowledgements.compactMap(\.notice)
        #expect(notices.last?.contains("Đời dân kỹ thuật") == true)

        await bot.run(bot.command("/roast"), bot.command("/roast", from: BotFixture.bob))
        let roasts = try bot.database.read { tx in
            (
                try tx.recentRoasts(chat: BotFixture.group.id, user: BotFixture.alice.id, limit: 1),
                try tx.recentRoasts(chat: BotFixture.group.id, user: BotFixture.bob.id, limit: 1)
            )
        }
        #expect(roasts.0.first?.collection == "tech_life")
        #expect(roasts.0.first?.libraryID?.hasPrefix("tech_life.vi.") == true)
        #expect(roasts.1.first?.collection == nil)  // Bob did not pick one

        // /collections now shows Alice's pick and progress, and a way back.
        await bot.run(bot.command("/collections"))
        let again = try #require(bot.platform.sentMessages.last?.content)
        #expect(text(again).contains("bạn đã nhận 1/12"))
        #expect(again.buttons.last?.first?.data == "c:")
        await bot.run(bot.envelope(.press(callbackID: "p2", data: "c:", message: list.message)))
        #expect(try bot.database.read { try $0.chosenCollection(chat: BotFixture.group.id, user: BotFixture.alice.id) } == nil)
    }

    @Test func roastWithACollectionWordServesTheWholeSetWithoutRepeatsThenCongratulates() async throws {
        var bot = try botWithCollections(at: duringTet)
        defer { bot.cleanUp() }
        // Each roast fits only some days of the season: the whole set takes the season's phases.
        for day in try TetSeason.draws() {
            bot.clock.set(to: day)
            await bot.run(bot.command("/roast tết"))
        }
        let served = try bot.database.read { try $0.collectionRoastsServed(chat: BotFixture.group.id, user: BotFixture.alice.id) }
        #expect(served["tet"]?.count == (try TetSeason.size()))
        // The badge engine announces the collection's completion badge once, with the set's last roast
        // (the tenth also earned the 10-roast badge, announced with it).
        let completions = bot.platform.sentMessages.filter {
            text($0.content).contains("🏅") && text($0.content).contains("Hoàn thành Tết Nguyên Đán")
        }
        #expect(completions.count == 1)
        let earned = try bot.database.read { try $0.earnedBadges(chat: BotFixture.group.id, user: BotFixture.alice.id) }
        #expect(earned.contains { $0.badge.rawValue == "collection.tet" })
    }

    @Test func aCollectionOutOfSeasonGetsARegularRoastAndAHint() async throws {
        var bot = try botWithCollections(at: inMarch)
        defer { bot.cleanUp() }
        await bot.run(bot.command("/roast trung thu"))
        // One message: the roast, and under it why it is a regular one.
        #expect(bot.platform.sentMessages.count == 1)
        #expect(text(bot.platform.sentMessages[0].content).contains("Trung Thu"))
        let roast = try bot.database.read { try $0.recentRoasts(chat: BotFixture.group.id, user: BotFixture.alice.id, limit: 1) }
        #expect(roast.first?.collection == nil)
    }

    @Test func theBannerButtonServesARoastFromTheSeason() async throws {
        var bot = try botWithCollections(at: duringTet)
        defer { bot.cleanUp() }
        await bot.run(bot.command("/help"))
        let banner = try #require(bot.platform.sentMessages.first)
        await bot.run(bot.envelope(.press(callbackID: "b1", data: "tc:tet", message: banner.message), from: BotFixture.bob))
        let roast = try bot.database.read { try $0.recentRoasts(chat: BotFixture.group.id, user: BotFixture.bob.id, limit: 1) }
        #expect(roast.first?.collection == "tet")
    }
}

@Suite(.serialized) struct SeasonalBannerServiceTests {
    @Test func eachChatWithBannersOnGetsOneBannerWhenTheSeasonStartsInItsTimezone() async throws {
        var bot = try botWithCollections(at: ISO8601DateFormatter().date(from: "2026-02-06T12:00:00+07:00")!)
        defer { bot.cleanUp() }
        let utcChat = ChatRef(id: ChatID(-200), kind: .group, title: "UTC team")
        await bot.run(bot.command("/help"), bot.command("/help", in: utcChat))
        try bot.database.write { tx in
            var settings = try #require(try tx.chat(utcChat.id))
            settings.timeZone = "UTC"
            try tx.saveChat(settings)
        }
        let collections = try CollectionCatalogStore(path: BotFixture.collectionsPath)
        let service = SeasonalBannerService(
            database: bot.database, platform: bot.platform.profile, collections: collections, outbox: bot.runtime.outbox, clock: bot.clock,
            logger: Logger(label: "test"))

        // 2026-02-07 00:30 in Vietnam is still 2026-02-06 in UTC.
        let vietnamMidnight = ISO8601DateFormatter().date(from: "2026-02-07T00:30:00+07:00")!
        #expect(service.sweep(at: vietnamMidnight) == 1)
        #expect(service.sweep(at: vietnamMidnight.addingTimeInterval(60)) == 0)
        #expect(service.sweep(at: ISO8601DateFormatter().date(from: "2026-02-07T00:30:00Z")!) == 1)
        #expect(service.sweep(at: ISO8601DateFormatter().date(from: "2026-02-20T00:30:00Z")!) == 0)

        // A new runtime on the same database (a restart) posts nothing again.
        let restarted = SeasonalBannerService(
            database: bot.database, platform: bot.platform.profile, collections: collections, outbox: bot.runtime.outbox, clock: bot.clock,
            logger: Logger(label: "test"))
        #expect(restarted.sweep(at: ISO8601DateFormatter().date(from: "2026-02-10T09:00:00+07:00")!) == 0)

        await bot.runtime.outbox.deliverPending()
        let banners = bot.platform.sentMessages.filter { $0.content.buttons.first?.first?.data == "tc:tet" }
        #expect(banners.map(\.chat) == [BotFixture.group.id, utcChat.id])
        // The next year's Tết is a new season.
        #expect(restarted.sweep(at: ISO8601DateFormatter().date(from: "2027-01-28T09:00:00+07:00")!) == 2)
    }
}

/// Collection roasts say which collection they come from; `/collections` gives a taste of each;
/// asking more spice than a collection holds is said.
@Suite struct CollectionLabelsTests {
    @Test func aCollectionRoastIsLabelledWithItsCollection() async throws {
        var bot = try botWithCollections(at: duringTet)
        defer { bot.cleanUp() }
        await bot.run(bot.command("/roast tết"))
        let roast = try #require(bot.platform.sentMessages.last { !$0.content.buttons.isEmpty })
        let header = try #require(text(roast.content).split(separator: "\n").first)
        #expect(header.contains("🧧 Tết Nguyên Đán"))
        await bot.run(bot.command("/roast họp"))
        let regular = try #require(bot.platform.sentMessages.last { !$0.content.buttons.isEmpty })
        #expect(!text(regular.content).contains("🧧"))
    }

    @Test func collectionsShowsATasteOfEachCollection() async throws {
        var bot = try botWithCollections(at: duringTet)
        defer { bot.cleanUp() }
        await bot.run(bot.command("/collections"))
        let body = text(try #require(bot.platform.sentMessages.first?.content))
        let active = try CollectionCatalogStore(path: BotFixture.collectionsPath).catalog.active(
            on: LocalDate(duringTet, in: BotDefaults.timeZone))
        #expect(body.components(separatedBy: "👀 ").count - 1 == active.count)
        // The taste of Tết is one of its roasts that fits the day (02-10 is before Tết).
        #expect(!body.contains("Ngày đầu đi làm sau Tết"))
    }

    @Test func askingMoreSpiceThanACollectionHoldsIsSaid() async throws {
        var bot = try botWithCollections(at: duringTet)
        defer { bot.cleanUp() }
        let privateChat = ChatRef(id: ChatID(BotFixture.bob.id.rawValue), kind: .privateChat)
        await bot.run(bot.command("/roast tết 5", from: BotFixture.bob, in: privateChat))
        let words = Phrasebook(.vi)
        let replies = bot.platform.sentMessages.map { text($0.content) }
        #expect(replies.contains { $0.contains(words.collectionSpiceUnavailable("🧧 Tết Nguyên Đán", highest: SpiceLevel(clamping: 3))) })
        let roast = try #require(
            try bot.database.read { try $0.recentRoasts(chat: privateChat.id, user: BotFixture.bob.id, limit: 1) }.first)
        #expect(roast.collection == "tet")
        #expect(roast.spice == SpiceLevel(clamping: 3))
    }
}
