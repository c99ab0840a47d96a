import Foundation
import Testing

/// `make try-discord` as a newcomer uses it from the README: the real `roastbot-try-discord`, which starts the fake
/// Discord and the real `roastbot run` against it, driven by a piped script of what a member types; its transcript
/// must show what the bot did on Discord.
@Suite(.timeLimit(.minutes(4))) struct TryDiscordEndToEndTests {
    static let executable = BotProcess.executable.deletingLastPathComponent().appendingPathComponent("roastbot-try-discord")

    /// `/roast`, a press on its 🔥 and `/export`: the registered commands with their Vietnamese names, the roast with
    /// its reaction buttons, the count redrawn on it, and the export as an answer only its member can see, its file
    /// saved beside the database.
    @Test func aScriptedTryShowsTheRoastItsCountAndThePrivateExport() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roastbot-try-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let root = BotProcess.repositoryRoot
        // The fake's interaction deadline generous: a loaded machine must not turn a slow start into a failed interaction
        // (Discord's 3 seconds are held in the deadline suites).
        let (transcript, status) = try ScriptedProcess.run(
            Self.executable, arguments: ["--deadline", "60"],
            environment: [
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": directory.path,
                "ROASTBOT_DB": directory.appendingPathComponent("data/try.sqlite").path,
                "ROASTBOT_LIBRARY": root.appendingPathComponent("config/library").path,
                "ROASTBOT_COLLECTIONS": root.appendingPathComponent("config/collections.json").path,
                "ROASTBOT_SEED": "12345", "ROASTBOT_CLOCK_START": "2026-03-02T03:00:00+07:00", "ROASTBOT_ABUSE_LIMIT": "0",
                // A token in the person's environment must not reach the bot: one platform per process.
                "TELEGRAM_BOT_TOKEN": "123:not-for-this-bot",
            ], directory: directory, script: "/roast category:meetings spice:3\npress 🔥\n/export\n", errorsToo: true)
        #expect(status == 0, "\(transcript)")

        // The commands registered at start, with their Vietnamese names.
        #expect(transcript.contains("slash commands registered"), "\(transcript)")
        #expect(transcript.contains("/roast · vi /khịa"), "\(transcript)")
        // The roast, answered in #general with its reaction buttons.
        let lines = transcript.split(separator: "\n").map(String.init)
        let roast = try #require(lines.firstIndex { $0.contains("answers /roast by @you") }, "\(transcript)")
        // Its button rows: the lines of buttons that follow it.
        let firstRow = try #require(lines[roast...].firstIndex { $0.hasPrefix("   [") }, "\(transcript)")
        let buttons = lines[firstRow...].prefix { $0.hasPrefix("   [") }.joined(separator: " ")
        for face in ["[😂]", "[🔥]", "[😐]", "[👎]", "[⭐]", "[🔁]", "[🖼]"] { #expect(buttons.contains(face), "\(buttons)") }
        #expect(lines[roast].contains("in #general"))
        #expect(!lines[roast].contains("only"), "the roast is public: \(lines[roast])")
        // The press: the count redrawn on the roast.
        let press = try #require(lines.firstIndex { $0.hasSuffix("> press 🔥") }, "\(transcript)")
        let counted = try #require(lines[press...].firstIndex { $0.contains("[🔥 1]") }, "\(transcript)")
        #expect(lines[press..<counted].contains { $0.hasPrefix("🔢 #") || $0.hasPrefix("✏️ #") }, "\(transcript)")
        // The export: for @you alone, its JSON file saved and named.
        let export = try #require(
            lines.firstIndex { $0.contains("answers /export by @you") && !$0.contains("is thinking") }, "\(transcript)")
        #expect(lines[export].contains("only @you can see this"), "\(lines[export])")
        let file = try #require(lines[export...].first { $0.contains("📎") && $0.contains(".json") }, "\(transcript)")
        let path = try #require(file.components(separatedBy: "→ ").last)
        let saved = path.hasPrefix("/") ? path : directory.appendingPathComponent(path).path
        let contents = try #require(FileManager.default.contents(atPath: saved), "not saved: \(saved)")
        #expect(String(decoding: contents, as: UTF8.self).contains("1310000000000000001"), "the export is not @you's")
        #expect(transcript.contains("👋 roastbot stopped (exit status 0)"), "\(transcript)")
    }
}
