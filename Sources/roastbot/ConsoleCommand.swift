import ArgumentParser
import ChatPlatform
import ConsoleAdapter
import CurlHTTP
import Foundation
import RoastBot
import RoastStore
import TelegramAdapter
import Timekeeping

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
        let logger = Composition.bootstrapLogging(
            level: level, format: settings.logFormat, secrets: [settings.telegram.token, settings.ai.key].compactMap { $0 })
        let clock = Composition.clock(settings)
        let databasePath = settings.databasePath ?? BotSettings.defaultConsoleDatabase
        let (database, lock) = try Composition.openDatabase(databasePath)
        defer { withExtendedLifetime(lock) {} }
        defer { database.close() }
        let library = try Composition.loadLibrary(settings)
        let collections = Composition.loadCollections(settings)
        let watcher = Task {
            await CollectionCatalogService(
                store: collections, clock: SystemClock(), reloadRequests: HangupSignal.reloadRequests(), logger: logger
            )
            .watch()
        }
        defer { watcher.cancel() }
        let interactive = isatty(STDIN_FILENO) != 0
        let firstMessage = try database.read { try $0.value(forKey: Self.nextMessageKey) }.flatMap(Int64.init) ?? 1
        // Pictures and exports are written beside the database: data/cards/ and data/exports/ by default.
        let platform = ConsolePlatform(
            profile: Self.profile, firstMessageID: firstMessage, files: ConsoleFiles(besideDatabase: databasePath)
        ) { text in
            FileHandle.standardOutput.write(Data(text.utf8))
        }
        Composition.returnLargeBlocksToTheSystem()
        let renderer = RendererProcess(executable: RendererProcess.besideThisExecutable(), logger: logger)
        defer { renderer.stop() }
        let safety = Composition.safetyFilter(settings, logger: logger)
        let administration = ConsoleAdministration()
        let http = CurlHTTPClient()
        defer { http.shutdown() }
        let runtime = try BotRuntime(
            database: database, library: library, platform: platform, clock: clock, logger: logger, seed: settings.seed,
            safety: safety, ai: Composition.aiSource(settings, safety: safety, http: http, clock: clock, logger: logger),
            collections: collections, administration: administration, abuseGate: Composition.abuseGate(settings), pictures: renderer)
        let banners = SeasonalBannerService(
            database: database, platform: runtime.platform, collections: collections, outbox: runtime.outbox, clock: clock, logger: logger)
        let first = try database.read { try $0.resumePoint(of: .console) } ?? 1
        // The people of earlier sessions, found again by name; and the database's own time.
        let stored = try database.read { try $0.latestProfiles() }
        let known = stored.map { Person(id: $0.userID, displayName: $0.displayName, username: $0.username, languageCode: $0.languageCode) }
        let recorded = try database.read { try $0.value(forKey: Self.simulatedTimeKey) }.flatMap(Double.init)
            .map(Date.init(timeIntervalSince1970:))
        let legacyOffset = try database.read { try $0.value(forKey: Self.legacyClockOffsetKey) }.flatMap(Double.init) ?? 0
        let resumed = Self.resumedOffset(
            now: clock.now, recorded: [recorded, stored.map(\.lastSeen).max()].compactMap { $0 }.max(),
            legacyOffset: recorded == nil ? legacyOffset : 0)
        var session = ConsoleSession(firstSequence: first, userName: userName, known: known, offset: resumed.offset)
        say("RoastMeLater console chat — type :help for the controls, /help for the bot's commands.")
        if let notice = resumed.notice { say(notice) }
        if interactive { prompt(session.prompt) }
        for await line in StandardInputLines() {
            if !interactive { say(session.prompt + line) }
            let input = ConsoleInput(line: line)
            if case .admin(let on) = input {
                administration.setAdmin(session.user.id, on)
                runtime.adminCheck.invalidate(chat: session.chat.id)
            }
            let before = session.offset
            let step = session.step(
                input, now: clock.now,
                buttons: { number, message, chat in platform.button(number, on: message, in: chat) },
                latestRoast: { chat in (try? database.read { try $0.latestPostedRoast(in: chat) }) ?? nil })
            switch step {
            case .event(let envelope):
                await runtime.pipeline.process([envelope], from: .console, nextOffset: envelope.key.map { $0 + 1 })
                banners.sweep(at: envelope.date)
                await runtime.outbox.deliverPending()
                try database.write { try $0.setValue(String(platform.nextMessageID), forKey: Self.nextMessageKey) }
            case .say(let text):
                if !text.isEmpty { say(text) }
                // Time passes through every moment skipped by :day/:hour, so what was due on the way
                // (a morning's Roast of the Day, reminders, banners) happens as it would have.
                for moment in Self.moments(from: clock.now.addingTimeInterval(before), to: clock.now.addingTimeInterval(session.offset)) {
                    banners.sweep(at: moment)
                    if runtime.scheduler.runPass(now: moment).queued > 0 { await runtime.outbox.deliverPending() }
                }
                banners.sweep(at: clock.now.addingTimeInterval(session.offset))
                await runtime.outbox.deliverPending()
            case .quit:
                return
            }
            // Scheduled posts at the console's simulated time (after :day/:hour, or as time passes).
            let simulated = clock.now.addingTimeInterval(session.offset)
            if runtime.scheduler.runPass(now: simulated).queued > 0 {
                await runtime.outbox.deliverPending()
            }
            try database.write { try $0.setValue(String(simulated.timeIntervalSince1970), forKey: Self.simulatedTimeKey) }
            if interactive { prompt(session.prompt) }
        }
    }

    /// The instants a jump of the simulated clock passes through, every 30 minutes (at most 60 days of
    /// them; a longer jump keeps its last 60 days), the scheduler's windows being hours wide.
    static func moments(from start: Date, to end: Date) -> [Date] {
        let step: TimeInterval = 1_800
        guard end > start else { return [] }
        let first = max(start, end.addingTimeInterval(-60 * 86_400))
        return Array(stride(from: first.addingTimeInterval(step), to: end, by: step))
    }

    /// Where a session's clock starts: the clock's own time, unless the database has recorded a later
    /// one (an earlier session's `:day`, or a `ROASTBOT_CLOCK_START` ahead of this session's clock),
    /// in which case it goes on from that time and says so in one line. Time never runs backwards
    /// for a database: days already counted would otherwise lie in the future, and count nothing.
    static func resumedOffset(now: Date, recorded: Date?, legacyOffset: TimeInterval) -> (offset: TimeInterval, notice: String?) {
        let offset = max(0, legacyOffset)
        guard let recorded, recorded > now.addingTimeInterval(offset) else { return (offset, nil) }
        return (
            recorded.timeIntervalSince(now),
            "⏩ this database's time is \(ConsoleSession.describe(recorded)), later than the clock: going on from there"
                + " (time never runs backwards for a database)"
        )
    }

    /// The console's simulated time (seconds since 1970), kept with the database after every line: a
    /// next session goes on from there, so its days never run behind the days already recorded.
    private static let simulatedTimeKey = "console.simulated_time"

    /// The simulated time advanced (seconds) as kept before ``simulatedTimeKey``; read from older
    /// databases only.
    private static let legacyClockOffsetKey = "console.clock_offset"

    /// Where the console's message numbering continues next session.
    private static let nextMessageKey = "console.next_message_id"

    /// The console simulates a Telegram chat: Telegram's profile for the console's bot name, without
    /// inline mode (the console has no way to send an inline query).
    static var profile: PlatformProfile {
        var profile = TelegramPlatform.profile(botUsername: ConsoleSession.botUsername)
        profile.inlineMode = false
        return profile
    }

    private static func say(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    private static func prompt(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
