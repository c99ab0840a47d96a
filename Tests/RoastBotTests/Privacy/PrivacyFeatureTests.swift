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
        await bot.run(bot.envelope(.press(callbackID: "b", data: yes.data, message: question.message), from: BotFixture.bob))
        #expect(try bot.database.read { try $0.profile(chat: BotFixture.group.id, user: BotFixture.alice.id) } != nil)
        await bot.run(bot.envelope(.press(callbackID: "a", data: yes.data, message: question.message), from: BotFixture.alice))
        #expect(try bot.database.read { try $0.profile(chat: BotFixture.group.id, user: BotFixture.alice.id) } == nil)
        #expect(try bot.database.read { try $0.exportUser(BotFixture.alice.id, in: BotFixture.group.id).roasts.isEmpty })
        #expect(try bot.database.read { try $0.profile(chat: BotFixture.group.id, user: BotFixture.bob.id) } != nil)
    }

    static let bobPrivately = ChatRef(id: ChatID(BotFixture.bob.id.rawValue), kind: .privateChat)
    static let alicePrivately = ChatRef(id: ChatID(BotFixture.alice.id.rawValue), kind: .privateChat)

    private func documents(_ bot: BotFixture) -> [(chat: ChatID, document: OutgoingDocument)] {
        bot.platform.deliveries.compactMap { delivery in
            if case .document(let chat, _, let document) = delivery { return (chat, document) }
            return nil
        }
    }

    private func json(_ document: OutgoingDocument) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(document.contents)) as? [String: Any])
    }

    @Test func exportInAGroupIsDeliveredInThePrivateChatAndTheGroupSeesNoData() async throws {
        var bot = try BotFixture(administration: Self.admins)
        defer { bot.cleanUp() }
        await bot.run(bot.command("/start", from: BotFixture.bob, in: Self.bobPrivately))
        await bot.run(bot.command("/start", from: BotFixture.alice, in: Self.alicePrivately))
        await bot.run(bot.command("/roast", from: BotFixture.bob))
        let roast = try #require(bot.platform.sentMessages.last?.content.text.plainText)
        let before = bot.platform.deliveries.count

        await bot.run(bot.command("/export", from: BotFixture.bob))
        let mine = try #require(documents(bot).last)
        #expect(mine.chat == Self.bobPrivately.id)
        #expect(try json(mine.document)["userID"] as? Int == 22)
        #expect((try json(mine.document)["roasts"] as? [Any])?.count == 1)

        await bot.run(bot.command("/export chat", from: BotFixture.alice))
        let chat = try #require(documents(bot).last)
        #expect(chat.chat == Self.alicePrivately.id)
        #expect(try json(chat.document)["memberCount"] as? Int == 2)
        #expect(try json(chat.document)["members"] == nil, "no member's details")
        #expect(!String(decoding: chat.document.contents, as: UTF8.self).contains("Bob"))

        // The group saw two short notes, no file and nothing of the data.
        let inGroup = bot.platform.deliveries[before...].filter { delivery in
            switch delivery {
            case .sent(let id, _, _), .edited(let id, _, _), .editedButtons(let id, _, _), .document(let id, _, _), .photo(let id, _, _, _),
                .editedPhoto(let id, _, _, _):
                id == BotFixture.group.id
            case .answered: false
            }
        }
        #expect(inGroup.count == 2)
        for case .sent(_, _, let note) in inGroup {
            #expect(!note.text.plainText.contains(roast))
            #expect(!note.text.plainText.contains("22"))
            #expect(note.buttons.isEmpty)
        }
    }

    @Test func exportForSomeoneWhoNeverOpenedThePrivateChatOffersALinkThatDeliversThere() async throws {
        var bot = try BotFixture(administration: Self.admins)
        defer { bot.cleanUp() }
        await bot.run(bot.command("/roast", from: BotFixture.bob))
        await bot.run(bot.command("/export", from: BotFixture.bob))
        #expect(documents(bot).isEmpty)
        let note = try #require(bot.platform.sentMessages.last)
        #expect(note.chat == BotFixture.group.id)
        let link = try #require(note.content.buttons.first?.first?.startsPrivateChat)

        // Someone else opening the link gets nothing of Bob's.
        await bot.run(bot.command("/start \(link)", from: BotFixture.alice, in: Self.alicePrivately))
        #expect(documents(bot).isEmpty)
        #expect(bot.platform.sentMessages.last?.chat == Self.alicePrivately.id)

        await bot.run(bot.command("/start \(link)", from: BotFixture.bob, in: Self.bobPrivately))
        let delivered = try #require(documents(bot).first)
        #expect(delivered.chat == Self.bobPrivately.id)
        #expect(try json(delivered.document)["chatID"] as? Int == Int(BotFixture.group.id.rawValue))
        #expect((try json(delivered.document)["roasts"] as? [Any])?.count == 1)

        // The link delivers once.
        await bot.run(bot.command("/start \(link)", from: BotFixture.bob, in: Self.bobPrivately))
        #expect(documents(bot).count == 1)
    }

    /// The link of a chat's export checks the admin status again when it is opened: demoted since the
    /// request, the person gets no file.
    @Test func aChatExportLinkDeliversOnlyToSomeoneStillAnAdmin() async throws {
        let administration = FixedAdministration(admins: [BotFixture.alice.id, BotFixture.bob.id])
        var bot = try BotFixture(administration: administration)
        defer { bot.cleanUp() }
        await bot.run(bot.command("/roast", from: BotFixture.bob))
        func link(for person: Person) async throws -> String {
            await bot.run(bot.command("/export chat", from: person))
            return try #require(bot.platform.sentMessages.last?.content.buttons.first?.first?.startsPrivateChat)
        }
        let alices = try await link(for: BotFixture.alice)
        let bobs = try await link(for: BotFixture.bob)
        // Alice is demoted before she opens hers.
        administration.setAdmins([BotFixture.bob.id])
        await bot.run(bot.envelope(.memberChanged(BotFixture.alice.id, isAdmin: false), from: BotFixture.bob))
        await bot.run(
            bot.envelope(.command(name: "start", arguments: alices, message: MessageID(5)), from: BotFixture.alice, in: Self.alicePrivately)
        )
        #expect(documents(bot).isEmpty)
        #expect(bot.platform.sentMessages.last?.content.text.plainText == Phrasebook(.en).exportChatAdminsOnly)
        await bot.run(
            bot.envelope(.command(name: "start", arguments: bobs, message: MessageID(6)), from: BotFixture.bob, in: Self.bobPrivately))
        #expect(documents(bot).map(\.chat) == [Self.bobPrivately.id])
    }

    @Test func exportChatIsForAdminsOnly() async throws {
        var bot = try BotFixture(administration: Self.admins)
        defer { bot.cleanUp() }
        await bot.run(bot.command("/roast", from: BotFixture.bob))
        await bot.run(bot.command("/export chat", from: BotFixture.bob))
        #expect(bot.platform.sentMessages.last?.content.text.plainText == Phrasebook(.vi).exportChatAdminsOnly)
        #expect(bot.platform.sentMessages.last?.content.buttons.isEmpty == true)
        #expect(documents(bot).isEmpty)
    }

    @Test func exportInThePrivateChatIsAnsweredThere() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/roast", from: BotFixture.bob, in: Self.bobPrivately))
        await bot.run(bot.command("/export", from: BotFixture.bob, in: Self.bobPrivately))
        let delivered = try #require(documents(bot).first)
        #expect(delivered.chat == Self.bobPrivately.id)
        #expect((try json(delivered.document)["roasts"] as? [Any])?.count == 1)
    }

    @Test func forgetMeAfterAnInlineShareDeletesEverythingAndSaysSo() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/roast", from: BotFixture.bob))
        await bot.run(bot.envelope(.inlineQuery(id: "q", query: "meetings"), from: BotFixture.bob, in: Self.bobPrivately))
        await bot.run(
            bot.envelope(.inlineChosen(resultID: "lvi.meetings.001", query: "meetings"), from: BotFixture.bob, in: Self.bobPrivately))
        await bot.run(bot.command("/forgetme", from: BotFixture.bob))
        let question = try #require(bot.platform.sentMessages.last)
        let yes = try #require(question.content.buttons.first?.first)
        await bot.run(bot.envelope(.press(callbackID: "y", data: yes.data, message: question.message), from: BotFixture.bob))
        #expect(try bot.database.read { try $0.profile(chat: BotFixture.group.id, user: BotFixture.bob.id) } == nil)
        #expect(try bot.database.read { try $0.exportUser(BotFixture.bob.id, in: BotFixture.group.id).roasts.isEmpty })
        let answer = bot.platform.acknowledgements.filter { $0.handle == "y" }.map(\.notice)
        #expect(answer == [Phrasebook(.vi).forgetMeDone])
    }

    /// A person who blocked the bot since: the private export fails alone, the group goes on, and
    /// their private chat counts as left — the next `/export` offers the link again.
    @Test func anExportToSomeoneWhoBlockedTheBotFailsAloneAndTheLinkComesBack() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/start", from: BotFixture.bob, in: Self.bobPrivately))
        bot.platform.failNext(.chatUnavailable)
        await bot.run(bot.command("/export", from: BotFixture.bob))
        #expect(documents(bot).isEmpty)
        #expect(bot.platform.sentMessages.last?.content.text.plainText == Phrasebook(.vi).exportSentPrivately)
        #expect(try bot.database.read { try $0.chat(BotFixture.group.id)?.isActive } == true)
        #expect(try bot.database.read { try $0.chat(Self.bobPrivately.id)?.isActive } == false)

        await bot.run(bot.command("/export", from: BotFixture.bob))
        #expect(bot.platform.sentMessages.last?.content.buttons.first?.first?.startsPrivateChat != nil)
    }
}
