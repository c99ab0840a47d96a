import ArgumentParser
import ConsoleAdapter
import Foundation
import RoastBot
import RoastStore

/// `roastbot console` — the bot in a terminal chat, on the same engines and store.
struct ConsoleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "console",
        abstract: "Chat with the bot in this terminal (several simulated users, buttons by number, days advanced by command)."
    )

    @OptionGroup var options: SharedOptions

    @Option(name: .long, help: "Your display name in the console chat.")
    var name = "you"

    func run() async throws {
        let settings = try options.settings()
        try await Self.run(settings: settings, userName: name)
    }

    static func run(settings: BotSettings, userName: String) async throws {
        let environment = ProcessInfo.processInfo.environment
        let level = environment["ROASTBOT_LOG_LEVEL"] == nil ? "warning" : settings.logLevel
        let logger = Composition.bootstrapLogging(level: level, secrets: [settings.telegram.token].compactMap { $0 })
        let clock = Composition.clock(settings)
        let database = try Composition.openDatabase(settings.databasePath ?? BotSettings.defaultConsoleDatabase)
        defer { database.close() }
        let library = try Composition.loadLibrary(settings.libraryPath)
        let interactive = isatty(STDIN_FILENO) != 0
        let platform = ConsolePlatform { text in FileHandle.standardOutput.write(Data(text.utf8)) }
        let administration = ConsoleAdministration()
        let runtime = try BotRuntime(
            database: database, library: library, platform: platform, clock: clock, logger: logger, seed: settings.seed,
            administration: administration)
        let first = try database.read { try $0.pollOffset() } ?? 1
        var session = ConsoleSession(firstSequence: first, userName: userName)
        say("RoastMeLater console chat — type :help for the controls, /help for the bot's commands.")
        if interactive { prompt(session.prompt) }
        for await line in StandardInputLines() {
            if !interactive { say(session.prompt + line) }
            let input = ConsoleInput(line: line)
            if case .admin(let on) = input {
                administration.setAdmin(session.user.id, on)
                runtime.adminCheck.invalidate(chat: session.chat.id)
            }
            let step = session.step(
                input, now: clock.now,
                buttons: { number, message, chat in platform.button(number, on: message, in: chat) },
                latestRoast: { chat in platform.latestMessageWithButtons(in: chat) })
            switch step {
            case .event(let envelope):
                await runtime.pipeline.process([envelope], nextOffset: envelope.sequence + 1)
                await runtime.outbox.deliverPending()
            case .say(let text):
                if !text.isEmpty { say(text) }
            case .quit:
                return
            }
            // Scheduled posts at the console's simulated time (after :day/:hour, or as time passes).
            if runtime.scheduler.runPass(now: clock.now.addingTimeInterval(session.offset)).queued > 0 {
                await runtime.outbox.deliverPending()
            }
            if interactive { prompt(session.prompt) }
        }
    }

    private static func say(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    private static func prompt(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
