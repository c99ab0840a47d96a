import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import RoastTesting

/// The `roastbot` process against the fake Bot API on loopback, throttle off: start-up time to the
/// first getUpdates, resident memory idle and after the mix, and updates per second from injection
/// to the last reply received.
///
/// The mix runs in two phases because a button press needs a message to press on: first the
/// commands (/roast, /streak, /badges at 4:1:1), then presses on the roasts the first phase posted
/// (40 % of all updates). Phase two ends when every press is answered and the outbox is empty.
///
/// The bot's CPU time (user + system, all threads) and the new TCP connections it opens are counted
/// from the first injection to the end of the mix. The fake keeps connections open as Telegram does
/// (HTTP/1.1 keep-alive), so a connection the bot closes is one it must open again.
///
/// In webhook mode the fake delivers each update by POST to the bot, as Telegram does (at most the
/// bot's `max_connections` at once, the next only after a 200), instead of answering long polls;
/// start-up is then timed to the setWebhook request.
struct EndToEndBenchmark {
    /// How updates reach the bot.
    enum Ingress: String {
        case polling
        case webhook
    }

    struct Result {
        var startup: Double
        var idle: ProcessMemory.Resident?
        var after: ProcessMemory.Resident?
        var updates: Int
        var seconds: Double
        var prefilledProfiles: Int
        /// User + system CPU time of the bot over the mix (nil when unreadable).
        var cpuSeconds: Double?
        /// Bot API requests the bot made during the mix, by method.
        var requests: [String: Int]
        /// TCP connections the bot opened during the mix.
        var newConnections: Int
        /// Connections opened and requests made during the second half of the presses, once the bot
        /// has met the mix's peak of transfers in flight: the steady state.
        var steadyConnections: Int
        var steadyRequests: Int
        var steadyConnectionsPerRequest: Double { Double(steadyConnections) / Double(max(1, steadyRequests)) }
        var throughput: Double { Double(updates) / seconds }
        var cpuPerUpdate: Double? { cpuSeconds.map { $0 / Double(updates) } }
        var totalRequests: Int { requests.values.reduce(0, +) }
        var connectionsPerRequest: Double { Double(newConnections) / Double(max(1, totalRequests)) }
        /// "1,800 sendMessage, 1,200 answerCallbackQuery, …", most frequent first.
        var requestSummary: String {
            requests.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        }
    }

    var commands = 3_000
    var presses = 2_000

    /// The issue's mix for CPU per update: 3,000 updates, 1,800 commands (each answered by a
    /// sendMessage) and 1,200 presses (each an answerCallbackQuery and an editMessageReplyMarkup).
    static let cpuMix = EndToEndBenchmark(commands: 1_800, presses: 1_200)
    /// Profiles written into the database before the bot starts (memory with a big database).
    var prefilledProfiles = 0
    var ingress = Ingress.polling
    /// The bot to run instead of this build's `roastbot run` (another build, a comparison bot).
    var command: [String]?

    func run() async throws -> Result {
        let fake = FakeBotAPI(keepsConnectionsOpen: true)
        try await fake.start()
        let bot = try BotChild(fake: fake, webhookPort: ingress == .webhook ? LoopbackPort.free() : nil, command: command)
        defer { bot.cleanUp() }
        if prefilledProfiles > 0 { try prefill(bot.databasePath) }

        let launched = try bot.start()
        let ready = ingress == .polling ? "getUpdates" : "setWebhook"
        let exited = bot.exited
        guard await fake.waitFor(timeout: .seconds(30), { !fake.requests(method: ready).isEmpty || exited() }),
            let firstPoll = fake.requests(method: ready).first
        else { throw await bot.notReady() }
        let startup = firstPoll.arrivedAt.timeIntervalSince(launched)
        try await Task.sleep(for: .seconds(1))
        let idle = bot.resident

        let chats = (0..<100).map { FakeChat(id: -2_000_000_000 - Int64($0), type: .supergroup, title: "Team \($0)") }
        let users = (0..<1_000).map { FakeUser(id: 50_000 + Int64($0), firstName: "User \($0)", languageCode: $0 % 3 == 0 ? "en" : "vi") }
        var random = SplitMix64(seed: 11)

        let requestsBefore = fake.requests().count
        let connectionsBefore = fake.connectionCount
        let cpuBefore = bot.cpuSeconds
        let started = Stopwatch.now()
        for index in 0..<commands {
            let user = users[Int(random.next() % UInt64(users.count))]
            let chat = chats[Int(user.id % 100)]
            let text =
                switch index % 6 {
                case 4: "/streak"
                case 5: "/badges"
                default: "/roast"
                }
            fake.commandMessage(chat: chat, from: user, text: text)
        }
        guard await fake.waitFor(timeout: .seconds(300), { fake.allSentMessages.count >= commands }) else {
            throw BenchError.timedOut("command replies: \(fake.allSentMessages.count) of \(commands)")
        }
        let roastMessages = fake.allSentMessages.filter { $0.allButtons.contains { $0.text == "🔁" } }
        guard !roastMessages.isEmpty else { throw BenchError.timedOut("no roast message to press on") }
        for _ in 0..<presses {
            let message = roastMessages[Int(random.next() % UInt64(roastMessages.count))]
            let member = users.filter { $0.id % 100 == Int64(-message.chatID - 2_000_000_000) }
            let user = member[Int(random.next() % UInt64(member.count))]
            let button = message.allButtons[Int(random.next() % 4)]
            fake.callbackQuery(from: user, message: message, data: button.callbackData ?? "")
        }
        // The steady state: the second half of the presses, once the bot has met the mix's peak of
        // transfers in flight (each chat's worker and the answers to presses).
        _ = await fake.waitFor(timeout: .seconds(300)) { fake.callbackAnswers.count >= presses / 2 }
        let (connectionsAtPresses, requestsAtPresses) = (fake.connectionCount, fake.requests().count)
        let database = try RoastDatabase(path: bot.databasePath)
        defer { database.close() }
        let drained = await fake.waitFor(timeout: .seconds(300)) {
            fake.callbackAnswers.count >= presses && ((try? database.read { try $0.pendingOutboxCount() }) ?? 1) == 0
        }
        guard drained else { throw BenchError.timedOut("press answers: \(fake.callbackAnswers.count) of \(presses)") }
        let seconds = Stopwatch.now() - started
        let cpuAfter = bot.cpuSeconds
        let newConnections = fake.connectionCount - connectionsBefore
        var requests: [String: Int] = [:]
        for request in fake.requests().dropFirst(requestsBefore) {
            requests[request.method, default: 0] += 1
        }
        let after = bot.resident
        await bot.stop()
        await fake.stop()
        return Result(
            startup: startup, idle: idle, after: after, updates: commands + presses, seconds: seconds,
            prefilledProfiles: prefilledProfiles, cpuSeconds: cpuBefore.flatMap { before in cpuAfter.map { $0 - before } },
            requests: requests, newConnections: newConnections, steadyConnections: fake.connectionCount - connectionsAtPresses,
            steadyRequests: fake.requests().count - requestsAtPresses)
    }

    /// Writes `prefilledProfiles` profiles over 1,000 chats, each with one roast, in one transaction.
    private func prefill(_ path: String) throws {
        let database = try RoastDatabase(path: path)
        defer { database.close() }
        let date = Date()
        let perChat = max(1, prefilledProfiles / 1_000)
        try database.write { tx in
            for chatIndex in 0..<(prefilledProfiles / perChat) {
                let chat = try tx.ensureChat(
                    ChatRef(id: ChatID(-3_000_000_000 - Int64(chatIndex)), kind: .supergroup, title: "Old team \(chatIndex)"),
                    defaultLanguage: .vi, at: date)
                for member in 0..<perChat {
                    let id = UserID(Int64(chatIndex * perChat + member) + 1_000_000)
                    try tx.touchProfile(
                        chat: chat.chatID, person: Person(id: id, displayName: "Member \(id.rawValue)", languageCode: "vi"), at: date)
                }
            }
        }
    }
}

enum BenchError: Error, CustomStringConvertible {
    case botDidNotStart(log: String)
    /// The bot (or a comparison bot) exited before it was ready.
    case botExited(status: Int32?, lastLine: String)
    case timedOut(String)
    case failed(String)

    var description: String {
        switch self {
        case .botDidNotStart(let log): "the bot did not get ready within 30 s (log: \(log))"
        case .botExited(let status, let lastLine):
            "the bot exited\(status.map { " with status \($0)" } ?? "") before it was ready; its last line: \(lastLine)"
        case .timedOut(let what): "timed out waiting for \(what)"
        case .failed(let what): what
        }
    }
}
