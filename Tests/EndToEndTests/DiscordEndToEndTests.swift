import Foundation
import RoastTesting
import Testing

/// The real binary serving the fake Discord (REST and gateway on 127.0.0.1): `DISCORD_BOT_TOKEN` alone makes
/// `roastbot run` serve Discord, the gateway address comes from `GET /gateway/bot`, the commands are registered
/// in Vietnamese and English, `/roast` is answered (deferred, then edited) in its channel with the reaction
/// buttons, and a press on one is counted by updating that message.
@Suite(.timeLimit(.minutes(3))) struct DiscordEndToEndTests {
    static let guild: Int64 = 1_200_000_000_000_000_001
    static let channel: Int64 = 1_200_000_000_000_000_101
    static let alice = FakeDiscordUser(id: 1_300_000_000_000_000_001, username: "alice")
    static let bob = FakeDiscordUser(id: 1_300_000_000_000_000_002, username: "bob")

    @Test func aRoastIsAnsweredInItsChannelAndAPressIsCounted() async throws {
        let discord = FakeDiscord()
        // Discord's 3 seconds are checked where they are the point (DiscordPlatformEndToEndTests); here a loaded
        // machine must not turn a slow process start or request into a missed deadline.
        discord.rest.interactionDeadline = 60
        try await discord.start()
        discord.rest.registerChannel(FakeDiscordChannel(id: Self.channel, type: 0, guildID: Self.guild, name: "general"))
        let bot = try BotProcess(discord: discord)
        defer { bot.cleanUp() }
        try bot.start()
        defer { Task { await discord.stop() } }

        let rest = discord.rest
        #expect(await rest.waitFor(timeout: .seconds(60)) { discord.gateway.currentSessionID != nil }, "\(bot.log)")
        #expect(await rest.waitFor(timeout: .seconds(30)) { !rest.globalCommands.isEmpty }, "\(bot.log)")
        let roastCommand = try #require(rest.globalCommands.first { $0.name == "roast" })
        #expect(roastCommand.descriptionLocalizations["vi"] != nil)
        #expect(roastCommand.descriptionLocalizations["en-US"] != nil)
        #expect(rest.globalCommands.allSatisfy { $0.contexts == [0, 1] })
        // Vietnamese clients list every command and option under a Vietnamese name; interactions keep the default.
        #expect(roastCommand.nameLocalizations["vi"] == "khịa")
        let untranslated = rest.globalCommands.filter { command in
            command.nameLocalizations["vi"] == nil || command.nameLocalizations["vi"] == command.name
                || command.nameLocalizations["en-US"] != command.name
        }
        #expect(untranslated.map(\.name) == [])
        // Settings are for those who may Manage Server (32) by default; the bot still checks each use.
        #expect(rest.globalCommands.first { $0.name == "settings" }?.defaultMemberPermissions == "32")
        #expect(rest.globalCommands.first { $0.name == "roast" }?.defaultMemberPermissions == nil)

        let used = try #require(discord.useCommand("roast", by: Self.alice, channelID: Self.channel, guildID: Self.guild))
        let answered = await rest.waitFor(timeout: .seconds(30)) {
            guard let id = rest.interaction(used.id)?.originalMessageID, let message = rest.message(id) else { return false }
            return !message.isLoading && !message.customIDs.isEmpty
        }
        #expect(answered, "\(bot.log)")
        let interaction = try #require(rest.interaction(used.id))
        #expect(interaction.refusedCallbacks.isEmpty)
        let roast = try #require(interaction.originalMessageID.flatMap(rest.message))
        #expect(roast.channelID == Self.channel)
        #expect(!roast.isEphemeral)
        #expect(roast.allowedMentions?["parse"] == .array([]))
        let labels = roast.rows.flatMap { $0.compactMap(\.label) }
        #expect(labels.starts(with: ["😂", "🔥", "😐", "👎"]), "\(labels)")

        let fire = try #require(roast.rows.flatMap { $0 }.first { $0.label == "🔥" }?.customID)
        let press = try #require(discord.pressButton(customID: fire, messageID: roast.id, by: Self.bob))
        let counted = await rest.waitFor(timeout: .seconds(30)) {
            rest.message(roast.id)?.rows.flatMap { $0.compactMap(\.label) }.contains("🔥 1") == true
        }
        #expect(counted, "\(bot.log)")
        #expect(rest.interaction(press.id)?.responseType == 7)
        #expect(rest.interaction(press.id)?.refusedCallbacks.isEmpty == true)

        bot.signal(SIGTERM)
        #expect(await bot.waitForExit(timeout: 30) == 0, "\(bot.log)")
    }

    /// A token Discord refuses ends start-up with one line and exit code 3 — never a retry loop.
    @Test func aRefusedTokenEndsStartUp() async throws {
        let discord = FakeDiscord()
        try await discord.start()
        let bot = try BotProcess(discord: discord, extraEnvironment: ["DISCORD_BOT_TOKEN": "not-the-token"])
        defer { bot.cleanUp() }
        try bot.start()
        let status = await bot.waitForExit(timeout: 30)
        await discord.stop()
        #expect(status == 3, "\(bot.log)")
        #expect(bot.log.contains("Discord refused the bot token"))
        #expect(!bot.log.contains("not-the-token"))
        #expect(discord.gateway.identifies.isEmpty)
    }

    /// One process per bot token: with both set, one line and exit code 2, before anything is opened.
    @Test func bothTokensSetIsRefused() async throws {
        let bot = try BotProcess(
            platform: [
                "TELEGRAM_BOT_TOKEN": "123456:telegram-token", "DISCORD_BOT_TOKEN": "discord-token",
                "DISCORD_API_URL": "http://127.0.0.1:9/api/v10",
            ], directory: nil, extraEnvironment: [:])
        defer { bot.cleanUp() }
        try bot.start()
        #expect(await bot.waitForExit(timeout: 30) == 2)
        let lines = bot.log.split(separator: "\n")
        #expect(lines.count == 1, "\(bot.log)")
        #expect(bot.log.contains("TELEGRAM_BOT_TOKEN") && bot.log.contains("DISCORD_BOT_TOKEN"))
        #expect(!bot.log.contains("discord-token") && !bot.log.contains("telegram-token"))
    }
}
