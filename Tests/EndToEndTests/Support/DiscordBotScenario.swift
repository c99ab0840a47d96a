import Foundation
import RoastTesting
import Testing

/// The real binary serving a fresh fake Discord (REST and gateway on 127.0.0.1) with one server and one text channel:
/// where the binary Discord suites start from. ``start(deadline:gateway:configuration:extraEnvironment:)`` returns once
/// the bot holds a gateway session and has registered its commands.
struct DiscordBotScenario: Sendable {
    static let guild: Int64 = 1_210_000_000_000_000_001
    static let channel: Int64 = 1_210_000_000_000_000_101
    static let alice = FakeDiscordUser(id: 1_310_000_000_000_000_001, username: "alice")
    static let bob = FakeDiscordUser(id: 1_310_000_000_000_000_002, username: "bob")
    /// `Administrator` alone (with a member's usual permissions): may change settings like Manage Server.
    static let administratorPermissions: UInt64 = FakeDiscordREST.memberPermissions | 1 << 3

    let discord: FakeDiscord
    let bot: BotProcess
    var rest: FakeDiscordREST { discord.rest }
    var gateway: FakeDiscordGateway { discord.gateway }

    /// - Parameters:
    ///   - deadline: the fake's interaction deadline in seconds; Discord's real 3 only in the deadline suites (run alone),
    ///     so that a loaded machine does not turn a slow process start into a missed deadline elsewhere.
    ///   - configuration: a configuration file's JSON, passed with `--config`.
    static func start(
        deadline: Double = 60, gateway: FakeDiscordGatewayConfiguration = FakeDiscordGatewayConfiguration(),
        configuration: String? = nil, extraEnvironment: [String: String] = [:]
    ) async throws -> DiscordBotScenario {
        let discord = FakeDiscord(gateway: gateway)
        discord.rest.interactionDeadline = deadline
        try await discord.start()
        discord.rest.registerChannel(FakeDiscordChannel(id: channel, type: 0, guildID: guild, name: "general"))
        let bot = try BotProcess(discord: discord, extraEnvironment: extraEnvironment)
        var arguments: [String] = []
        if let configuration {
            let path = bot.directory.appendingPathComponent("config.json").path
            try configuration.write(toFile: path, atomically: true, encoding: .utf8)
            arguments = ["--config", path]
        }
        try bot.start(arguments: arguments)
        let scenario = DiscordBotScenario(discord: discord, bot: bot)
        let rest = discord.rest
        try #require(await rest.waitFor(timeout: .seconds(60)) { discord.gateway.currentSessionID != nil }, "\(bot.log)")
        try #require(await rest.waitFor(timeout: .seconds(30)) { !rest.globalCommands.isEmpty }, "\(bot.log)")
        return scenario
    }

    /// Stops the bot with SIGTERM (it must exit cleanly) and the fake.
    func stop() async {
        bot.signal(SIGTERM)
        #expect(await bot.waitForExit(timeout: 30) == 0, "\(bot.log)")
        await discord.stop()
    }

    /// The messages that answer `interaction` as they stand now: its original response, then its follow-ups.
    func answers(_ interaction: FakeDiscordInteraction) -> [FakeDiscordMessage] {
        guard let current = rest.interaction(interaction.id) else { return [] }
        return ([current.originalMessageID].compactMap { $0 } + current.followupIDs).compactMap(rest.message)
    }

    /// Waits for an answer to `interaction` that is no longer "thinking…" and satisfies `condition`.
    @discardableResult
    func waitForAnswer(
        _ interaction: FakeDiscordInteraction, timeout: Duration = .seconds(60),
        where condition: @escaping @Sendable (FakeDiscordMessage) -> Bool = { _ in true }
    ) async -> FakeDiscordMessage? {
        let scenario = self
        _ = await rest.waitFor(timeout: timeout) { scenario.answers(interaction).contains { !$0.isLoading && condition($0) } }
        return answers(interaction).first { !$0.isLoading && condition($0) }
    }

    /// Waits for `/roast`'s answer: the roast with its reaction buttons.
    func waitForRoast(_ interaction: FakeDiscordInteraction) async -> FakeDiscordMessage? {
        await waitForAnswer(interaction) { !$0.customIDs.isEmpty }
    }

    /// A `/settings` option as Discord sends it: the one text option, `change`.
    static func settingsChange(_ words: String) -> [FakeJSON] {
        [["name": "change", "type": 3, "value": .string(words)]]
    }

    /// The callbacks `interaction` got (the first one is its response; any other was refused).
    func callbacks(of interaction: FakeDiscordInteraction) -> [FakeDiscordRequest] {
        rest.requests(route: FakeDiscordRoutes.interactionCallback).filter { $0.path.contains("/\(interaction.id)/") }
    }
}
