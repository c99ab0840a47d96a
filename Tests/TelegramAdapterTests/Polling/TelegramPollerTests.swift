import ChatPlatform
import CurlHTTP
import Foundation
import Logging
import RoastTesting
import Synchronization
import TelegramBotAPI
import Testing
import Timekeeping

@testable import TelegramAdapter

/// A ``ManualClock`` that also records how long each sleeper asked to sleep.
final class SleepRecordingClock: WallClock {
    let manual = ManualClock()
    private let durations = Mutex<[Double]>([])

    var now: Date { manual.now }

    func sleep(until deadline: Date) async throws {
        let duration = deadline.timeIntervalSince(manual.now)
        durations.withLock { $0.append(duration) }
        try await manual.sleep(until: deadline)
    }

    var uptime: Duration { manual.uptime }

    func sleep(untilUptime deadline: Duration) async throws {
        durations.withLock { $0.append((deadline - manual.uptime).seconds) }
        try await manual.sleep(untilUptime: deadline)
    }

    /// Requested sleeps other than the poll watchdog's.
    func waits(excludingWatchdog watchdog: Double) -> [Double] {
        durations.withLock { $0 }.filter { $0 != watchdog }
    }

    func advance(by seconds: Double) { manual.advance(by: seconds) }
}

/// Keeps every log line, to check what is (and is not) logged.
final class CapturedLogs: Sendable {
    struct Line: Sendable {
        var level: Logger.Level
        var text: String
    }

    private let lines = Mutex<[Line]>([])

    var all: [Line] { lines.withLock { $0 } }

    func logger() -> Logger {
        var logger = Logger(label: "test") { _ in Handler(recorder: self) }
        logger.logLevel = .trace
        return logger
    }

    fileprivate func append(_ line: Line) { lines.withLock { $0.append(line) } }

    private struct Handler: LogHandler {
        let recorder: CapturedLogs
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { $1 }
            let text = "\(event.message) " + all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            recorder.append(Line(level: event.level, text: text))
        }
    }
}

/// Collects the batches the poller hands over.
final class CollectedBatches: Sendable {
    private let batches = Mutex<[TelegramBatch]>([])
    var all: [TelegramBatch] { batches.withLock { $0 } }
    func append(_ batch: TelegramBatch) { batches.withLock { $0.append(batch) } }
}

/// Yields until `condition` holds; records an issue if it never does.
func yieldUntil(_ what: String, _ condition: () -> Bool) async {
    for _ in 0..<200_000 {
        if condition() { return }
        await Task.yield()
    }
    Issue.record("never happened: \(what)")
}

@Suite struct TelegramPollerTests {
    static let watchdog: Double = 80  // pollTimeout 50 + 30

    let http: StubHTTPClient
    let clock = SleepRecordingClock()
    let logs = CapturedLogs()
    let batches = CollectedBatches()

    init() {
        http = StubHTTPClient(whenExhausted: .hangUntilCancelled)
    }

    private func makePoller() -> TelegramPoller {
        TelegramPoller(
            client: TelegramBotClient(token: BotToken("123:SECRET"), http: http),
            translator: UpdateTranslator(botUserID: 8_000_000_001, botUsername: "RoastMeLaterBot"), clock: clock,
            logger: logs.logger(), jitter: { $0 })
    }

    private func start(from offset: Int64? = nil) -> Task<TelegramPollerError?, Never> {
        let poller = makePoller()
        let batches = batches
        return Task {
            do throws(TelegramPollerError) {
                try await poller.run(startOffset: offset) { batch in batches.append(batch) }
                return nil
            } catch {
                return error
            }
        }
    }

    private func offset(ofRequest index: Int) throws -> Int? {
        let body = try #require(
            JSONSerialization.jsonObject(with: Data(http.requests[index].body)) as? [String: Any])
        return body["offset"] as? Int
    }

    static func privateText(_ updateID: Int64, _ text: String) -> String {
        #"{"update_id":\#(updateID),"message":{"message_id":1,"from":{"id":5,"is_bot":false,"first_name":"A"},"chat":{"id":5,"type":"private"},"date":1767312000,"text":"\#(text)"}}"#
    }

    @Test func handsOverTranslatedBatchesAndPollsFromTheNextOffset() async throws {
        http.enqueue(
            .ok("[" + Self.privateText(10, "SECRET TEXT roast me") + #",{"update_id":11,"business_message":{}}]"#),
            .ok("[" + Self.privateText(12, "again") + "]"))
        let task = start(from: 10)

        await yieldUntil("two batches and a third poll") { batches.all.count == 2 && http.requestCount == 3 }
        task.cancel()
        #expect(await task.value == nil)

        let first = try #require(batches.all.first)
        #expect(first.envelopes.map(\.key) == [10])
        #expect(first.skipped.map(\.updateID) == [11])
        #expect(first.nextOffset == 12)
        #expect(batches.all.last?.nextOffset == 13)
        #expect(try [offset(ofRequest: 0), offset(ofRequest: 1), offset(ofRequest: 2)] == [10, 12, 13])
        let body = try #require(JSONSerialization.jsonObject(with: Data(http.requests[0].body)) as? [String: Any])
        #expect(body["timeout"] as? Int == 50)
        #expect(body["allowed_updates"] as? [String] == TelegramPoller.defaultAllowedUpdates)
        #expect(logs.all.contains { $0.text.contains("received updates") })
        #expect(!logs.all.contains { $0.text.contains("SECRET") })
    }

    /// After a week without updates Telegram may number the next ones anew, below the offset asked
    /// for (it answers an offset beyond its queue from the queue's head): such a batch says so, so
    /// that the bot forgets its low-water mark of applied ids before applying it.
    @Test func aBatchNumberedBelowTheOffsetAskedForIsANewNumbering() async throws {
        http.enqueue(.ok("[" + Self.privateText(5_000, "later") + "]"), .ok("[" + Self.privateText(120, "a week later") + "]"))
        let task = start(from: 4_990)
        await yieldUntil("two batches") { batches.all.count == 2 }
        task.cancel()
        _ = await task.value
        #expect(batches.all.map(\.restartedNumbering) == [false, true])
        #expect(batches.all.last?.nextOffset == 121)
        #expect(logs.all.contains { $0.level == .notice && $0.text.contains("anew") })
        #expect(UpdateNumbering.restarted([7], polledFrom: nil) == false, "no offset asked: nothing to compare")
        #expect(UpdateNumbering.restarted([], polledFrom: 9) == false)
    }

    @Test func emptyPollsAreNotHandedOver() async {
        http.enqueue(.ok("[]"), .ok("[]"))
        let task = start()
        await yieldUntil("third poll") { http.requestCount == 3 }
        task.cancel()
        #expect(await task.value == nil)
        #expect(batches.all.isEmpty)
    }

    @Test func cancellationEndsAHangingPoll() async {
        let task = start()
        await yieldUntil("first poll") { http.requestCount == 1 && http.hangingCount == 1 }
        task.cancel()
        #expect(await task.value == nil)
        #expect(http.requestCount == 1)
    }

    @Test func floodControlWaitsExactlyRetryAfter() async {
        http.enqueue(.refusal(429, "Too Many Requests: retry after 7", parameters: #"{"retry_after":7}"#), .ok("[]"))
        let task = start()
        await yieldUntil("flood wait") { clock.waits(excludingWatchdog: Self.watchdog).count == 1 }
        #expect(clock.waits(excludingWatchdog: Self.watchdog) == [7])
        clock.advance(by: 7)
        await yieldUntil("second poll") { http.requestCount >= 2 }
        task.cancel()
        #expect(await task.value == nil)
    }

    @Test func transientFailuresBackOffExponentiallyAndResetAfterSuccess() async {
        let badGateway = StubHTTPClient.Reply.text("<html>502 Bad Gateway</html>", status: 502)
        http.enqueue(badGateway, .failure(.connectionRefused), .json("{\"ok\":tr", status: 200), .ok("[]"), badGateway)
        let task = start()
        for (index, expected) in [1.0, 2, 4, 1].enumerated() {
            await yieldUntil("backoff \(index)") { clock.waits(excludingWatchdog: Self.watchdog).count == index + 1 }
            clock.advance(by: expected)
        }
        await yieldUntil("sixth poll") { http.requestCount == 6 }
        task.cancel()
        #expect(await task.value == nil)
        #expect(clock.waits(excludingWatchdog: Self.watchdog) == [1, 2, 4, 1])
    }

    /// An answer past the size limit is a transport failure like any other: backed off and polled again.
    @Test func anOversizedAnswerIsRetriedAfterABackoff() async {
        http.enqueue(.failure(.responseTooLarge(limit: 16 << 20)), .ok("[" + Self.privateText(30, "hi") + "]"))
        let task = start()
        await yieldUntil("backoff") { clock.waits(excludingWatchdog: Self.watchdog).count == 1 }
        clock.advance(by: 1)
        await yieldUntil("second poll") { http.requestCount == 2 }
        task.cancel()
        #expect(await task.value == nil)
        #expect(clock.waits(excludingWatchdog: Self.watchdog) == [1])
        #expect(logs.all.contains { $0.text.contains("larger than the response cap") })
    }

    /// A batch too large for the cap is asked for again in smaller batches, so that the bot moves on
    /// instead of asking for the same oversized answer forever; the limit grows back afterwards.
    @Test func anOversizedAnswerIsAskedForAgainInSmallerBatches() async throws {
        let tooLarge = StubHTTPClient.Reply.failure(.responseTooLarge(limit: 16 << 20))
        http.enqueue(tooLarge, tooLarge, .ok("[" + Self.privateText(30, "hi") + "]"), .ok("[]"))
        let task = start()
        for index in 0..<2 {
            await yieldUntil("backoff \(index)") { clock.waits(excludingWatchdog: Self.watchdog).count == index + 1 }
            clock.advance(by: 30)
        }
        await yieldUntil("fourth poll") { http.requestCount == 4 }
        task.cancel()
        _ = await task.value
        let limits = try http.requests.prefix(4).map { request in
            (try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])?["limit"] as? Int
        }
        #expect(limits == [nil, 50, 25, 50])
    }

    @Test func backoffIsCappedAtThirtySeconds() async {
        for _ in 0..<7 { http.enqueue(.failure(.timedOut)) }
        let task = start()
        for index in 0..<7 {
            await yieldUntil("backoff \(index)") { clock.waits(excludingWatchdog: Self.watchdog).count == index + 1 }
            clock.advance(by: 30)
        }
        task.cancel()
        #expect(await task.value == nil)
        #expect(clock.waits(excludingWatchdog: Self.watchdog) == [1, 2, 4, 8, 16, 30, 30])
    }

    @Test func conflictIsLoggedOncePerStreakAndRetried() async {
        let conflict = StubHTTPClient.Reply.refusal(409, "Conflict: terminated by other getUpdates request")
        http.enqueue(conflict, conflict, .ok("[]"), conflict)
        let task = start()
        for (index, expected) in [1.0, 2, 1].enumerated() {
            await yieldUntil("backoff \(index)") { clock.waits(excludingWatchdog: Self.watchdog).count == index + 1 }
            clock.advance(by: expected)
        }
        await yieldUntil("fifth poll") { http.requestCount == 5 }
        task.cancel()
        #expect(await task.value == nil)
        let conflictLines = logs.all.filter { $0.text.contains("another instance is polling this token") }
        #expect(conflictLines.count == 2)
        #expect(conflictLines.allSatisfy { $0.level == .error })
    }

    @Test(arguments: [401, 404])
    func refusedTokenStopsPollingWithUnauthorized(code: Int) async {
        http.enqueue(.refusal(code, code == 401 ? "Unauthorized" : "Not Found"))
        let task = start()
        #expect(await task.value == .unauthorized(code: code))
        #expect(http.requestCount == 1)
        #expect(logs.all.contains { $0.level == .critical })
        #expect(!logs.all.contains { $0.text.contains("SECRET") })
    }

    @Test func watchdogAbandonsAStuckPollAndRetries() async {
        http.enqueue(.hangUntilCancelled, .ok("[" + Self.privateText(20, "hi") + "]"))
        let task = start()
        await yieldUntil("stuck poll with its watchdog") { http.hangingCount == 1 && clock.manual.sleeperCount == 1 }
        clock.advance(by: Self.watchdog)
        await yieldUntil("backoff after the watchdog") { clock.waits(excludingWatchdog: Self.watchdog) == [1] }
        #expect(http.hangingCount == 0)
        clock.advance(by: 1)
        await yieldUntil("batch after retry") { batches.all.count == 1 }
        task.cancel()
        #expect(await task.value == nil)
        #expect(batches.all.first?.envelopes.map(\.key) == [20])
        #expect(logs.all.contains { $0.level == .warning && $0.text.contains("did not return in time") })
    }

    @Test func prepareIdentifiesTheBotAndRemovesTheWebhook() async throws {
        let http = StubHTTPClient([
            .ok(#"{"id":8000000001,"is_bot":true,"first_name":"RoastMeLater","username":"RoastMeLaterBot"}"#), .ok("true"),
        ])
        let identity = try await TelegramPoller.prepare(client: TelegramBotClient(token: BotToken("123:SECRET"), http: http))
        #expect(identity == BotIdentity(id: 8_000_000_001, username: "RoastMeLaterBot"))
        #expect(http.requests.map { $0.url.split(separator: "/").last.map(String.init) } == ["getMe", "deleteWebhook"])
        let body = try #require(JSONSerialization.jsonObject(with: Data(http.requests[1].body)) as? [String: Any])
        #expect(body["drop_pending_updates"] as? Bool == false)
    }
}
