import Foundation
import RoastTesting
import Synchronization

/// What strangers cost the webhook listener (issue 25 §1–3): the `roastbot` process in webhook mode
/// against the fake Bot API on loopback, attacked from this process while real updates keep
/// arriving. Each attack has a bot of its own, so that one that wedges the bot (as FlyingFox's
/// listener was wedged by long heads) does not spoil the next:
/// 1. heads with one line of 64 KB and of 256 KB, one at a time, then two 256 KB ones beside a /roast;
/// 2. forged deliveries on 16 kept-alive connections, each sent when the one before was answered,
///    beside a /roast every quarter of a second, the bot's resident memory sampled;
/// 3. 1,100 idle connections to a bot under systemd's default of 1,024 open files, then a /roast.
struct ListenerBenchmark {
    /// The first answer to a request, and how long it took (nil: none within a minute).
    struct Answer {
        var seconds: Double
        var status: Int
    }

    struct Result {
        var longHeads: [Answer?]
        var hugeHeads: [Answer?]
        /// A /roast delivered while two 256 KB heads arrive: seconds until its reply was sent.
        var roastDuringHugeHeads: Double?
        var forgedSent: Int
        var forgedRefused: Int
        var floodSeconds: Double
        var realDuringFlood: (sent: Int, answered: Int)
        var before: ProcessMemory.Resident?
        var peakKilobytes: Int
        var after: ProcessMemory.Resident?
        /// With 1,100 idle connections open: a forged delivery on a new connection, to its answer; a
        /// /roast's reply time (Telegram's connection may be one kept alive from before); the bot's memory.
        var newConnectionWithIdle: Answer?
        var roastWithIdle: Double?
        var withIdle: ProcessMemory.Resident?
        var floodRate: Double { Double(forgedSent) / floodSeconds }
    }

    var floodSeconds = 10.0
    var floodConnections = 16
    static let chat = FakeChat(id: -2_100_000_000, type: .supergroup, title: "Listener")
    static let user = FakeUser(id: 60_000, firstName: "Real", languageCode: "en")

    func run() async throws -> Result {
        let long = try await Self.withBot { bot, fake, port in try await heads(bot, fake, port) }
        let forged = try await Self.withBot { bot, fake, port in try await flood(bot, fake, port) }
        let held = try await Self.withBot(openFileLimit: 1_024) { bot, fake, port in
            let connections = await RawHTTPConnection.openIdle(1_100, port: port)
            defer { for connection in connections { connection.close() } }
            let path = URL(string: bot.webhookURL ?? "")?.path ?? "/telegram"
            let forged = "POST \(path) HTTP/1.1\r\nHost: bot\r\nContent-Length: 2\r\n\r\n{}"
            return (await Self.answer(to: forged, port: port), await Self.roundTrip(fake), bot.resident)
        }
        return Result(
            longHeads: long.long, hugeHeads: long.huge, roastDuringHugeHeads: long.roast, forgedSent: forged.sent,
            forgedRefused: forged.refused, floodSeconds: forged.seconds, realDuringFlood: forged.real, before: forged.before,
            peakKilobytes: forged.peak, after: forged.after, newConnectionWithIdle: held.0, roastWithIdle: held.1, withIdle: held.2)
    }

    // MARK: - Attacks

    private func heads(_ bot: BotChild, _ fake: FakeBotAPI, _ port: UInt16) async throws -> (
        long: [Answer?], huge: [Answer?], roast: Double?
    ) {
        let path = URL(string: bot.webhookURL ?? "")?.path ?? "/telegram"
        @Sendable func head(_ lineBytes: Int) -> String {
            "POST \(path) HTTP/1.1\r\nHost: bot\r\nX-Filler: \(String(repeating: "a", count: lineBytes))\r\nContent-Length: 2\r\n\r\n{}"
        }
        var long: [Answer?] = []
        for _ in 0..<5 { long.append(await Self.answer(to: head(64 * 1_024), port: port)) }
        var huge: [Answer?] = []
        for _ in 0..<2 { huge.append(await Self.answer(to: head(256 * 1_024), port: port)) }
        async let pair = withTaskGroup(of: Answer?.self) { group in
            for _ in 0..<2 { group.addTask { await Self.answer(to: head(256 * 1_024), port: port) } }
            return await group.reduce(into: [Answer?]()) { $0.append($1) }
        }
        let roast = await Self.roundTrip(fake)
        huge += await pair
        return (long, huge, roast)
    }

    private func flood(_ bot: BotChild, _ fake: FakeBotAPI, _ port: UInt16) async throws -> (
        sent: Int, refused: Int, seconds: Double, real: (Int, Int), before: ProcessMemory.Resident?, peak: Int,
        after: ProcessMemory.Resident?
    ) {
        let path = URL(string: bot.webhookURL ?? "")?.path ?? "/telegram"
        let before = bot.resident
        let forgedUpdate =
            #"{"update_id": 1, "message": {"message_id": 1, "date": 1772398800, "chat": {"id": -1, "type": "group"}, "text": "/roast"}}"#
        let forged =
            "POST \(path) HTTP/1.1\r\nHost: bot\r\nX-Telegram-Bot-Api-Secret-Token: forged\r\nContent-Length: \(forgedUpdate.utf8.count)\r\n\r\n"
            + forgedUpdate
        let peak = Mutex(0)
        let pid = bot.pid
        let ends = Date().addingTimeInterval(floodSeconds)
        let sampler = Task {
            while Date() < ends {
                if let pid, let kilobytes = ProcessMemory.residentKilobytes(of: pid) { peak.withLock { $0 = max($0, kilobytes) } }
                try? await Task.sleep(for: .milliseconds(200))
            }
        }
        let started = Stopwatch.now()
        async let attack = withTaskGroup(of: (sent: Int, refused: Int).self) { group in
            for _ in 0..<floodConnections {
                group.addTask {
                    await RawHTTPConnection.onThread {
                        Self.forgeSequentially(forged, port: port, until: ends)
                    }
                }
            }
            return await group.reduce(into: (sent: 0, refused: 0)) {
                $0.sent += $1.sent
                $0.refused += $1.refused
            }
        }
        let sentBefore = fake.sentMessages(chat: Self.chat.id).count
        var realSent = 0
        while Date() < ends {
            fake.commandMessage(chat: Self.chat, from: Self.user, text: "/roast")
            realSent += 1
            try await Task.sleep(for: .milliseconds(250))
        }
        let (sent, refused) = await attack
        let seconds = Stopwatch.now() - started
        sampler.cancel()
        let expected = sentBefore + realSent
        _ = await fake.waitFor(timeout: .seconds(60)) { fake.sentMessages(chat: Self.chat.id).count >= expected }
        let answered = fake.sentMessages(chat: Self.chat.id).count - sentBefore
        try await Task.sleep(for: .seconds(2))
        return (sent, refused, seconds, (realSent, answered), before, peak.withLock { $0 }, bot.resident)
    }

    // MARK: - Helpers

    /// Starts a bot in webhook mode, waits until it took one /roast, runs `body`, stops the bot.
    private static func withBot<T>(
        openFileLimit: Int? = nil, _ body: (BotChild, FakeBotAPI, UInt16) async throws -> T
    ) async throws -> T {
        let fake = FakeBotAPI()
        try await fake.start()
        let port = LoopbackPort.free()
        let bot = try BotChild(fake: fake, webhookPort: port)
        defer { bot.cleanUp() }
        try bot.start(openFileLimit: openFileLimit)
        let exited = bot.exited
        guard await fake.waitFor(timeout: .seconds(30), { fake.webhook != nil || exited() }), !exited(), await roundTrip(fake) != nil else {
            throw await bot.notReady()
        }
        try await Task.sleep(for: .seconds(1))
        let result = try await body(bot, fake, port)
        await bot.stop()
        await fake.stop()
        return result
    }

    /// Seconds from injecting a /roast to its reply (nil: none within a minute).
    private static func roundTrip(_ fake: FakeBotAPI) async -> Double? {
        let expected = fake.sentMessages(chat: chat.id).count + 1
        let started = Stopwatch.now()
        fake.commandMessage(chat: chat, from: user, text: "/roast")
        guard await fake.waitFor(timeout: .seconds(60), { fake.sentMessages(chat: chat.id).count >= expected }) else { return nil }
        return Stopwatch.now() - started
    }

    /// Sends `request` on a new connection; its first answer.
    private static func answer(to request: String, port: UInt16) async -> Answer? {
        guard let connection = await RawHTTPConnection.open(port: port) else { return nil }
        defer { connection.close() }
        let started = Stopwatch.now()
        await connection.send(request)
        guard let first = await connection.responses(1, timeout: 60).first else { return nil }
        return Answer(seconds: Stopwatch.now() - started, status: first.status)
    }

    /// One connection sending `request` again as soon as it is answered, until `end` (blocking: run
    /// it on a thread of its own); how many were sent and how many answered 401.
    private static func forgeSequentially(_ request: String, port: UInt16, until end: Date) -> (sent: Int, refused: Int) {
        guard let connection = RawHTTPConnection.openBlocking(port: port) else { return (0, 0) }
        defer { connection.close() }
        let bytes = Array(request.utf8)
        var (sent, refused) = (0, 0)
        while Date() < end, connection.sendBlocking(bytes) {
            sent += 1
            let answer = connection.receiveBlocking(timeout: 30) { !RawHTTPResponse.parseAll($0).isEmpty }
            guard let status = RawHTTPResponse.parseAll(answer).first?.status else { break }
            if status == 401 { refused += 1 }
        }
        return (sent, refused)
    }
}
