import Foundation
import Logging
import RoastTesting
import Synchronization
import Testing

@testable import HTTPServing

/// The listener over real sockets, in this process, with limits small enough to reach: what it
/// refuses and how, what it holds, and that requests reach handlers only whole and only when their
/// route lets them in.
@Suite(.serialized)
struct HTTPServerTests {
    /// Keeps every log line.
    final class Lines: Sendable {
        private let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }

        func logger() -> Logger {
            var logger = Logger(label: "http-test") { _ in Handler(lines: self) }
            logger.logLevel = .trace
            return logger
        }

        fileprivate func append(_ line: String) { lines.withLock { $0.append(line) } }

        private struct Handler: LogHandler {
            let lines: Lines
            var metadata: Logger.Metadata = [:]
            var logLevel: Logger.Level = .trace
            subscript(metadataKey key: String) -> Logger.Metadata.Value? {
                get { metadata[key] }
                set { metadata[key] = newValue }
            }
            func log(event: LogEvent) {
                let all = metadata.merging(event.metadata ?? [:]) { $1 }
                lines.append(
                    "\(event.level) \(event.message) "
                        + all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))
            }
        }
    }

    /// What the handlers saw, and whether the slow one may answer.
    final class Seen: Sendable {
        let requests = Mutex<[ServedRequest]>([])
        let released = Mutex(false)
        var all: [ServedRequest] { requests.withLock { $0 } }
        func release() { released.withLock { $0 = true } }
    }

    /// A server with a `/hook` route (POST, a secret header screened before the body, bodies up to
    /// 1 KiB, echoed back) and a `/slow` route whose handler waits for `release`.
    struct Fixture {
        let server: HTTPServer
        let seen = Seen()
        let lines = Lines()

        /// The production limits, with head, idle and linger times no busy test machine outlasts: a
        /// test that is not about timeouts must not fail because its thread sent the head late, or read
        /// a refusal after the listener stopped lingering for it (the close would then be a reset).
        static var patientLimits: HTTPLimits {
            var limits = HTTPLimits()
            limits.headTimeout = 120
            limits.idleTimeout = 120
            limits.lingerTimeout = 120
            return limits
        }

        init(limits: HTTPLimits = Fixture.patientLimits, acceptor: Acceptor = .system) throws {
            let seen = seen
            let hook = HTTPRoute(
                maximumBodyBytes: 1_024,
                screen: { head in
                    guard head.method == "POST" else { return .methodNotAllowed("POST") }
                    return head.field("x-secret") == "open sesame" ? nil : .text(401, "unauthorized", refusal: "without the right secret")
                },
                handle: { request in
                    seen.requests.withLock { $0.append(request) }
                    return ServedResponse(status: 200, contentType: "text/plain", body: request.body)
                })
            let slow = HTTPRoute.get { request in
                seen.requests.withLock { $0.append(request) }
                // Until released, or the server cancels the handler (a sleep that throws at once
                // would otherwise spin a core for the rest of the test run).
                while !seen.released.withLock({ $0 }) {
                    do { try await Task.sleep(for: .milliseconds(5)) } catch { break }
                }
                return .text(200, "late")
            }
            server = try HTTPServer(
                name: "test", host: "127.0.0.1", port: 0, routes: ["/hook": hook, "/slow": slow], limits: limits, logger: lines.logger(),
                events: HTTPServerEvents(), acceptor: acceptor)
            server.start()
        }

        func open() async throws -> RawHTTPConnection {
            try #require(await RawHTTPConnection.open(port: server.port))
        }

        /// Waits until the statistics satisfy `condition` (the loop publishes after each turn).
        func statistics(within seconds: Double = 5, _ condition: (HTTPServerStatistics) -> Bool) async -> HTTPServerStatistics {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline, !condition(server.statistics) { try? await Task.sleep(for: .milliseconds(10)) }
            return server.statistics
        }
    }

    static func post(_ body: String, secret: String? = "open sesame", extra: String = "") -> String {
        "POST /hook HTTP/1.1\r\nHost: t\r\n" + (secret.map { "X-Secret: \($0)\r\n" } ?? "") + extra
            + "Content-Length: \(body.utf8.count)\r\n\r\n" + body
    }

    @Test func aRequestReachesItsHandlerWholeAndIsAnswered() async throws {
        let fixture = try Fixture()
        let connection = try await fixture.open()
        await connection.send(Self.post("{\"update_id\": 1}"))
        let answers = await connection.responses(1)
        #expect(answers.map(\.status) == [200])
        #expect(answers.first?.body == "{\"update_id\": 1}")
        #expect(answers.first?.headers["date"] != nil)
        #expect(fixture.seen.all.map(\.head.path) == ["/hook"])
        connection.close()
        #expect(await fixture.statistics { $0.connections == 0 }.bufferedBytes == 0)
        await fixture.server.stop()
    }

    /// Issue 25 §1: a head over its limit is answered 431 (414 for the request line) without waiting
    /// for the rest, and the connection ends; the handler never sees it.
    @Test(arguments: [(String(repeating: "a", count: 64 * 1_024), 431), (String(repeating: "b", count: 300), 431)])
    func aHeadOverItsLimitIsRefused(filler: String, status: Int) async throws {
        var limits = HTTPLimits()
        limits.headBytes = 256
        let fixture = try Fixture(limits: limits)
        let connection = try await fixture.open()
        await connection.send("POST /hook HTTP/1.1\r\nHost: t\r\nX-Filler: \(filler)\r\nContent-Length: 2\r\n\r\n{}")
        #expect(await connection.responses(1).map(\.status) == [status])
        #expect(await connection.closedByPeer(within: 5))
        let long = try await fixture.open()
        await long.send("GET /" + String(repeating: "x", count: 10_000) + " HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(await long.responses(1).map(\.status) == [414])
        #expect(fixture.seen.all.isEmpty)
        #expect(fixture.server.statistics.refusedByStatus[status] == 1)
        await fixture.server.stop()
    }

    /// Issue 25 §5: pipelined requests are answered in order, each after the one before; a refused
    /// one with a small body keeps the connection.
    @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
        let fixture = try Fixture()
        let connection = try await fixture.open()
        await connection.send(
            Self.post("one") + Self.post("forged", secret: "guess") + "GET /hook HTTP/1.1\r\nHost: t\r\n\r\n"
                + "GET /none HTTP/1.1\r\nHost: t\r\n\r\n"
                + Self.post("two") + Self.post("three", extra: "Connection: close\r\n"))
        let answers = await connection.responses(6)
        #expect(answers.map(\.status) == [200, 401, 405, 404, 200, 200])
        #expect(answers.filter { $0.status == 200 }.map(\.body) == ["one", "two", "three"])
        #expect(answers.last?.headers["connection"] == "close")
        #expect(await connection.closedByPeer(within: 5))
        #expect(fixture.seen.all.map { String(decoding: $0.body, as: UTF8.self) } == ["one", "two", "three"])
        await fixture.server.stop()
    }

    /// Issue 25 §2: refused requests — a flood of them — reach no handler and leave nothing behind.
    @Test func refusedRequestsReachNoHandlerAndHoldNothing() async throws {
        let fixture = try Fixture()
        let connections = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    let connection = try await fixture.open()
                    defer { connection.close() }
                    await connection.send(String(repeating: Self.post("{\"forged\": true}", secret: "guess"), count: 500))
                    return await connection.responses(500, timeout: 30).filter { $0.status == 401 }.count
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(connections == 2_000)
        let after = await fixture.statistics { $0.connections == 0 }
        #expect(after.connections == 0)
        #expect(after.bufferedBytes == 0)
        #expect(after.requestsInHandlers == 0)
        #expect(after.refusedByStatus[401] == 2_000)
        #expect(fixture.seen.all.isEmpty)
        // Issue 25 §4: one line for all of them, and their count when the listener stops.
        #expect(fixture.lines.all.filter { $0.contains("without the right secret") }.count == 1)
        await fixture.server.stop()
        let told = fixture.lines.all.filter { $0.contains("without the right secret") }
        #expect(told.count == 2)
        #expect(told.last?.contains("more=1999") == true, "\(told)")
    }

    /// Issue 25 §4: while refusals go on, their count is told once per interval, without waiting for
    /// the listener to stop.
    @Test func refusalsGoingOnAreCountedOncePerInterval() async throws {
        var limits = HTTPLimits()
        limits.logInterval = 0.5
        let fixture = try Fixture(limits: limits)
        let connection = try await fixture.open()
        defer { connection.close() }
        await connection.send(String(repeating: Self.post("{}", secret: "guess"), count: 50))
        #expect(await connection.responses(50).allSatisfy { $0.status == 401 })
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline, !fixture.lines.all.contains(where: { $0.contains("more of the same") }) {
            try await Task.sleep(for: .milliseconds(50))
        }
        let told = fixture.lines.all.filter { $0.contains("without the right secret") }
        #expect(told.count == 2, "the first at once, then the count at the interval's end: \(told)")
        #expect(told.last?.contains("more=49") == true, "\(told)")
        await fixture.server.stop()
        #expect(fixture.lines.all.filter { $0.contains("without the right secret") }.count == 2, "nothing left to tell at the stop")
    }

    /// Issue 25 §2: what strangers can make the listener hold is bounded by the head limit per
    /// connection: an unfinished head is held up to it, and one over it is refused and dropped.
    @Test func whatUnfinishedHeadsHoldIsBoundedByTheHeadLimit() async throws {
        var limits = Fixture.patientLimits
        limits.headBytes = 4_096
        limits.requestLineBytes = 1_024
        let fixture = try Fixture(limits: limits)
        let start = "POST /hook HTTP/1.1\r\nHost: t\r\nX-Filler: "
        var connections: [RawHTTPConnection] = []
        for _ in 0..<8 {
            let connection = try await fixture.open()
            await connection.send(start + String(repeating: "a", count: 3_000))
            connections.append(connection)
        }
        let held = await fixture.statistics { $0.bufferedBytes == 8 * (start.utf8.count + 3_000) }
        #expect(held.bufferedBytes == 8 * (start.utf8.count + 3_000), "each holds what it sent of its head")
        for connection in connections { await connection.send(String(repeating: "a", count: 100_000)) }
        for connection in connections { #expect(await connection.responses(1).map(\.status) == [431]) }
        let after = await fixture.statistics { $0.bufferedBytes == 0 }
        #expect(after.bufferedBytes == 0, "a refused head is dropped, and what follows it is not kept")
        #expect(fixture.seen.all.isEmpty)
        for connection in connections { connection.close() }
        await fixture.server.stop()
    }

    /// A body is read whole before the handler runs, and never more of it than the route takes.
    @Test func bodiesAreReadWithinTheRoutesLimit() async throws {
        let fixture = try Fixture()
        let connection = try await fixture.open()
        await connection.send(Self.post(String(repeating: "z", count: 2_000)))
        #expect(await connection.responses(1).map(\.status) == [413])
        let chunked = try await fixture.open()
        await chunked.send(
            "POST /hook HTTP/1.1\r\nHost: t\r\nX-Secret: open sesame\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n")
        #expect(await chunked.responses(1).map(\.body) == ["abcde"])
        await chunked.send(
            "POST /hook HTTP/1.1\r\nHost: t\r\nX-Secret: open sesame\r\nTransfer-Encoding: chunked\r\n\r\n800\r\n"
                + String(repeating: "y", count: 2_048))
        #expect(await chunked.responses(1).map(\.status) == [413])
        // Expect: 100-continue gets its interim answer only when the head is accepted.
        let waiting = try await fixture.open()
        await waiting.send("POST /hook HTTP/1.1\r\nHost: t\r\nX-Secret: open sesame\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n")
        #expect(await waiting.responses(1).map(\.status) == [100])
        await waiting.send("body")
        #expect(await waiting.responses(1).map(\.status) == [200])
        let refused = try await fixture.open()
        await refused.send("POST /hook HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n")
        #expect(await refused.responses(1).map(\.status) == [401])
        #expect(await refused.closedByPeer(within: 5))
        #expect(fixture.seen.all.map { String(decoding: $0.body, as: UTF8.self) } == ["abcde", "body"])
        await fixture.server.stop()
    }

    /// Issue 25 §3: a head or body that does not arrive in time is answered 408; a connection that
    /// sends nothing is closed; a handler that does not answer in time is answered 503.
    @Test func slowClientsAndSlowHandlersRunOutOfTime() async throws {
        var limits = HTTPLimits()
        limits.headTimeout = 0.3
        limits.bodyTimeout = 0.3
        limits.handlerTimeout = 0.3
        let fixture = try Fixture(limits: limits)
        let silent = try await fixture.open()
        let partial = try await fixture.open()
        await partial.send("POST /hook HTTP/1.1\r\nHost: t\r\n")
        let body = try await fixture.open()
        await body.send("POST /hook HTTP/1.1\r\nHost: t\r\nX-Secret: open sesame\r\nContent-Length: 10\r\n\r\nabc")
        let slow = try await fixture.open()
        await slow.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(await silent.closedByPeer(within: 5))
        #expect(await partial.responses(1).map(\.status) == [408])
        #expect(await body.responses(1).map(\.status) == [408])
        #expect(await slow.responses(1).map(\.status) == [503])
        fixture.seen.release()
        #expect(await fixture.statistics { $0.requestsInHandlers == 0 }.requestsInHandlers == 0)
        await fixture.server.stop()
    }

    /// Issue 25 §3: at the connection limit the connection idle the longest makes room; when all are
    /// busy with requests the newcomer is refused 503. Either way it is counted.
    @Test func theConnectionLimitClosesTheIdlestOrRefusesTheNewcomer() async throws {
        var limits = HTTPLimits()
        limits.connections = 4
        let fixture = try Fixture(limits: limits)
        var idle: [RawHTTPConnection] = []
        for _ in 0..<10 { idle.append(try await fixture.open()) }
        let held = await fixture.statistics { $0.connectionsShed >= 6 }
        #expect(held.connections <= 4)
        #expect(held.connectionsShed == 6)
        let real = try await fixture.open()
        await real.send(Self.post("served"))
        #expect(await real.responses(1).map(\.body) == ["served"])
        #expect(await idle[0].closedByPeer(within: 5), "the oldest idle one was closed")

        // Four requests with a handler: none can be closed; a fifth connection is turned away.
        var busy: [RawHTTPConnection] = []
        for _ in 0..<4 {
            let connection = try await fixture.open()
            await connection.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
            busy.append(connection)
        }
        _ = await fixture.statistics { $0.requestsInHandlers == 4 }
        let turnedAway = try await fixture.open()
        #expect(await turnedAway.responses(1).map(\.status) == [503])
        fixture.seen.release()
        for connection in busy { #expect(await connection.responses(1).map(\.status) == [200]) }
        #expect(fixture.lines.all.filter { $0.contains("connection limit") }.count == 1)
        await fixture.server.stop()
    }

    /// Whether `accept` fails as if the process were out of descriptors.
    final class DescriptorShortage: Sendable {
        private let short = Mutex(false)
        private let calls = Mutex(0)
        var isShort: Bool {
            get { short.withLock { $0 } }
            set { short.withLock { $0 = newValue } }
        }

        /// The system's `accept`, failing with EMFILE while ``isShort``.
        var acceptor: Acceptor {
            Acceptor { [self] listener in isShort ? .failure(Acceptor.AcceptError(code: EMFILE)) : Acceptor.system.accept(listener) }
        }

        /// The system's `accept`, failing with EMFILE every other call: a process at its limit, where
        /// each newcomer finds no descriptor until an idle connection gives one back.
        var acceptorAtTheLimit: Acceptor {
            Acceptor { [self] listener in
                let call = calls.withLock { calls in
                    defer { calls += 1 }
                    return calls
                }
                return call.isMultiple(of: 2) ? .failure(Acceptor.AcceptError(code: EMFILE)) : Acceptor.system.accept(listener)
            }
        }
    }

    /// Issue 25 §3: at the open-file limit `accept` fails; the webhook listener once stopped for good
    /// and said nothing. It gives up an idle connection's descriptor to make room, says once why it
    /// cannot accept, shows it in its statistics (which `/healthz` reads), and takes the waiting
    /// connections as soon as it can again.
    @Test func outOfDescriptorsTheListenerMakesRoomSaysSoAndRecovers() async throws {
        let shortage = DescriptorShortage()
        var limits = HTTPLimits()
        limits.headTimeout = 60
        let fixture = try Fixture(limits: limits, acceptor: shortage.acceptor)
        let idle = [try await fixture.open(), try await fixture.open()]
        _ = await fixture.statistics { $0.connections == 2 }

        shortage.isShort = true
        let waiting = try await fixture.open()
        await waiting.send(Self.post("served"))
        let failing = await fixture.statistics { $0.acceptFailure != nil && $0.connectionsShed > 0 }
        #expect(failing.acceptFailure?.reason == String(cString: strerror(EMFILE)))
        #expect(failing.connectionsShed > 0, "an idle connection gives up its descriptor")
        #expect(await idle[0].closedByPeer(within: 5), "the oldest idle one first")
        try await Task.sleep(for: .milliseconds(600))
        #expect(fixture.lines.all.filter { $0.contains("cannot accept connections") }.count == 1, "said once, not per retry")
        #expect(fixture.lines.all.first { $0.contains("cannot accept connections") }?.contains("Too many open files") == true)

        shortage.isShort = false
        #expect(await waiting.responses(1).map(\.body) == ["served"], "the waiting connection is served once it can be")
        #expect(await fixture.statistics { $0.acceptFailure == nil }.acceptFailure == nil)
        #expect(fixture.lines.all.filter { $0.contains("accepting connections again") }.count == 1)
        await fixture.server.stop()
    }

    /// Issue 25 §3 and §4: at the limit, each newcomer meets the shortage and an idle connection's
    /// descriptor ends it: a start and an end per connection, told once per interval with a count,
    /// not two lines a connection.
    @Test func aShortageEachNewcomerMeetsIsToldOncePerInterval() async throws {
        let shortage = DescriptorShortage()
        var limits = HTTPLimits()
        limits.headTimeout = 60
        let fixture = try Fixture(limits: limits, acceptor: shortage.acceptorAtTheLimit)
        var connections: [RawHTTPConnection] = []
        for _ in 0..<20 { connections.append(try await fixture.open()) }
        #expect(connections.count == 20)
        let taken = await fixture.statistics(within: 20) { $0.connections + $0.connectionsShed == 20 && $0.acceptFailure == nil }
        #expect(taken.connections + taken.connectionsShed == 20, "every newcomer was taken")
        #expect(taken.connectionsShed >= 5, "newcomers took idle connections' places: \(taken.connectionsShed)")
        #expect(taken.acceptFailure == nil, "the shortage is seen to end")
        #expect(fixture.lines.all.filter { $0.contains("cannot accept connections") }.count == 1)
        #expect(fixture.lines.all.filter { $0.contains("accepting connections again") }.count == 1)
        for connection in connections { connection.close() }
        await fixture.server.stop()
        let told = fixture.lines.all.filter { $0.contains("cannot accept connections") }
        #expect(told.count == 2 && told.last?.contains("more=") == true, "the rest counted: \(told)")
    }

    /// Stopping lets a request under way finish (its answer closes the connection), then ends.
    @Test func stoppingLetsARequestUnderWayFinish() async throws {
        let fixture = try Fixture()
        let connection = try await fixture.open()
        await connection.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
        _ = await fixture.statistics { $0.requestsInHandlers == 1 }
        async let stopped: Void = fixture.server.stop(timeout: 5)
        try await Task.sleep(for: .milliseconds(100))
        fixture.seen.release()
        let answers = await connection.responses(1)
        #expect(answers.map(\.status) == [200])
        #expect(answers.first?.headers["connection"] == "close")
        await stopped
        #expect(await RawHTTPConnection.open(port: fixture.server.port, timeout: 1) == nil, "no longer listening")
    }
}
