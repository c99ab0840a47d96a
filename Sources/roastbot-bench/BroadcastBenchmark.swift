import ChatPlatform
import CurlHTTP
import Foundation
import Logging
import RoastBot
import RoastStore
import RoastTesting
import TelegramAdapter
import TelegramBotAPI
import Timekeeping

/// A daily post to many chats through the production delivery path — outbox, `OutboxDeliverer`,
/// `TelegramPlatform`, `SendThrottle` with the default limits (30 messages/s global) — against the
/// fake Bot API enforcing Telegram's limits (`FakeRateLimits.telegram`).
///
/// 10,000 chats at 30/s take 5.5 minutes; by default the benchmark queues 900 of them (one message per
/// chat; `--chats 10000` for the whole post) and measures the steady rate between the first and the
/// last accepted send, which is what a longer run would sustain.
struct BroadcastBenchmark {
    struct Result {
        var messages: Int
        var delivered: Int
        var seconds: Double
        var rate: Double
        var allowed: Double
        var tooManyRequests: Int
        var share: Double { rate / allowed }
    }

    var messages = 900

    func run() async throws -> Result {
        let fake = FakeBotAPI()
        fake.rateLimits = .telegram
        try await fake.start()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roastbot-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try RoastDatabase(path: directory.appendingPathComponent("broadcast.sqlite").path)
        defer { database.close() }

        // One private chat per subscriber, as a daily post to 10,000 people would be.
        let now = Date()
        try database.write { tx in
            for index in 0..<messages {
                let user = FakeUser(id: 7_000_000 + Int64(index), firstName: "Subscriber \(index)")
                fake.registerChat(.privateChat(with: user))
                let chat = try tx.ensureChat(ChatRef(id: ChatID(user.id), kind: .privateChat), defaultLanguage: .vi, at: now)
                try tx.enqueue(
                    .send(
                        OutgoingMessage(
                            text: RichText(plain: "Roast of the day #\(index): your code compiles on the first try. Suspicious."))),
                    chat: chat.chatID, anchor: nil, at: now)
            }
        }

        let http = CurlHTTPClient()
        defer { http.shutdown() }
        let clock = SystemClock()
        let logger = Logger(label: "bench.broadcast")
        let client = TelegramBotClient(token: BotToken(fake.token), baseURL: fake.baseURL, http: http)
        // The production limits, window margin and even spacing included.
        let limits = SendThrottle.Limits.telegram
        let platform = TelegramPlatform(
            client: client, renderer: TelegramMessageRenderer(), gate: SendThrottle(limits: limits, clock: clock), clock: clock,
            logger: logger)
        let deliverer = OutboxDeliverer(database: database, platform: platform, clock: clock, logger: logger)
        let pending = await deliverer.deliverPending()

        let accepted = fake.requests(method: "sendMessage").filter { $0.statusCode == 200 }
        let refused = fake.requests(method: "sendMessage").filter { $0.statusCode == 429 }.count
        await fake.stop()
        guard pending == 0, let first = accepted.first, let last = accepted.last, accepted.count > 1 else {
            throw BenchError.failed("broadcast left \(pending) messages pending")
        }
        let seconds = last.arrivedAt.timeIntervalSince(first.arrivedAt)
        return Result(
            messages: messages, delivered: accepted.count, seconds: seconds, rate: Double(accepted.count - 1) / seconds,
            allowed: Double(limits.globalPerSecond), tooManyRequests: max(refused, fake.rateLimitHits))
    }
}
