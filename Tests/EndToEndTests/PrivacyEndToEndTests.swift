import Foundation
import RoastStore
import RoastTesting
import Testing

/// Private data through the real binary and the fake Bot API: exports asked for in a group arrive
/// in the person's private chat (through a deep link when they never opened it) and the group sees
/// no data; `/forgetme` after an inline share deletes the person's data.
@Suite(.serialized)
struct PrivacyEndToEndTests {
    static let team = FakeChat(id: -100_520, type: .supergroup, title: "Team")
    static let lan = FakeUser(id: 851, firstName: "Lan", username: "lan", languageCode: "en")
    static let lanPrivately = FakeChat(id: 851, type: .private)

    private static func answer(to command: FakeInjectedUpdate, in chat: Int64, _ fake: FakeBotAPI) async -> FakeSentMessage? {
        _ = await fake.waitFor(timeout: .seconds(15)) {
            fake.sentMessages(chat: chat).contains { $0.replyToMessageID == command.messageID }
        }
        return fake.sentMessages(chat: chat).last { $0.replyToMessageID == command.messageID }
    }

    @Test func exportsGoToThePrivateChatThroughALinkAndTheGroupSeesNoData() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let bot = try BotProcess(fake: fake)
        defer { bot.cleanUp() }
        try bot.start()

        let roast = fake.commandMessage(chat: Self.team, from: Self.lan, text: "/roast meetings")
        let roastMessage = try #require(await Self.answer(to: roast, in: Self.team.id, fake))
        let export = fake.commandMessage(chat: Self.team, from: Self.lan, text: "/export")
        let note = try #require(await Self.answer(to: export, in: Self.team.id, fake))
        let url = try #require(note.buttons.first?.first?.url)
        #expect(url.hasPrefix("https://t.me/\(fake.botUser.username ?? "")?start=export_"))
        #expect(fake.documents.isEmpty)

        // Opening the link starts the private chat with `/start export_…`; the file arrives there.
        let start = String(try #require(url.split(separator: "=").last))
        fake.commandMessage(chat: Self.lanPrivately, from: Self.lan, text: "/start \(start)")
        #expect(await fake.waitFor(timeout: .seconds(15)) { fake.documents.count == 1 })
        let document = try #require(fake.documents.first)
        #expect(document.chatID == Self.lanPrivately.id)
        let json = try #require(try JSONSerialization.jsonObject(with: document.contents) as? [String: Any])
        let roasts = try #require(json["roasts"] as? [[String: Any]])
        #expect(roasts.count == 1)
        #expect(roastMessage.text.contains(try #require(roasts.first?["text"] as? String)))

        // Now that the private chat is open, the next export goes straight there.
        let again = fake.commandMessage(chat: Self.team, from: Self.lan, text: "/export")
        let sentNote = try #require(await Self.answer(to: again, in: Self.team.id, fake))
        #expect(sentNote.buttons.isEmpty)
        #expect(await fake.waitFor(timeout: .seconds(15)) { fake.documents.count == 2 })
        #expect(fake.documents.allSatisfy { $0.chatID == Self.lanPrivately.id })
        let inGroup = fake.sentMessages(chat: Self.team.id).filter { $0.messageID != roastMessage.messageID }
        let roastText = try #require(roasts.first?["text"] as? String)
        #expect(!inGroup.contains { $0.text.contains(roastText) })

        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        // The database holds people's data: readable by the bot's user alone, whatever the umask it
        // was started with.
        for file in [bot.databasePath, bot.databasePath + ".lock"] {
            let permissions = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
            #expect(permissions.map { $0 & 0o077 } == 0, "\(file)")
        }
        await fake.stop()
    }

    /// A database an older version left readable by everyone (created under a 022 umask) is made
    /// private when the bot opens it.
    @Test func aWorldReadableDatabaseIsMadePrivateAtStart() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let bot = try BotProcess(fake: fake)
        defer { bot.cleanUp() }
        let old = try RoastDatabase(path: bot.databasePath)
        old.close()
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: bot.databasePath)
        try bot.start()
        #expect(await fake.waitFor(timeout: .seconds(15)) { !fake.requests(method: "getUpdates").isEmpty })
        let permissions = try FileManager.default.attributesOfItem(atPath: bot.databasePath)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        await fake.stop()
    }

    @Test func forgetMeAfterAnInlineShareDeletesThePersonsDataInTheGroup() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let bot = try BotProcess(fake: fake)
        defer { bot.cleanUp() }
        try bot.start()

        let roast = fake.commandMessage(chat: Self.team, from: Self.lan, text: "/roast")
        _ = try #require(await Self.answer(to: roast, in: Self.team.id, fake))
        fake.inlineQuery(from: Self.lan, query: "meetings")
        #expect(await fake.waitFor(timeout: .seconds(15)) { !fake.inlineAnswers.isEmpty })
        let results = try JSONSerialization.jsonObject(with: Data(try #require(fake.inlineAnswers.first?.resultsJSON).utf8))
        let result = try #require((results as? [[String: Any]])?.first?["id"] as? String)
        fake.chosenInlineResult(from: Self.lan, resultID: result, query: "meetings")
        let forget = fake.commandMessage(chat: Self.team, from: Self.lan, text: "/forgetme")
        let question = try #require(await Self.answer(to: forget, in: Self.team.id, fake))
        let yes = try #require(question.buttons.first?.first?.callbackData)
        fake.callbackQuery(from: Self.lan, message: question, data: yes)
        #expect(await fake.waitFor(timeout: .seconds(15)) { !fake.callbackAnswers.isEmpty })
        #expect(fake.callbackAnswers.first?.text?.isEmpty == false)

        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        let database = try RoastDatabase(path: bot.databasePath)
        defer { database.close() }
        #expect(try database.read { try $0.profile(chat: .init(Self.team.id), user: .init(Self.lan.id)) } == nil)
        #expect(try database.read { try $0.exportUser(.init(Self.lan.id), in: .init(Self.team.id)).roasts.isEmpty })
        await fake.stop()
    }

    /// Someone who left a group leaves its boards at once (the `chat_member` update of their
    /// departure), and `/forgetme` in their private chat with the bot forgets them in every chat —
    /// also the group they can no longer write in.
    @Test func aMemberWhoLeftLeavesTheBoardsAndIsForgottenEverywhereFromThePrivateChat() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let minh = FakeUser(id: 852, firstName: "Minh", username: "minh", languageCode: "en")
        let bot = try BotProcess(fake: fake)
        defer { bot.cleanUp() }
        try bot.start()

        fake.commandMessage(chat: Self.team, from: Self.lan, text: "/roast")
        fake.commandMessage(chat: Self.team, from: minh, text: "/roast")
        fake.commandMessage(chat: Self.team, from: minh, text: "/roast")
        _ = await fake.waitForMessages(3, in: Self.team.id)
        fake.chatMember(chat: Self.team, member: minh, by: minh, oldStatus: .member, newStatus: .left)
        let top = fake.commandMessage(chat: Self.team, from: Self.lan, text: "/top")
        let board = try #require(await Self.answer(to: top, in: Self.team.id, fake))
        #expect(board.text.contains("Lan"))
        #expect(!board.text.contains("Minh"), "\(board.text)")

        let minhPrivately = FakeChat(id: minh.id, type: .private)
        fake.commandMessage(chat: minhPrivately, from: minh, text: "/forgetme")
        let question = try #require(await fake.waitForMessages(1, in: minhPrivately.id).last)
        let everywhere = try #require(question.allButtons.first { $0.text.contains("every chat") }?.callbackData, "\(question.allButtons)")
        fake.callbackQuery(from: minh, message: question, data: everywhere)
        #expect(await fake.waitFor(timeout: .seconds(15)) { !fake.callbackAnswers.isEmpty })

        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        let database = try RoastDatabase(path: bot.databasePath)
        defer { database.close() }
        try database.read { tx throws in
            #expect(try tx.profile(chat: .init(Self.team.id), user: .init(minh.id)) == nil)
            #expect(try tx.exportUser(.init(minh.id), in: .init(Self.team.id)).roasts.isEmpty)
            #expect(try tx.chatsHolding(.init(minh.id)).isEmpty)
            #expect(try tx.exportUser(.init(Self.lan.id), in: .init(Self.team.id)).roasts.count == 1)
        }
        await fake.stop()
    }

    /// `/export chat` gives an admin the chat's settings and totals, not the other members' names,
    /// usernames, languages or dates; the group sees who exported it.
    @Test func aChatExportHoldsNoOtherMembersDetailsAndTheGroupSeesWhoAskedForIt() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let minh = FakeUser(id: 853, firstName: "Minhquietname", username: "minh_secret_handle", languageCode: "vi")
        fake.setMemberStatus(.administrator, of: Self.lan, in: Self.team)
        let bot = try BotProcess(fake: fake)
        defer { bot.cleanUp() }
        try bot.start()

        fake.commandMessage(chat: Self.lanPrivately, from: Self.lan, text: "/start")
        _ = await fake.waitForMessages(1, in: Self.lanPrivately.id)
        fake.commandMessage(chat: Self.team, from: minh, text: "/roast")
        fake.commandMessage(chat: Self.team, from: Self.lan, text: "/roast")
        _ = await fake.waitForMessages(2, in: Self.team.id)
        let export = fake.commandMessage(chat: Self.team, from: Self.lan, text: "/export chat")
        let note = try #require(await Self.answer(to: export, in: Self.team.id, fake))
        #expect(note.text.contains("Lan"), "the group sees who exported its data: \(note.text)")
        #expect(await fake.waitFor(timeout: .seconds(15)) { fake.documents.count == 1 })
        let document = try #require(fake.documents.first)
        #expect(document.chatID == Self.lanPrivately.id)
        let text = String(decoding: document.contents, as: UTF8.self)
        for detail in ["Minhquietname", "minh_secret_handle", String(minh.id), "languageCode", "firstSeen", "lastSeen"] {
            #expect(!text.contains(detail), "the export holds \(detail)")
        }
        let json = try #require(try JSONSerialization.jsonObject(with: document.contents) as? [String: Any])
        #expect(json["roastCount"] as? Int == 2)
        #expect(json["memberCount"] as? Int == 2)

        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        await fake.stop()
    }

    /// A person's id (their private chat's id) never appears in the log, at trace level, through
    /// lines that name the chat (a forged button, the chat becoming unreachable): a stable pseudonym
    /// keyed by the database's secret stands for it. A group's id is no person's and stays as it is.
    @Test func logsNameAPersonByAPseudonymNeverByTheirId() async throws {
        let fake = FakeBotAPI()
        try await fake.start()
        let person = FakeUser(id: 7_394_615_028, firstName: "Phuong", username: "phuong", languageCode: "en")
        let privately = FakeChat(id: person.id, type: .private)
        let bot = try BotProcess(fake: fake)
        defer { bot.cleanUp() }
        try bot.start()

        fake.commandMessage(chat: privately, from: person, text: "/roast")
        let roast = try #require(await fake.waitForMessages(1, in: privately.id).first)
        fake.callbackQuery(from: person, message: roast, data: "zz:forged")
        #expect(await fake.waitFor(timeout: .seconds(15)) { !fake.callbackAnswers.isEmpty })
        fake.commandMessage(chat: Self.team, from: person, text: "/roast")
        _ = await fake.waitForMessages(1, in: Self.team.id)
        fake.setBotRemoved(fromChat: privately.id)
        fake.commandMessage(chat: privately, from: person, text: "/roast")
        #expect(await fake.waitFor(timeout: .seconds(15)) { bot.log.contains("chat unavailable") })

        bot.signal(SIGTERM)
        #expect(await bot.waitForExit() == 0)
        let log = bot.log
        #expect(log.contains("stale or forged button payload"))
        let lines = log.split(separator: "\n").filter { $0.contains(String(person.id)) }
        #expect(lines.isEmpty, "\(lines.count) lines name the person: \(lines.prefix(3))")
        let database = try RoastDatabase(path: bot.databasePath)
        defer { database.close() }
        let digest = KeyedDigest(key: try database.read { try $0.pseudonymKey() })
        let pseudonym = "u" + digest.hex("log:\(person.id)").prefix(12)
        #expect(log.contains(pseudonym), "the lines about the person carry \(pseudonym)")
        await fake.stop()
    }
}
