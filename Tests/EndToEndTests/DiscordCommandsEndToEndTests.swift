import Foundation
import RoastTesting
import Testing

/// Commands through the real binary and the fake Discord as a server's members use them: private answers stay
/// private, settings are for those who may manage the server, the server's and the person's languages, threads, and
/// share cards as attachments. Discord's 3 seconds are checked in DiscordDeadlineEndToEndTests; here the fake's
/// deadline is generous, so that a loaded machine does not fail these.
@Suite(.timeLimit(.minutes(3))) struct DiscordCommandsEndToEndTests {
    typealias Scenario = DiscordBotScenario

    // MARK: Private answers

    /// `/export` in a server: the JSON file goes to Alice alone (an ephemeral answer), never to the channel.
    @Test func anExportIsAnsweredToThePersonAlone() async throws {
        let scenario = try await Scenario.start()
        defer { scenario.bot.cleanUp() }
        let discord = scenario.discord
        let roast = try #require(discord.useCommand("roast", by: Scenario.alice, channelID: Scenario.channel, guildID: Scenario.guild))
        #expect(await scenario.waitForRoast(roast) != nil, "\(scenario.bot.log)")

        let export = try #require(discord.useCommand("export", by: Scenario.alice, channelID: Scenario.channel, guildID: Scenario.guild))
        let answer = await scenario.waitForAnswer(export) { !$0.attachments.isEmpty }
        let withFile = try #require(answer, "\(scenario.bot.log)")
        #expect(withFile.isEphemeral)
        let file = try #require(withFile.attachments.first)
        #expect(file.filename.hasSuffix(".json"))
        let json = try #require(FakeJSON.parse(file.contents), "the export is not JSON")
        #expect(json.jsonText.contains(String(Scenario.alice.id)))
        // Nothing public carries it: every message with a file, or that answers the export, is ephemeral.
        for message in scenario.rest.allMessages where !message.attachments.isEmpty || message.interactionID == export.id {
            #expect(message.isEphemeral || message.content == "✅", "public: \(message.content) \(message.attachments.map(\.filename))")
            #expect(message.attachments.isEmpty || message.isEphemeral)
        }
        #expect(scenario.rest.interaction(export.id)?.refusedCallbacks.isEmpty == true)
        await scenario.stop()
    }

    /// `/forgetme`'s question in a server is an ephemeral answer, and so is what confirming it says.
    @Test func theForgetMeQuestionIsForThePersonAlone() async throws {
        let scenario = try await Scenario.start()
        defer { scenario.bot.cleanUp() }
        let discord = scenario.discord
        let forget = try #require(discord.useCommand("forgetme", by: Scenario.alice, channelID: Scenario.channel, guildID: Scenario.guild))
        let question = try #require(await scenario.waitForAnswer(forget) { !$0.customIDs.isEmpty }, "\(scenario.bot.log)")
        #expect(question.isEphemeral)
        #expect(question.content.contains("Delete all your data"), "\(question.content)")
        #expect(scenario.rest.messages(in: Scenario.channel).allSatisfy { $0.isEphemeral })

        let yes = try #require(question.rows.flatMap { $0 }.first { $0.label?.contains("Delete everything") == true }?.customID)
        let press = try #require(discord.pressButton(customID: yes, messageID: question.id, by: Scenario.alice))
        let done = await scenario.rest.waitFor(timeout: .seconds(60)) {
            scenario.rest.interaction(press.id)?.responseType != nil
                && scenario.rest.message(question.id)?.customIDs.isEmpty == true
        }
        #expect(done, "\(scenario.bot.log)")
        #expect(scenario.rest.messages(in: Scenario.channel).allSatisfy { $0.isEphemeral })
        #expect(scenario.rest.interaction(press.id)?.refusedCallbacks.isEmpty == true)
        await scenario.stop()
    }

    // MARK: Settings

    /// `/settings language en` from a member without Manage Server is refused and changes nothing; with Manage
    /// Server, or as Administrator, it is changed. The server's panel shows which.
    @Test func settingsAreChangedOnlyByThoseWhoMayManageTheServer() async throws {
        let scenario = try await Scenario.start()
        defer { scenario.bot.cleanUp() }
        let discord = scenario.discord
        func settings(_ change: String?, permissions: UInt64) async throws -> FakeDiscordMessage {
            let used = try #require(
                discord.useCommand(
                    "settings", options: change.map(Scenario.settingsChange) ?? [], by: Scenario.bob, channelID: Scenario.channel,
                    guildID: Scenario.guild, permissions: permissions, locale: "vi", guildLocale: "vi"))
            let answer = try #require(
                await scenario.waitForAnswer(used) { !$0.content.isEmpty && $0.content != "✅" }, "\(scenario.bot.log)")
            #expect(scenario.rest.interaction(used.id)?.refusedCallbacks.isEmpty == true)
            return answer
        }
        func panelTitle() async throws -> String {
            try await settings(nil, permissions: FakeDiscordREST.memberPermissions).content
        }

        let refused = try await settings("language en", permissions: FakeDiscordREST.memberPermissions)
        #expect(refused.content.contains("chỉ quản trị viên"), "\(refused.content)")
        #expect(try await panelTitle().contains("Cài đặt nhóm"))

        _ = try await settings("language en", permissions: FakeDiscordREST.managerPermissions)
        #expect(try await panelTitle().contains("Group settings"))

        _ = try await settings("language vi", permissions: Scenario.administratorPermissions)
        #expect(try await panelTitle().contains("Cài đặt nhóm"))
        await scenario.stop()
    }

    // MARK: Languages

    /// A server whose `guild_locale` is `vi` gets its panels in Vietnamese, whatever the person's own locale; an
    /// answer to one person alone follows that person's `locale`; `/settings language` overrides the server's.
    @Test func aVietnameseServerIsAnsweredInVietnameseAndAPersonInTheirOwnLocale() async throws {
        let scenario = try await Scenario.start()
        defer { scenario.bot.cleanUp() }
        let discord = scenario.discord
        func use(_ name: String, options: [FakeJSON] = [], locale: String, permissions: UInt64 = FakeDiscordREST.memberPermissions)
            async throws -> FakeDiscordMessage
        {
            let used = try #require(
                discord.useCommand(
                    name, options: options, by: Scenario.alice, channelID: Scenario.channel, guildID: Scenario.guild,
                    permissions: permissions, locale: locale, guildLocale: "vi"))
            return try #require(await scenario.waitForAnswer(used) { !$0.content.isEmpty && $0.content != "✅" }, "\(scenario.bot.log)")
        }

        #expect(try await use("settings", locale: "en-US").content.contains("Cài đặt nhóm"))
        let roast = try await use("roast", locale: "en-US")
        #expect(!roast.customIDs.isEmpty)
        // A press the bot can only answer with a notice (a button it does not know): to the presser, in their locale.
        let stale = try #require(
            discord.pressButton(customID: "zz:stale", messageID: roast.id, by: Scenario.bob, locale: "en-US", guildLocale: "vi"))
        let notice = try #require(await scenario.waitForAnswer(stale), "\(scenario.bot.log)")
        #expect(notice.isEphemeral)
        #expect(notice.content.contains("This button is stale"), "\(notice.content)")

        // The mood panel is the server's (Vietnamese); what a press on it says is for the presser alone, in English.
        let moods = try await use("mood", locale: "en-US")
        #expect(moods.content.contains("Hôm nay bạn thấy thế nào?"), "\(moods.content)")
        let mood = try #require(moods.rows.first?.first?.customID, "\(moods.rows)")
        let pressed = try #require(
            discord.pressButton(customID: mood, messageID: moods.id, by: Scenario.alice, locale: "en-US", guildLocale: "vi"))
        let said = try #require(await scenario.waitForAnswer(pressed), "\(scenario.bot.log)")
        #expect(said.isEphemeral)
        #expect(said.content.contains("Today's mood"), "\(said.content)")

        let englishQuestion = try await use("forgetme", locale: "en-US")
        #expect(englishQuestion.isEphemeral)
        #expect(englishQuestion.content.contains("Delete all your data"), "\(englishQuestion.content)")
        let vietnameseQuestion = try await use("forgetme", locale: "vi")
        #expect(vietnameseQuestion.content.contains("Xoá toàn bộ dữ liệu"), "\(vietnameseQuestion.content)")
        let export = try #require(
            discord.useCommand(
                "export", by: Scenario.alice, channelID: Scenario.channel, guildID: Scenario.guild, locale: "en-GB", guildLocale: "vi"))
        let file = try #require(await scenario.waitForAnswer(export) { !$0.attachments.isEmpty }, "\(scenario.bot.log)")
        #expect(file.isEphemeral)
        #expect(file.content.contains("Your data"), "\(file.content)")

        _ = try await use(
            "settings", options: Scenario.settingsChange("language en"), locale: "vi", permissions: FakeDiscordREST.managerPermissions)
        #expect(try await use("settings", locale: "vi").content.contains("Group settings"))
        await scenario.stop()
    }

    // MARK: Threads

    /// A command used in a thread (type 11, its parent a text channel) is answered in that thread, and a press there
    /// updates the message in place.
    @Test func aCommandInAThreadIsAnsweredInThatThread() async throws {
        let scenario = try await Scenario.start()
        defer { scenario.bot.cleanUp() }
        let thread: Int64 = 1_210_000_000_000_000_201
        scenario.rest.registerChannel(
            FakeDiscordChannel(id: thread, type: 11, guildID: Scenario.guild, parentID: Scenario.channel, name: "standup"))
        let used = try #require(scenario.discord.useCommand("roast", by: Scenario.alice, channelID: thread, guildID: Scenario.guild))
        let roast = try #require(await scenario.waitForRoast(used), "\(scenario.bot.log)")
        #expect(roast.channelID == thread)
        #expect(scenario.rest.messages(in: Scenario.channel).isEmpty)

        let fire = try #require(roast.rows.flatMap { $0 }.first { $0.label == "🔥" }?.customID)
        let press = try #require(scenario.discord.pressButton(customID: fire, messageID: roast.id, by: Scenario.bob))
        let counted = await scenario.rest.waitFor(timeout: .seconds(60)) {
            scenario.rest.message(roast.id)?.rows.flatMap { $0.compactMap(\.label) }.contains("🔥 1") == true
        }
        #expect(counted, "\(scenario.bot.log)")
        #expect(scenario.rest.interaction(press.id)?.refusedCallbacks.isEmpty == true)
        #expect(scenario.rest.allMessages.allSatisfy { $0.channelID == thread })
        await scenario.stop()
    }

    // MARK: Cards

    /// The 🖼 button on a roast posts its card as a PNG attachment (multipart: `payload_json` and `files[0]`); a style
    /// button under the card changes it in place, with a new attachment.
    @Test func aCardIsPostedAsAPNGAttachmentAndItsStyleChangesInPlace() async throws {
        let scenario = try await Scenario.start()
        defer { scenario.bot.cleanUp() }
        let rest = scenario.rest
        let used = try #require(
            scenario.discord.useCommand("roast", by: Scenario.alice, channelID: Scenario.channel, guildID: Scenario.guild))
        let roast = try #require(await scenario.waitForRoast(used), "\(scenario.bot.log)")
        let cardButton = try #require(roast.rows.flatMap { $0 }.first { $0.label == "🖼" }?.customID, "\(roast.rows)")

        let press = try #require(scenario.discord.pressButton(customID: cardButton, messageID: roast.id, by: Scenario.alice))
        let posted = await rest.waitFor(timeout: .seconds(60)) { rest.allMessages.contains { !$0.attachments.isEmpty } }
        #expect(posted, "\(scenario.bot.log)")
        let card = try #require(rest.allMessages.first { !$0.attachments.isEmpty })
        #expect(card.channelID == Scenario.channel)
        #expect(!card.isEphemeral)
        let picture = try #require(card.attachments.first)
        #expect(card.attachments.count == 1)
        #expect(picture.isPNG, "the card is not a PNG")
        #expect(picture.filename.hasSuffix(".png"))
        #expect(rest.interaction(press.id)?.refusedCallbacks.isEmpty == true)
        let upload = try #require(rest.requests().first { $0.status == 200 && $0.contentType?.hasPrefix("multipart/form-data") == true })
        #expect(upload.method == "POST")

        let style = try #require(
            card.rows.flatMap { $0 }.first { button in
                guard let label = button.label else { return false }
                return !label.hasPrefix("✓") && !label.hasPrefix("💎") && !label.hasPrefix("📱") && !label.hasPrefix("⬜")
            }?.customID, "\(card.rows)")
        let restyle = try #require(scenario.discord.pressButton(customID: style, messageID: card.id, by: Scenario.alice))
        let changed = await rest.waitFor(timeout: .seconds(60)) {
            guard let now = rest.message(card.id), let attachment = now.attachments.first else { return false }
            return attachment.id != picture.id
        }
        #expect(changed, "\(scenario.bot.log)")
        let restyled = try #require(rest.message(card.id))
        #expect(restyled.attachments.count == 1)
        #expect(restyled.attachments.first?.isPNG == true)
        #expect(restyled.attachments.first?.contents != picture.contents)
        #expect(rest.allMessages.filter { !$0.attachments.isEmpty }.count == 1, "a new message instead of an edit")
        #expect(rest.interaction(restyle.id)?.refusedCallbacks.isEmpty == true)
        await scenario.stop()
    }
}
