import Foundation
import RoastTesting

/// Share cards through the released bot: `roastbot` against the fake Bot API, drawing with the
/// `roastbot-render` it starts beside it. Times a 🖼 press from its injection into the fake to the
/// photo's upload (story cards, each a new roast, so each is drawn), the first one apart (it starts
/// the renderer, which loads the fonts), and a press on a card already posted (its stored file id);
/// reads the resident memory of the bot and of the renderer before and after the first card.
struct CardPressBenchmark {
    struct Result {
        var botIdle: ProcessMemory.Resident?
        var botAfterFirst: ProcessMemory.Resident?
        var botAfter: ProcessMemory.Resident?
        var rendererAfterFirst: ProcessMemory.Resident?
        var rendererAfter: ProcessMemory.Resident?
        var first: Double
        var drawn: [Double]
        var stored: [Double]
    }

    /// Cards drawn after the first.
    var cards = 40

    func run() async throws -> Result {
        let fake = FakeBotAPI()
        try await fake.start()
        let bot = try BotChild(fake: fake)
        defer { bot.cleanUp() }
        try bot.start()
        let exited = bot.exited
        guard await fake.waitFor(timeout: .seconds(30), { !fake.requests(method: "getUpdates").isEmpty || exited() }), !exited() else {
            throw await bot.notReady()
        }
        try await Task.sleep(for: .seconds(1))
        let botIdle = bot.resident
        guard Self.renderer(of: bot) == nil else { throw BenchError.failed("roastbot-render runs before the first picture") }

        let chat = FakeChat(id: -2_100_000_000, type: .supergroup, title: "Cards")
        let user = FakeUser(id: 70_001, firstName: "Lan", languageCode: "vi")
        fake.commandMessage(chat: chat, from: user, text: "/card story")
        for _ in 0...cards { fake.commandMessage(chat: chat, from: user, text: "/roast") }
        guard await fake.waitFor(timeout: .seconds(60), { fake.sentMessages(chat: chat.id).count >= cards + 2 }) else {
            throw BenchError.timedOut("roasts to press on")
        }
        let roasts = fake.sentMessages(chat: chat.id).filter { $0.allButtons.contains { $0.text == "🖼" } }

        /// Presses 🖼 on `message` and waits for the photo; seconds from the press's injection to the
        /// arrival of the `sendPhoto` request at the fake (its own timestamp: waiting polls every 10 ms).
        func press(_ message: FakeSentMessage) async throws -> Double {
            let before = fake.photos.count
            let data = message.allButtons.first { $0.text == "🖼" }?.callbackData ?? ""
            let injected = Date()
            fake.callbackQuery(from: user, message: message, data: data)
            guard await fake.waitFor(timeout: .seconds(30), { fake.photos.count > before }),
                let request = fake.requests(method: "sendPhoto").last
            else {
                throw BenchError.timedOut("a card photo (log: \(bot.logPath))")
            }
            return request.arrivedAt.timeIntervalSince(injected)
        }

        let first = try await press(roasts[0])
        try await Task.sleep(for: .milliseconds(500))
        let botAfterFirst = bot.resident
        let rendererAfterFirst = Self.renderer(of: bot).flatMap { ProcessMemory.resident(of: $0) }
        var drawn: [Double] = []
        for roast in roasts.dropFirst().prefix(cards) { drawn.append(try await press(roast)) }
        var stored: [Double] = []
        for roast in roasts.prefix(10) { stored.append(try await press(roast)) }
        try await Task.sleep(for: .milliseconds(500))
        let result = Result(
            botIdle: botIdle, botAfterFirst: botAfterFirst, botAfter: bot.resident, rendererAfterFirst: rendererAfterFirst,
            rendererAfter: Self.renderer(of: bot).flatMap { ProcessMemory.resident(of: $0) }, first: first, drawn: drawn, stored: stored)
        guard fake.photos.filter({ $0.uploaded != nil }).count == cards + 1 else { throw BenchError.failed("a card was uploaded twice") }
        await bot.stop()
        await fake.stop()
        return result
    }

    /// The process id of the bot's `roastbot-render` child, if one runs.
    static func renderer(of bot: BotChild) -> Int32? {
        guard let parent = bot.pid, let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return nil }
        for entry in entries {
            guard let pid = Int32(entry), let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { continue }
            // "pid (comm) state ppid …"
            guard let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if stat.contains("(roastbot-render)"), fields.count > 1, Int32(fields[1]) == parent { return pid }
        }
        return nil
    }
}
