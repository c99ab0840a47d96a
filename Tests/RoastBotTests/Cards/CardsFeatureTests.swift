import CardModel
import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import RoastTesting
import Testing

/// Share cards through the whole pipeline: 🖼, the buttons under a card, `/card`, the heatmap, the
/// stored photo reused, and the fallback when no picture can be drawn.
struct CardsFeatureTests {
    static let dayLength: TimeInterval = 86_400

    /// Alice's roast in the group and the message that carries it.
    static func roast(_ bot: inout BotFixture, _ words: String = "meetings 2", topic: TopicID? = nil) async throws -> (
        StoredRoast, MessageID
    ) {
        await bot.run(bot.command("/roast \(words)", topic: topic))
        let posted = try #require(bot.platform.sentMessages.last { $0.content.buttons.count == 2 })
        let stored = try #require(try bot.database.read { try $0.roast(chat: BotFixture.group.id, message: posted.message) })
        return (stored, posted.message)
    }

    static func press(
        _ bot: inout BotFixture, _ action: CardsFeature.ButtonAction, on message: MessageID?, from person: Person = BotFixture.alice,
        topic: TopicID? = nil
    ) async {
        let press = bot.envelope(
            .press(callbackID: "cb\(bot.sequence)", data: action.payload, message: message), from: person, topic: topic)
        await bot.run(press)
    }

    static func notices(_ bot: BotFixture) -> [String] {
        bot.platform.acknowledgements.compactMap(\.notice)
    }

    @Test func everyRoastCarriesACardButtonThatDecodes() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let (roast, message) = try await Self.roast(&bot)
        let posted = try #require(bot.platform.sentMessages.last { $0.message == message })
        let card = try #require(posted.content.buttons.joined().first { $0.label == "🖼" })
        #expect(card.data == CardsFeature.ButtonAction.card(roast.id, nil).payload)
        #expect(bot.decodes(card.data))
    }

    @Test func aPressPostsOneCardOfTheRoastRepliesToItAndCarriesNoName() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let (roast, message) = try await Self.roast(&bot)
        await Self.press(&bot, .card(roast.id, nil), on: message)

        #expect(bot.pictures.drawn.count == 1)
        guard case .card(let card) = try #require(bot.pictures.drawn.first) else {
            Issue.record("not a card")
            return
        }
        #expect(card.text == roast.text)
        #expect(card.category == roast.category && card.spice == roast.spice && card.language == roast.language)
        #expect(card.template == .crimson && card.format == .post)
        #expect(card.deepLink == "t.me/RoastMeLaterBot?start=roast_\(roast.category.rawValue)_\(roast.spice.rawValue)")
        let mirror = Mirror(reflecting: card).children.map { "\($0.value)" }.joined(separator: " ")
        #expect(!mirror.contains("Alice") && !mirror.contains("alice") && !mirror.contains(String(BotFixture.alice.id.rawValue)))

        let photo = try #require(bot.platform.sentPhotos.first)
        #expect(bot.platform.sentPhotos.count == 1)
        #expect(photo.chat == BotFixture.group.id)
        #expect(photo.photo.replyTo == message)
        guard case .png(let bytes) = photo.photo.image else {
            Issue.record("the first card must be uploaded")
            return
        }
        #expect(bytes.count > 20)
        #expect(photo.photo.buttons.joined().count == CardTemplate.allCases.count + 1)
        #expect(Self.notices(bot).contains(Phrasebook(.vi).cardDrawing))
        #expect(try bot.database.read { try $0.pendingOutboxCount() } == 0)
    }

    /// A collection's roast says on its card which collection it comes from, as its message does.
    @Test func aCollectionRoastsCardNamesItsCollection() async throws {
        let collections = try CollectionCatalogStore(path: BotFixture.collectionsPath)
        var bot = try BotFixture(collections: collections)
        defer { bot.cleanUp() }
        let (roast, message) = try await Self.roast(&bot, "classic office")
        #expect(roast.collection == "classic_office")
        await Self.press(&bot, .card(roast.id, nil), on: message)
        guard case .card(let card) = try #require(bot.pictures.drawn.first) else {
            Issue.record("not a card")
            return
        }
        let office = try #require(collections.catalog.collection(id: "classic_office"))
        #expect(card.collectionLabel == "\(office.icon) \(office.name(in: .vi))")
        // A library roast's card names none.
        let (plain, plainMessage) = try await Self.roast(&bot)
        await Self.press(&bot, .card(plain.id, nil), on: plainMessage)
        guard case .card(let other) = try #require(bot.pictures.drawn.last) else { return }
        #expect(other.collectionLabel == nil)
    }

    @Test func aSecondPressPostsTheStoredPhotoWithoutDrawing() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let (roast, message) = try await Self.roast(&bot)
        await Self.press(&bot, .card(roast.id, nil), on: message)
        await Self.press(&bot, .card(roast.id, nil), on: message, from: BotFixture.bob)

        #expect(bot.pictures.drawn.count == 1)
        let photos = bot.platform.sentPhotos
        #expect(photos.count == 2)
        #expect(photos.last?.photo.image == .stored(photos[0].stored))
    }

    /// The picture is uploaded again (from the drawing just made: ``PictureCache``) and stored anew.
    @Test func aStoredPhotoThePlatformNoLongerKnowsIsUploadedAndStoredAgain() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let (roast, message) = try await Self.roast(&bot)
        await Self.press(&bot, .card(roast.id, nil), on: message)
        bot.platform.failNext(.rejected(reason: "Bad Request: wrong file identifier/HTTP URL specified"))
        await Self.press(&bot, .card(roast.id, nil), on: message)
        let photos = bot.platform.sentPhotos
        #expect(photos.count == 2)
        guard case .png(let uploaded)? = photos.last?.photo.image else {
            Issue.record("the refused photo was not uploaded again: \(String(describing: photos.last?.photo.image))")
            return
        }
        let drawn = try #require(bot.pictures.drawn.first)
        #expect(bot.pictures.drawn.count == 1)
        #expect(uploaded == RecordingPictures.pngHeader(width: drawn.width, height: drawn.height))
        #expect(photos.last?.stored != photos.first?.stored)
        let key = CardKey(roast: roast.id, template: .crimson, format: .post)
        #expect(try bot.database.read { try $0.cardPhoto(key) } == photos.last?.stored)
        await Self.press(&bot, .card(roast.id, nil), on: message)
        #expect(bot.pictures.drawn.count == 1)
        #expect(bot.platform.sentPhotos.last?.photo.image == .stored(try #require(photos.last?.stored)))
    }

    @Test func twoPressesQueuedBeforeTheFirstCardIsPostedDrawItOnce() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let (roast, message) = try await Self.roast(&bot)
        let first = bot.envelope(
            .press(callbackID: "a", data: CardsFeature.ButtonAction.card(roast.id, nil).payload, message: message))
        let second = bot.envelope(
            .press(callbackID: "b", data: CardsFeature.ButtonAction.card(roast.id, nil).payload, message: message),
            from: BotFixture.bob)
        await bot.run(first, second)
        #expect(bot.pictures.drawn.count == 1)
        #expect(bot.platform.sentPhotos.map(\.photo.image).filter { if case .png = $0 { true } else { false } }.count == 1)
        #expect(bot.platform.sentPhotos.count == 2)
    }

    /// The template and format buttons under a card change that card: however many styles are looked
    /// through, the chat holds one picture; a style shown before is put back by its stored photo.
    @Test func styleButtonsChangeTheCardTheyAreUnderInPlace() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let (roast, message) = try await Self.roast(&bot)
        await Self.press(&bot, .card(roast.id, nil), on: message)
        let card = try #require(bot.platform.sentPhotos.first)
        // Each press is a button the card shows at that moment (a press carries only what its message
        // offers): Midnight, then Story, then back to square, then Crimson.
        let styles = [
            CardChoice(template: .midnight, format: .post), CardChoice(template: .midnight, format: .story),
            CardChoice(template: .midnight, format: .post), .standard,
        ]
        for style in styles {
            await Self.press(&bot, .card(roast.id, style), on: card.message)
        }

        #expect(bot.platform.sentPhotos.count == 1)
        let edits = bot.platform.editedPhotos
        #expect(edits.map(\.message) == Array(repeating: card.message, count: 4))
        #expect(edits.allSatisfy { $0.chat == BotFixture.group.id })
        // Crimson square, Midnight square, Midnight story drawn; Midnight square and Crimson square
        // again from their stored photos.
        #expect(bot.pictures.drawn.count == 3)
        #expect(edits[2].photo.image == .stored(edits[0].stored))
        #expect(edits.last?.photo.image == .stored(card.stored))
        #expect(edits[0].photo.caption?.plainText == Phrasebook(.vi).cardCaption(.midnight, .post))
        #expect(edits[0].photo.buttons.joined().contains { $0.label == "✓ Midnight" })
        #expect(Self.notices(bot).suffix(4) == Array(repeating: Phrasebook(.vi).cardDrawing, count: 4))
        // Each new picture is stored for its style, as a posted card's is.
        let story = CardKey(roast: roast.id, template: .midnight, format: .story)
        #expect(try bot.database.read { try $0.cardPhoto(story) } == edits[1].stored)
        // 🖼 under the roast still posts a card of its own.
        await Self.press(&bot, .card(roast.id, nil), on: message, from: BotFixture.bob)
        #expect(bot.platform.sentPhotos.count == 2)
    }

    /// Styles pressed through before the card changed show the last one, drawn once.
    @Test func stylesPressedQuicklyShowTheLastOneDrawnOnce() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let (roast, message) = try await Self.roast(&bot)
        await Self.press(&bot, .card(roast.id, nil), on: message)
        let card = try #require(bot.platform.sentPhotos.first)
        let presses = [CardTemplate.midnight, .paper, .crimson].enumerated().map { index, template in
            bot.envelope(
                .press(
                    callbackID: "s\(index)",
                    data: CardsFeature.ButtonAction.card(roast.id, CardChoice(template: template, format: .story)).payload,
                    message: card.message))
        }
        await bot.run(presses[0], presses[1], presses[2])
        #expect(bot.platform.editedPhotos.count == 1)
        #expect(bot.pictures.drawn.count == 2)
        guard case .card(let shown) = try #require(bot.pictures.drawn.last) else {
            Issue.record("not a card")
            return
        }
        #expect(shown.template == .crimson && shown.format == .story)
    }

    @Test func premiumTemplatesWaitForASevenDayStreak() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let (roast, message) = try await Self.roast(&bot)
        // The template buttons are under the card: 🖼 first, then 💎 Ember on the card (made a story).
        await Self.press(&bot, .card(roast.id, nil), on: message)
        let card = try #require(bot.platform.sentPhotos.last)
        let ember = CardsFeature.ButtonAction.card(roast.id, CardChoice(template: .ember, format: .post))
        #expect(card.photo.buttons.joined().contains { $0.data == ember.payload })
        await Self.press(&bot, .card(roast.id, CardChoice(template: .crimson, format: .story)), on: card.message)
        let story = try #require(bot.platform.sentPhotos.last)
        let emberStory = CardsFeature.ButtonAction.card(roast.id, CardChoice(template: .ember, format: .story))
        let drawn = bot.pictures.drawn.count
        await Self.press(&bot, emberStory, on: story.message)
        #expect(bot.pictures.drawn.count == drawn)
        #expect(Self.notices(bot).last == Phrasebook(.vi).premiumTemplateLocked(.ember, days: 7, current: 1))

        try bot.database.write { tx in
            var streak = try #require(try tx.streak(chat: BotFixture.group.id, user: BotFixture.alice.id))
            streak.longest = 7
            try tx.saveStreak(streak, chat: BotFixture.group.id, user: BotFixture.alice.id)
        }
        await Self.press(&bot, emberStory, on: story.message)
        guard case .card(let card) = try #require(bot.pictures.drawn.last) else {
            Issue.record("not a card")
            return
        }
        #expect(card.template == .ember && card.format == .story)
        // The pick stays: the next 🖼 draws the next roast in it.
        let (next, nextMessage) = try await Self.roast(&bot, "deadlines 1")
        await Self.press(&bot, .card(next.id, nil), on: nextMessage)
        guard case .card(let following) = try #require(bot.pictures.drawn.last) else {
            Issue.record("not a card")
            return
        }
        #expect(following.text == next.text && following.template == .ember && following.format == .story)
    }

    /// The usage names the square format as Vietnamese writes it, and a locked template says how long
    /// the person's streak is in words.
    @Test func cardWordingReadsNaturally() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        _ = try await Self.roast(&bot)
        await bot.run(bot.command("/card glitter", from: BotFixture.bob))
        #expect(bot.platform.sentMessages.last?.content.text.plainText.hasPrefix("Cách dùng: /card [mẫu] [vuông|story].") == true)
        await bot.run(bot.command("/help", from: BotFixture.bob))
        #expect(bot.platform.sentMessages.last?.content.text.plainText.contains("/card [mẫu] [vuông|story]") == true)
        await bot.run(bot.command("/card than hồng"))
        #expect(bot.platform.sentMessages.last?.content.text.plainText.hasSuffix("(chuỗi hiện tại: 1 ngày).") == true)
        #expect(Phrasebook(.en).premiumTemplateLocked(.ember, days: 7, current: 1).hasSuffix("(your streak: 1 day)."))
        #expect(Phrasebook(.en).premiumTemplateLocked(.ember, days: 7, current: 3).hasSuffix("(your streak: 3 days)."))
        await bot.run(bot.command("/card vuông"))
        guard case .card(let card) = try #require(bot.pictures.drawn.last) else {
            Issue.record("not a card")
            return
        }
        #expect(card.format == .post)
    }

    @Test func cardCommandPicksAStyleAndPostsTheLatestRoastInIt() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/card giấy dọc"))
        #expect(bot.platform.sentMessages.last?.content.text.plainText == Phrasebook(.vi).cardChoiceWithoutRoast(.paper, .story))
        #expect(bot.pictures.drawn.isEmpty)

        let (roast, _) = try await Self.roast(&bot)
        await bot.run(bot.command("/card"))
        guard case .card(let card) = try #require(bot.pictures.drawn.last) else {
            Issue.record("not a card")
            return
        }
        #expect(card.text == roast.text && card.template == .paper && card.format == .story)

        await bot.run(bot.command("/card than hồng"))
        #expect(
            bot.platform.sentMessages.last?.content.text.plainText == Phrasebook(.vi).premiumTemplateLocked(.ember, days: 7, current: 1))
        await bot.run(bot.command("/card glitter"))
        #expect(bot.platform.sentMessages.last?.content.text.plainText.hasPrefix("Cách dùng: /card") == true)
        await bot.run(bot.command("/card midnight square"))
        guard case .card(let square) = try #require(bot.pictures.drawn.last) else {
            Issue.record("not a card")
            return
        }
        #expect(square.template == .midnight && square.format == .post)
    }

    /// The caption tells how to pass a card on with what the platform has: typing the bot's name in any chat
    /// only where it has inline mode (Telegram), never on one without (Discord).
    @Test(arguments: [true, false])
    func theCardsCaptionOffersInlineSharingOnlyWhereThePlatformHasIt(_ inlineMode: Bool) async throws {
        var profile = RecordingPlatform.standardProfile
        profile.inlineMode = inlineMode
        var bot = try BotFixture(platform: RecordingPlatform(profile: profile))
        defer { bot.cleanUp() }
        let (roast, message) = try await Self.roast(&bot)
        await Self.press(&bot, .card(roast.id, nil), on: message)
        let caption = try #require(bot.platform.sentPhotos.last?.photo.caption?.plainText)
        #expect(caption.contains("@bot") == inlineMode, "\(caption)")
        #expect(caption.hasPrefix("🖼"), "\(caption)")
    }

    @Test func cardRepliesAreInTheChatsLanguage() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        try bot.database.write { tx in
            var chat = try tx.ensureChat(BotFixture.group, defaultLanguage: .vi, at: bot.clock.now)
            chat.language = .en
            try tx.saveChat(chat)
        }
        await bot.run(bot.command("/card story"))
        #expect(bot.platform.sentMessages.last?.content.text.plainText == Phrasebook(.en).cardChoiceWithoutRoast(.crimson, .story))
        let (roast, message) = try await Self.roast(&bot)
        await Self.press(&bot, .card(roast.id, nil), on: message)
        let photo = try #require(bot.platform.sentPhotos.last)
        #expect(photo.photo.caption?.plainText == Phrasebook(.en).cardCaption(.crimson, .story))
        #expect(photo.photo.buttons.joined().contains { $0.label == "⬜ Square" })
    }

    @Test func theRoastOfTheDayHasACardToo() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        _ = try bot.database.write { tx in try tx.ensureChat(BotFixture.group, defaultLanguage: .vi, at: bot.clock.now) }
        // 09:00 in Vietnam the next day.
        let nine = LocalDate(bot.clock.now, in: BotDefaults.timeZone).adding(days: 1).start(in: BotDefaults.timeZone).addingTimeInterval(
            9 * 3_600)
        #expect(bot.runtime.scheduler.runPass(now: nine).queued == 1)
        await bot.runtime.outbox.deliverPending()
        let daily = try #require(bot.platform.sentMessages.last)
        let button = try #require(daily.content.buttons.joined().first { $0.label == "🖼" })
        await bot.run(bot.envelope(.press(callbackID: "d", data: button.data, message: daily.message)))
        #expect(bot.platform.sentPhotos.count == 1)
        #expect(bot.platform.sentPhotos.first?.photo.replyTo == daily.message)
    }

    @Test func aCardPressedInATopicIsPostedInThatTopic() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let (roast, message) = try await Self.roast(&bot, topic: TopicID(77))
        await Self.press(&bot, .card(roast.id, nil), on: message, topic: TopicID(77))
        #expect(bot.platform.sentPhotos.first?.photo.topic == TopicID(77))
    }

    @Test func theDeepLinkOnACardOpensARoastOfTheSameCategoryAndSpice() throws {
        let router = try EventRouterTests.router()
        for category in RoastCategory.allCases {
            for spice in SpiceLevel.range {
                let payload = ShareLinks.startPayload(category, SpiceLevel(clamping: spice))
                let decoded = router.decode(EventRouterTests.envelope(.command(name: "start", arguments: payload, message: MessageID(1))))
                let action = try #require(decoded.action(as: WelcomeFeature.Action.self))
                guard case .start(let request?) = action else {
                    Issue.record("\(payload) is not a deep link")
                    continue
                }
                #expect(request.category == category, "\(payload)")
                #expect(request.spice == SpiceLevel(clamping: spice), "\(payload)")
                #expect(request.unrecognized.isEmpty, "\(payload): \(request.unrecognized)")
            }
        }
    }

    @Test func aPictureThatCannotBeDrawnIsPostedAsText() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let (roast, message) = try await Self.roast(&bot)
        bot.pictures.fail()
        await Self.press(&bot, .card(roast.id, nil), on: message)
        #expect(bot.platform.sentPhotos.isEmpty)
        #expect(bot.platform.sentMessages.last?.content.text.plainText == Phrasebook(.vi).pictureUnavailable)
        #expect(try bot.database.read { try $0.pendingOutboxCount() } == 0)
        // Nothing was stored: once pictures work again the card is drawn.
        bot.pictures.fail(false)
        await Self.press(&bot, .card(roast.id, nil), on: message)
        #expect(bot.pictures.drawn.count == 1)
    }

    @Test func theHeatmapShowsTheDaysThePersonWasActiveInThisChat() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let start = bot.clock.now
        let activeOffsets = [0, 1, 2, 5, 6, 9, 10, 11, 12]
        for offset in activeOffsets {
            let day = start.addingTimeInterval(Double(offset) * Self.dayLength)
            bot.clock.set(to: day)
            await bot.run(bot.envelope(.command(name: "roast", arguments: "", message: MessageID(1)), at: day))
            // Bob is active on other days; that is not Alice's.
            await bot.run(
                bot.envelope(
                    .command(name: "roast", arguments: "", message: MessageID(1)), from: BotFixture.bob, at: day + 3 * Self.dayLength))
        }
        let last = start.addingTimeInterval(12 * Self.dayLength + 60)
        bot.clock.set(to: last)
        await bot.run(bot.command("/streak"))
        let streak = try #require(bot.platform.sentMessages.last)
        let button = try #require(streak.content.buttons.joined().first)
        #expect(button.label == Phrasebook(.vi).heatmapButton)
        await bot.run(bot.envelope(.press(callbackID: "h", data: button.data, message: streak.message), at: last))

        guard case .heatmap(let heatmap) = try #require(bot.pictures.drawn.last) else {
            Issue.record("not a heatmap")
            return
        }
        let expected = Set(activeOffsets.map { LocalDate(start.addingTimeInterval(Double($0) * Self.dayLength), in: BotDefaults.timeZone) })
        #expect(heatmap.activeDays == expected)
        #expect(heatmap.today == LocalDate(last, in: BotDefaults.timeZone))
        #expect(heatmap.currentStreak == 4)
        #expect(heatmap.longestStreak == 4)
        #expect(heatmap.nextMilestone == 7)
        let photo = try #require(bot.platform.sentPhotos.last)
        #expect(photo.photo.caption?.plainText.contains("Alice") == true)
        #expect(Self.notices(bot).last == Phrasebook(.vi).heatmapDrawing)
    }

    @Test func inlineModeOffersThePersonsCardsAsStoredPhotosAndCountsThemAsShares() async throws {
        let answers = RecordingInlineAnswers()
        var bot = try BotFixture(inline: answers)
        defer { bot.cleanUp() }
        let (roast, message) = try await Self.roast(&bot)
        await Self.press(&bot, .card(roast.id, nil), on: message)
        let stored = try #require(bot.platform.sentPhotos.first?.stored)

        let privateChat = ChatRef(id: ChatID(BotFixture.alice.id.rawValue), kind: .privateChat)
        await bot.run(bot.envelope(.inlineQuery(id: "q1", query: ""), from: BotFixture.alice, in: privateChat))
        let results = try #require(answers.recorded.first?.results)
        let card = try #require(results.first)
        #expect(card.photo == stored)
        #expect(card.id == SharingFeature.ResultID.card(CardKey(roast: roast.id, template: .crimson, format: .post)).text)
        #expect(results.dropFirst().allSatisfy { $0.photo == nil })
        #expect(results.count == SharingFeature.resultCount + 1)

        await bot.run(bot.envelope(.inlineChosen(resultID: card.id, query: ""), from: BotFixture.alice, in: privateChat))
        #expect(try bot.database.read { try $0.shareCount(user: BotFixture.alice.id) } == 1)

        // Bob made none.
        await bot.run(bot.envelope(.inlineQuery(id: "q2", query: ""), from: BotFixture.bob, in: privateChat))
        #expect(answers.recorded.last?.results.allSatisfy { $0.photo == nil } == true)
    }
}
