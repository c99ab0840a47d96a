import Foundation
import RoastTesting
import Synchronization

/// What strangers cost the webhook listener (issue 25 §1–3): the `roastbot` process in webhook mode
/// against the fake Bot API on loopback, attacked from this process — heads with one line of 64 KB
/// and 256 KB, a flood of forged deliveries pipelined on many connections, 1,100 idle connections —
/// while real updates keep arriving. Resident memory is sampled during the flood and read after it.
struct ListenerBenchmark {
    struct Result {
        /// Seconds from sending a head with one 64 KB (256 KB) line to reading its 431.
        var longHeads: [Double]
        var hugeHeads: [Double]
        /// A /roast delivered while two 256 KB heads arrive: seconds until its reply was sent.
        var roastDuringHugeHeads: Double?
        var forged: Int
        var forgedSeconds: Double
        var forgedRefused: Int
        var realDuringFlood: (sent: Int, answered: Int)
        var before: ProcessMemory.Resident?
        var peakKilobytes: Int
        var after: ProcessMemory.Resident?
        /// With 1,100 idle connections open: a /roast's reply time, and the bot's memory.
        var roastWithIdle: Double?
        var withIdle: ProcessMemory.Resident?
        var floodRate: Double { Double(forged) / forgedSeconds }
    }

    var floodSeconds = 10.0
    var floodConnections = 16

    func run() async throws -> Result {
        let fake = FakeBotAPI()
        try await fake.start()
        let port = LoopbackPort.free()
        let bot = try BotChild(fake: fake, webhookPort: port)
        defer { bot.cleanUp() }
        try bot.start()
        guard await fake.waitFor(timeout: .seconds(30), { fake.webhook != nil }) else { throw BenchError.botDidNotStart(log: bot.logPath) }
        let chat = FakeChat(id: -2_100_000_000, type: .supergroup, title: "Listener")
        let user = FakeUser(id: 60_000, firstName: "Real", languageCode: "en")
        var replies = 0
        /// Seconds from injecting a /roast to its reply.
        func roundTrip() async -> Double? {
            replies += 1
            let started = Stopwatch.now()
            fake.commandMessage(chat: chat, from: user, text: "/roast")
            let expected = replies
            guard await fake.waitFor(timeout: .seconds(60), { fake.sentMessages(chat: chat.id).count >= expected }) else { return nil }
            return Stopwatch.now() - started
        }
        _ = await roundTrip()
        try await Task.sleep(for: .seconds(1))
        let before = bot.resident

        // Heads with one long line, one at a time, then two at once beside a real update.
        let path = URL(string: bot.webhookURL ?? "")?.path ?? "/telegram"
        @Sendable func head(_ lineBytes: Int) -> String {
            "POST \(path) HTTP/1.1\r\nHost: bot\r\nX-Filler: \(String(repeating: "a", count: lineBytes))\r\nContent-Length: 2\r\n\r\n{}"
        }
        @Sendable func refused(_ text: String) async -> Double? {
            guard let connection = await RawHTTPConnection.open(port: port) else { return nil }
            defer { connection.close() }
            let started = Stopwatch.now()
            await connection.send(text)
            guard await connection.responses(1, timeout: 60).first?.status == 431 else { return nil }
            return Stopwatch.now() - started
        }
        var longHeads: [Double] = []
        for _ in 0..<10 { if let seconds = await refused(head(64 * 1_024)) { longHeads.append(seconds) } }
        var hugeHeads: [Double] = []
        for _ in 0..<4 { if let seconds = await refused(head(256 * 1_024)) { hugeHeads.append(seconds) } }
        async let pair = withTaskGroup(of: Double?.self) { group in
            for _ in 0..<2 { group.addTask { await refused(head(256 * 1_024)) } }
            return await group.reduce(into: [Double]()) { if let seconds = $1 { $0.append(seconds) } }
        }
        let roastDuringHugeHeads = await roundTrip()
        hugeHeads += await pair

        // The flood: forged deliveries pipelined 200 at a time on each connection, real updates beside.
        let forgedUpdate =
            #"{"update_id": 1, "message": {"message_id": 1, "date": 1772398800, "chat": {"id": -1, "type": "group"}, "text": "/roast"}}"#
        let forgedRequest =
            "POST \(path) HTTP/1.1\r\nHost: bot\r\nX-Telegram-Bot-Api-Secret-Token: forged\r\nContent-Length: \(forgedUpdate.utf8.count)\r\n\r\n"
            + forgedUpdate
        let batch = String(repeating: forgedRequest, count: 200)
        let peak = Mutex(0)
        let pid = bot.pid
        let floodEnds = Date().addingTimeInterval(floodSeconds)
        let sampler = Task {
            while Date() < floodEnds {
                if let pid, let kilobytes = ProcessMemory.residentKilobytes(of: pid) { peak.withLock { $0 = max($0, kilobytes) } }
                try? await Task.sleep(for: .milliseconds(200))
            }
        }
        let floodStarted = Stopwatch.now()
        async let flood = withTaskGroup(of: (sent: Int, refused: Int).self) { group in
            for _ in 0..<floodConnections {
                group.addTask {
                    guard let connection = await RawHTTPConnection.open(port: port) else { return (0, 0) }
                    defer { connection.close() }
                    var (sent, refused) = (0, 0)
                    while Date() < floodEnds {
                        await connection.send(batch)
                        sent += 200
                        refused += await connection.responses(200, timeout: 30).filter { $0.status == 401 }.count
                    }
                    return (sent, refused)
                }
            }
            return await group.reduce(into: (sent: 0, refused: 0)) {
                $0.sent += $1.sent
                $0.refused += $1.refused
            }
        }
        let sentBefore = fake.sentMessages(chat: chat.id).count
        var realSent = 0
        while Date() < floodEnds {
            fake.commandMessage(chat: chat, from: user, text: "/roast")
            realSent += 1
            try await Task.sleep(for: .milliseconds(250))
        }
        let (forged, forgedRefused) = await flood
        let forgedSeconds = Stopwatch.now() - floodStarted
        sampler.cancel()
        let expected = sentBefore + realSent
        _ = await fake.waitFor(timeout: .seconds(30)) { fake.sentMessages(chat: chat.id).count >= expected }
        replies = fake.sentMessages(chat: chat.id).count
        let realAnswered = replies - sentBefore
        try await Task.sleep(for: .seconds(2))
        let after = bot.resident

        // 1,100 idle connections (more than systemd's default of 1,024 open files), then a real update.
        let idle = await RawHTTPConnection.openIdle(1_100, port: port)
        defer { for connection in idle { connection.close() } }
        let roastWithIdle = await roundTrip()
        let withIdle = bot.resident
        await bot.stop()
        await fake.stop()
        return Result(
            longHeads: longHeads, hugeHeads: hugeHeads, roastDuringHugeHeads: roastDuringHugeHeads, forged: forged,
            forgedSeconds: forgedSeconds, forgedRefused: forgedRefused, realDuringFlood: (realSent, realAnswered), before: before,
            peakKilobytes: peak.withLock { $0 }, after: after, roastWithIdle: roastWithIdle, withIdle: withIdle)
    }
}
