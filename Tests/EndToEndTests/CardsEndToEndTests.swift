import CardModel
import Foundation
import RoastCore
import RoastTesting
import Testing

@testable import CardRenderer

/// Share cards and the streak heatmap through the real `roastbot` (which starts the real
/// `roastbot-render` beside it) against the fake Bot API.
@Suite(.serialized)
struct CardsEndToEndTests {
    static let forum = FakeChat(id: -100_590, type: .supergroup, title: "Cards", isForum: true)
    static let group = FakeChat(id: -100_591, type: .supergroup, title: "Heatmap")
    static let lan = FakeUser(id: 901, firstName: "Lan", username: "lan", languageCode: "vi")
    static let minh = FakeUser(id: 902, firstName: "Minh", username: "minh", languageCode: "vi")

    private static func instant(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test func aCardPressSendsOneValidPNGToTheChatAndTopicAndASecondPressReusesItsFileID() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let bot = try BotProcess(fake: fake)
        defer { bot.cleanUp() }
        let topic = fake.createTopic(in: Self.forum, name: "Roasts")
        try bot.start()

        let command = fake.commandMessage(chat: Self.forum, from: Self.lan, text: "/roast họp 3", topic: topic)
        let roasts = await fake.waitForMessages(1, in: Self.forum.id)
        let roast = try #require(roasts.first { $0.replyToMessageID == command.messageID })
        let card = try #require(roast.allButtons.first { $0.text == "🖼" }?.callbackData)

        fake.callbackQuery(from: Self.lan, message: roast, data: card)
        #expect(await fake.waitFor(timeout: .seconds(30)) { fake.photos.count == 1 })
        let first = try #require(fake.photos.first)
        #expect(first.chatID == Self.forum.id)
        #expect(first.messageThreadID == topic)
        #expect(first.replyToMessageID == roast.messageID)
        let uploaded = try #require(first.uploaded)
        let png = try #require(Bitmap(png: [UInt8](uploaded)), "the upload is not a PNG libpng reads")
        #expect(png.width == 1_080 && png.height == 1_080)
        #expect(fake.requests(method: "sendPhoto").first?.parameters["photo"] == "roastmelater.png")

        // Another person's press on the same roast: the same card, posted by its file id.
        fake.callbackQuery(from: Self.minh, message: roast, data: card)
        #expect(await fake.waitFor(timeout: .seconds(30)) { fake.photos.count == 2 })
        let second = try #require(fake.photos.last)
        #expect(second.uploaded == nil)
        #expect(second.sentByFileID == first.fileID)
        #expect(second.messageThreadID == topic)
        #expect(fake.requests(method: "sendPhoto").count == 2)

        // A template button under the card: the card changes in place (a new picture uploaded), in its topic.
        let posted = try #require(fake.sentMessages(chat: Self.forum.id).first { $0.messageID == first.messageID })
        let midnight = try #require(posted.allButtons.first { $0.text.contains("Midnight") }?.callbackData)
        fake.callbackQuery(from: Self.lan, message: posted, data: midnight)
        #expect(await fake.waitFor(timeout: .seconds(30)) { fake.mediaEdits.count == 1 })
        #expect(fake.photos.count == 2)
        #expect(fake.mediaEdits.last?.uploaded != nil && fake.mediaEdits.last?.messageID == first.messageID)
        #expect(fake.mediaEdits.last?.messageThreadID == topic)

        // Inline mode offers Lan's cards as stored photos (the fake refuses unknown file ids).
        let query = fake.inlineQuery(from: Self.lan, query: "")
        #expect(await fake.waitFor(timeout: .seconds(15)) { fake.inlineAnswers.contains { $0.inlineQueryID == query.inlineQueryID } })
        let answer = try #require(fake.inlineAnswers.first { $0.inlineQueryID == query.inlineQueryID })
        #expect(answer.resultsJSON.contains("\"photo_file_id\":\"\(first.fileID)\""))
        #expect(fake.requests(method: "answerInlineQuery").allSatisfy { $0.statusCode == 200 })

        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        await fake.stop()
    }

    /// The renderer draws pictures and needs nothing of the bot's secrets: its environment holds the
    /// locale, font and cache variables it reads, and neither the bot token, the AI key nor any other
    /// setting of the bot (a crash dump or a compromised font library in it reveals none of them).
    @Test func theRendererChildGetsNeitherTheTokenNorTheAIKeyInItsEnvironment() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let aiKey = "sk-renderer-proof-4e1d9c"
        let bot = try BotProcess(
            fake: fake,
            extraEnvironment: [
                "ROASTBOT_AI_KEY": aiKey, "ROASTBOT_AI_URL": "http://127.0.0.1:9/v1", "ROASTBOT_AI_MODEL": "proof",
                "LANG": "C.UTF-8", "XDG_CACHE_HOME": FileManager.default.temporaryDirectory.path,
            ])
        defer { bot.cleanUp() }
        try bot.start()
        fake.commandMessage(chat: Self.group, from: Self.lan, text: "/roast họp 3")
        let roast = try #require(await fake.waitForMessages(1, in: Self.group.id).first)
        let card = try #require(roast.allButtons.first { $0.text == "🖼" }?.callbackData)
        fake.callbackQuery(from: Self.lan, message: roast, data: card)
        #expect(await fake.waitFor(timeout: .seconds(30)) { fake.photos.count == 1 })

        let renderer = try #require(bot.children.first, "the renderer runs until it has been idle for minutes")
        let environment = BotProcess.environment(of: renderer)
        #expect(!environment.isEmpty, "/proc/\(renderer)/environ is readable")
        let secrets = environment.filter { $0.value.contains(fake.token) || $0.value.contains(aiKey) }
        #expect(secrets.isEmpty, "the renderer sees \(secrets.keys.sorted())")
        #expect(environment.keys.filter { $0.hasPrefix("TELEGRAM_") || $0.hasPrefix("ROASTBOT_") }.isEmpty, "\(environment.keys.sorted())")
        #expect(environment["LANG"] == "C.UTF-8")
        #expect(environment["XDG_CACHE_HOME"] == FileManager.default.temporaryDirectory.path)

        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        await fake.stop()
    }

    /// Looking through the styles of one card leaves one picture in the chat: each template or format
    /// button changes the posted card in place, a style shown before is put back by its stored file
    /// id (never drawn or uploaded again), and the style the card already shows changes nothing.
    @Test func styleButtonsChangeThePostedCardInPlaceAndLeaveOnePhotoInTheChat() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let bot = try BotProcess(fake: fake)
        defer { bot.cleanUp() }
        try bot.start()

        let command = fake.commandMessage(chat: Self.group, from: Self.lan, text: "/roast họp 2")
        let roasts = await fake.waitForMessages(1, in: Self.group.id)
        let roast = try #require(roasts.first { $0.replyToMessageID == command.messageID })
        fake.callbackQuery(from: Self.lan, message: roast, data: try #require(roast.allButtons.first { $0.text == "🖼" }?.callbackData))
        #expect(await fake.waitFor(timeout: .seconds(30)) { fake.photos.count == 1 })
        let cardID = try #require(fake.photos.first?.messageID)
        let firstPicture = try #require(fake.photos.first?.fileID)
        @Sendable func card() -> FakeSentMessage? { fake.sentMessages(chat: Self.group.id).first { $0.messageID == cardID } }

        /// Presses the button of `card` whose label contains `label` and waits for the card's `edits`-th edit.
        func press(_ label: String, expectingEdits edits: Int) async throws {
            let current = try #require(card())
            let data = try #require(current.allButtons.first { $0.text.contains(label) }?.callbackData, "\(current.allButtons)")
            fake.callbackQuery(from: Self.lan, message: current, data: data)
            #expect(await fake.waitFor(timeout: .seconds(30)) { fake.mediaEdits.count == edits }, "pressing \(label)")
        }
        try await press("Midnight", expectingEdits: 1)
        try await press("Story", expectingEdits: 2)
        try await press("Vuông", expectingEdits: 3)
        try await press("Crimson", expectingEdits: 4)

        // One photo message in the chat, and its picture changed four times.
        let photoMessages = fake.sentMessages(chat: Self.group.id).filter { $0.photoFileID != nil }
        #expect(photoMessages.map(\.messageID) == [cardID])
        #expect(fake.photos.count == 1)
        #expect(fake.requests(method: "sendPhoto").count == 1)
        let edits = fake.mediaEdits
        #expect(edits.allSatisfy { $0.chatID == Self.group.id && $0.messageID == cardID })
        // Midnight and its story were new pictures; Midnight square and Crimson square had been shown.
        #expect(edits.map { $0.uploaded != nil } == [true, true, false, false])
        #expect(edits[2].sentByFileID == edits[0].fileID)
        #expect(edits[3].sentByFileID == firstPicture)
        let shown = try #require(card())
        #expect(shown.photoFileID == firstPicture)
        #expect(shown.text.hasPrefix("🖼 Crimson · Vuông"))
        #expect(shown.allButtons.contains { $0.text == "✓ Crimson" })
        #expect(shown.replyToMessageID == roast.messageID)

        // The style the card shows already: nothing changes, and nothing is posted.
        let requests = fake.requests(method: "editMessageMedia").count
        let again = try #require(shown.allButtons.first { $0.text == "✓ Crimson" }?.callbackData)
        fake.callbackQuery(from: Self.lan, message: shown, data: again)
        #expect(await fake.waitFor(timeout: .seconds(30)) { fake.requests(method: "editMessageMedia").count == requests + 1 })
        #expect(fake.requests(method: "editMessageMedia").last?.errorDescription?.contains("message is not modified") == true)
        #expect(fake.mediaEdits.count == 4 && fake.photos.count == 1)
        #expect(fake.sentMessages(chat: Self.group.id).filter { $0.photoFileID != nil }.count == 1)

        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        await fake.stop()
    }

    @Test func theHeatmapMarksExactlyTheDaysThePersonWasActive() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let bot = try BotProcess(fake: fake)
        defer { bot.cleanUp() }
        try bot.start()

        // The bot's clock is at 2026-03-02 03:00 in Vietnam. Lan is active on these days; Minh on others.
        let lanDays = ["2026-01-05", "2026-01-06", "2026-02-10", "2026-02-26", "2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]
        let minhDays = ["2026-01-20", "2026-02-11", "2026-02-15"]
        var sent = 0
        for (day, person) in (lanDays.map { ($0, Self.lan) } + minhDays.map { ($0, Self.minh) }).sorted(by: { $0.0 < $1.0 }) {
            fake.commandMessage(chat: Self.group, from: person, text: "/roast", date: Self.instant("\(day)T01:00:00+07:00"))
            sent += 1
            _ = await fake.waitForMessages(sent, in: Self.group.id)
        }
        let streakCommand = fake.commandMessage(
            chat: Self.group, from: Self.lan, text: "/streak", date: Self.instant("2026-03-02T02:00:00+07:00"))
        #expect(
            await fake.waitFor(timeout: .seconds(15)) {
                fake.sentMessages(chat: Self.group.id).contains { $0.replyToMessageID == streakCommand.messageID }
            })
        let streak = try #require(fake.sentMessages(chat: Self.group.id).first { $0.replyToMessageID == streakCommand.messageID })
        let button = try #require(streak.allButtons.first { $0.text.hasPrefix("📅") }?.callbackData)
        fake.callbackQuery(from: Self.lan, message: streak, data: button)
        #expect(await fake.waitFor(timeout: .seconds(30)) { fake.photos.count == 1 })

        let photo = try #require(fake.photos.first)
        #expect(photo.chatID == Self.group.id)
        let uploaded = try #require(photo.uploaded)
        let png = try #require(Bitmap(png: [UInt8](uploaded)))
        #expect(png.width == StreakHeatmap.width && png.height == StreakHeatmap.height)
        let today = LocalDate(year: 2026, month: 3, day: 2)
        let heatmap = StreakHeatmap(activeDays: [], today: today, currentStreak: 5, longestStreak: 5, nextMilestone: 7, language: .vi)
        let geometry = HeatmapGeometry(firstDay: heatmap.firstDay)
        let active = Set(lanDays.compactMap(LocalDate.init(iso:)))
        var day = heatmap.firstDay
        var checked = 0
        while day <= today {
            let cell = geometry.cell(for: day)
            let pixel = png.rgb(x: Int(cell.midX), y: Int(cell.midY))
            let marked = Self.matches(pixel, HeatmapPainter.activeColor) || Self.matches(pixel, HeatmapPainter.streakColor)
            #expect(marked == active.contains(day), "\(day): \(pixel)")
            checked += 1
            day = day.adding(days: 1)
        }
        #expect(checked > 130)
        // The last five days are the current streak, drawn in the streak's colour.
        let streakCell = geometry.cell(for: LocalDate(year: 2026, month: 2, day: 27))
        #expect(Self.matches(png.rgb(x: Int(streakCell.midX), y: Int(streakCell.midY)), HeatmapPainter.streakColor))

        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        await fake.stop()
    }

    private static func matches(_ pixel: (red: Int, green: Int, blue: Int), _ color: RGBColor) -> Bool {
        abs(pixel.red - Int((color.red * 255).rounded())) <= 2 && abs(pixel.green - Int((color.green * 255).rounded())) <= 2
            && abs(pixel.blue - Int((color.blue * 255).rounded())) <= 2
    }
}
