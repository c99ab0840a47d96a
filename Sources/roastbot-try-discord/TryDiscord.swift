import Foundation
import RoastTesting

/// `roastbot-try-discord` (`make try-discord`): Discord mode without a Discord account. Starts the fake Discord (REST
/// and gateway, RoastTesting's, on 127.0.0.1) and the real `roastbot run` against it (`DISCORD_BOT_TOKEN` the fake's,
/// `DISCORD_API_URL` its address, a database of its own: `data/try-discord.sqlite` unless `ROASTBOT_DB` says
/// otherwise), then lets the person at the terminal be the server's members (``TryLine``) and prints what the bot
/// did on Discord (``TryTranscript``). Standard input may be a script. A tool for trying and demonstrating; not part
/// of the shipped bot.
///
///     roastbot-try-discord [--locale vi|en-US|…] [--deadline SECONDS] [--bot PATH]
@main
struct TryDiscord {
    static let usage = """
        usage: roastbot-try-discord [--locale LOCALE] [--deadline SECONDS] [--bot PATH]
          --locale    the server's language (its preferred_locale and every interaction's guild_locale): vi, en-US (default)…
          --deadline  seconds the fake gives the bot to answer an interaction (Discord: 3, the default)
          --bot       the roastbot executable (default: the one beside this program)
        The bot's database is ROASTBOT_DB (default data/try-discord.sqlite); its log goes beside it. Other ROASTBOT_*
        variables reach the bot unchanged.
        """

    static func main() async {
        var arguments = Array(CommandLine.arguments.dropFirst())
        func value(_ name: String) -> String? {
            guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
            defer { arguments.removeSubrange(index...(index + 1)) }
            return arguments[index + 1]
        }
        let locale = value("--locale").map { TryLine.locale($0) ?? $0 } ?? "en-US"
        let deadline = value("--deadline").flatMap(Double.init) ?? 3
        let botPath =
            value("--bot")
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("roastbot").path
        guard arguments.isEmpty else {
            print(arguments.contains { $0 == "--help" || $0 == "-h" } ? usage : "roastbot-try-discord: unknown \(arguments)\n\(usage)")
            exit(arguments.contains { $0 == "--help" || $0 == "-h" } ? 0 : 2)
        }
        exit(await run(locale: locale, deadline: deadline, botPath: botPath))
    }

    static func run(locale: String, deadline: Double, botPath: String) async -> Int32 {
        var environment = ProcessInfo.processInfo.environment
        // One platform per process: the bot refuses to start with both tokens.
        environment["TELEGRAM_BOT_TOKEN"] = nil
        let database = environment["ROASTBOT_DB"] ?? "data/try-discord.sqlite"
        environment["ROASTBOT_DB"] = database
        let databaseURL = URL(fileURLWithPath: database)
        let folder = databaseURL.deletingLastPathComponent()
        let prefix = databaseURL.deletingPathExtension().lastPathComponent
        let logPath = folder.appendingPathComponent("\(prefix).log").path
        // The log as the person named the database: relative stays relative.
        let logShown = ((database as NSString).deletingLastPathComponent as NSString).appendingPathComponent("\(prefix).log")
        guard FileManager.default.isExecutableFile(atPath: botPath) else {
            print("roastbot-try-discord: no roastbot at \(botPath) (build it: swift build --product roastbot)")
            return 1
        }

        let discord = FakeDiscord()
        discord.rest.interactionDeadline = deadline
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try await discord.start()
        } catch {
            print("roastbot-try-discord: the fake Discord did not start: \(error)")
            return 1
        }
        let transcript = TryTranscript(rest: discord.rest, folder: folder, prefix: prefix)
        let session = TryDiscordSession(discord: discord, transcript: transcript, serverLocale: locale)
        environment.merge(discord.botEnvironment) { $1 }
        transcript.say(
            """
            RoastMeLater on a fake Discord — no account or token needed. Type help for the controls.
            🛰  fake Discord (REST and gateway) on \(discord.apiBaseURL)
            🤖 roastbot run with DISCORD_BOT_TOKEN=\(discord.token) DISCORD_API_URL=\(discord.apiBaseURL)
               database \(database), log \(logShown)
            """)
        let bot: Process
        do {
            bot = try ChildProcessLauncher.launch(
                [botPath, "run"], environment: environment, directory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                logPath: logPath)
        } catch {
            print("roastbot-try-discord: roastbot did not start: \(error)")
            await discord.stop()
            return 1
        }
        let gateway = discord.gateway
        let started = await discord.rest.waitFor(timeout: .seconds(120)) { gateway.currentSessionID != nil || !bot.isRunning }
        guard started, bot.isRunning else {
            transcript.say("💥 roastbot did not open a gateway session\(bot.isRunning ? "" : " (it exited)"); the end of its log:")
            transcript.say(tail(of: logPath))
            if bot.isRunning { bot.terminate() }
            await discord.stop()
            return 1
        }
        let intents = gateway.identifies.last?.intents.map { " (intents \($0))" } ?? ""
        transcript.say("✅ the bot identified on the gateway\(intents); session open")
        let rest = discord.rest
        _ = await rest.waitFor(timeout: .seconds(60)) { !rest.globalCommands.isEmpty || !bot.isRunning }
        transcript.say(session.commandList())
        discord.announceGuild(TryDiscordSession.guild, name: TryDiscordSession.serverName, preferredLocale: locale)
        transcript.say(
            "🏠 the bot is in the server “\(TryDiscordSession.serverName)” (\(locale)), channel #general; you are @you, who may Manage Server"
        )
        await session.settle(nil, quiet: .milliseconds(500), limit: .seconds(10))

        let interactive = isatty(STDIN_FILENO) == 1
        let printer = Task {
            while !Task.isCancelled {
                transcript.flush()
                try? await Task.sleep(for: .milliseconds(200))
            }
        }
        var lines = Self.standardInput().makeAsyncIterator()
        while bot.isRunning {
            if interactive { transcript.showPrompt(session.prompt) }
            guard let text = await lines.next() else { break }
            transcript.typed(text, prompt: session.prompt, echo: !interactive)
            guard await session.handle(TryLine.parse(text)) else { break }
        }
        printer.cancel()
        if !bot.isRunning {
            transcript.say("💥 roastbot exited (status \(bot.terminationStatus)); the end of its log:\n\(tail(of: logPath))")
            await discord.stop()
            return 1
        }
        await session.settle(nil, quiet: .milliseconds(1_000), limit: .seconds(30))
        bot.terminate()
        let stopped = await rest.waitFor(timeout: .seconds(30)) { !bot.isRunning }
        if !stopped { kill(bot.processIdentifier, SIGKILL) }
        await discord.stop()
        let status = stopped ? bot.terminationStatus : -1
        transcript.say("👋 roastbot stopped (exit status \(status)); its log: \(logShown)")
        return status == 0 ? 0 : 1
    }

    /// Lines of standard input, read on a thread of their own (reading blocks).
    private static func standardInput() -> AsyncStream<String> {
        AsyncStream { continuation in
            let thread = Thread {
                while let line = readLine(strippingNewline: true) { continuation.yield(line) }
                continuation.finish()
            }
            thread.start()
        }
    }

    private static func tail(of path: String) -> String {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(15).joined(separator: "\n")
    }
}
