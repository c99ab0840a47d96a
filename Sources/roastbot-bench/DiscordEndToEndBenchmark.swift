import Foundation
import RoastCore
import RoastStore
import RoastTesting

/// The `roastbot` process serving the fake Discord on loopback (REST and gateway; Discord's per-route and global
/// rate limits as the fake enforces them): start-up to the gateway session, resident memory idle and after the
/// mix, commands per second from the first dispatch to the last command fully answered, the time from each
/// interaction's dispatch to its callback as the fake records it, and the bot's CPU per command.
///
/// The mix is slash commands only (/roast, /streak, /badges at 4:1:1) from 1,000 people in 100 servers, one
/// channel each. Dispatched all at once (``pace`` nil) it measures throughput, and the callback times show how
/// the queue is answered within Discord's 3 seconds (deferred first when the answer is late); at a steady pace
/// they show the time to answer one command. A command is fully answered when its callback is an answer (type
/// 4), or a deferral (type 5) whose original message has been edited in, and the outbox is empty.
struct DiscordEndToEndBenchmark {
    struct Result {
        var startup: Double
        var idle: ProcessMemory.Resident?
        var after: ProcessMemory.Resident?
        var commands: Int
        var seconds: Double
        /// User + system CPU time of the bot over the mix (nil when unreadable).
        var cpuSeconds: Double?
        /// Seconds from each interaction's dispatch to its accepted callback.
        var callbackDelays: [Double]
        /// Callbacks later than Discord's 3 seconds (the fake, told to wait, takes them: on Discord they fail).
        var late: Int { callbackDelays.filter { $0 >= 3 }.count }
        /// Callbacks the fake refused (twice, wrong type).
        var refused: Int
        var throughput: Double { Double(commands) / seconds }
        var cpuPerCommand: Double? { cpuSeconds.map { $0 / Double(commands) } }
    }

    var commands = 1_000
    /// Commands dispatched per second; nil: all at once.
    var pace: Double?

    func run() async throws -> Result {
        let discord = FakeDiscord()
        // The 3 seconds are what is measured here, not a failure: a late callback is counted, not refused.
        discord.rest.interactionDeadline = 60
        try await discord.start()
        let guilds = (0..<100).map { 1_400_000_000_000_000_000 + Int64($0) }
        let channels = guilds.map { $0 + 100_000 }
        for (guild, channel) in zip(guilds, channels) {
            discord.rest.registerChannel(FakeDiscordChannel(id: channel, type: 0, guildID: guild, name: "team-\(guild % 1_000)"))
        }
        let bot = try BotChild(discord: discord)
        defer { bot.cleanUp() }
        let launched = try bot.start()
        let exited = bot.exited
        guard await discord.rest.waitFor(timeout: .seconds(30), { discord.gateway.currentSessionID != nil || exited() }), !exited() else {
            throw await bot.notReady()
        }
        let startup = Date().timeIntervalSince(launched)
        // The commands are registered just after READY; the mix starts once that is done.
        _ = await discord.rest.waitFor(timeout: .seconds(30)) { !discord.rest.globalCommands.isEmpty }
        try await Task.sleep(for: .seconds(1))
        let idle = bot.resident

        let users = (0..<1_000).map { FakeDiscordUser(id: 1_500_000_000_000_000_000 + Int64($0), username: "user\($0)") }
        var random = SplitMix64(seed: 11)
        let cpuBefore = bot.cpuSeconds
        let started = Stopwatch.now()
        var ids: [Int64] = []
        for index in 0..<commands {
            let user = users[Int(random.next() % UInt64(users.count))]
            let server = Int(user.id % 100)
            let name =
                switch index % 6 {
                case 4: "streak"
                case 5: "badges"
                default: "roast"
                }
            guard
                let used = discord.useCommand(
                    name, by: user, channelID: channels[server], guildID: guilds[server], locale: index % 3 == 0 ? "en-US" : "vi")
            else { throw BenchError.failed("the gateway session ended during the mix (log: \(bot.logPath))") }
            ids.append(used.id)
            if let pace {
                let due = Double(index + 1) / pace
                let wait = due - (Stopwatch.now() - started)
                if wait > 0 { try await Task.sleep(for: .seconds(wait)) }
            }
        }
        let wanted = Set(ids)
        let database = try RoastDatabase(path: bot.databasePath)
        defer { database.close() }
        let rest = discord.rest
        let done = await rest.waitFor(timeout: .seconds(600)) {
            let messages = Dictionary(rest.allMessages.map { ($0.id, $0.isLoading) }, uniquingKeysWith: { $1 })
            let answered = rest.interactions.filter { interaction in
                guard wanted.contains(interaction.id), let type = interaction.responseType else { return false }
                if type == 4 { return true }
                return interaction.originalMessageID.flatMap { messages[$0] } == false
            }
            return answered.count >= wanted.count && ((try? database.read { try $0.pendingOutboxCount() }) ?? 1) == 0
        }
        guard done else {
            let answered = rest.interactions.filter { wanted.contains($0.id) && $0.responseType != nil }.count
            throw BenchError.timedOut("Discord answers: \(answered) of \(commands) called back (log: \(bot.logPath))")
        }
        let seconds = Stopwatch.now() - started
        let cpuAfter = bot.cpuSeconds
        let interactions = rest.interactions.filter { wanted.contains($0.id) }
        let after = bot.resident
        await bot.stop()
        await discord.stop()
        return Result(
            startup: startup, idle: idle, after: after, commands: commands, seconds: seconds,
            cpuSeconds: cpuBefore.flatMap { before in cpuAfter.map { $0 - before } },
            callbackDelays: interactions.compactMap(\.responseDelay), refused: interactions.map(\.refusedCallbacks.count).reduce(0, +))
    }
}
