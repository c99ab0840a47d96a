import FlyingFox
import Foundation
import Synchronization

/// A fake Discord gateway on 127.0.0.1 for end-to-end tests: `GET /api/v10/gateway/bot` and the
/// WebSocket gateway, with Discord's rules checked (research §6) — the `v=10&encoding=json` query,
/// heartbeat timing and `d`, Identify's token, intents and properties, one
/// Identify per connection (4005), nothing before it (4003), `max_concurrency`, the session start
/// budget, payloads of at most 4,096 bytes (4002) and 120 per minute (4008) — and sessions that
/// resume on a different path (`resume_gateway_url`) with the missed dispatches replayed, then
/// RESUMED. A check the bot fails is a ``violations`` entry (and, where Discord would, a close).
///
/// Its rules follow discord/discord-api-docs @ c98d64bc2338 (`events/gateway.mdx`, `events/gateway-events.mdx`,
/// `topics/opcodes-and-status-codes.mdx`), as the fake REST API does.
///
/// Tests script the server's side (dispatches, op 7, op 9, op 1, closes, drops, silent ACKs) and read
/// what the bot did (``identifies``, ``resumes``, ``heartbeats``, ``deliveries``, ``connections``).
///
/// Serve it alone with ``start()``, or add its routes to a server shared with the fake REST API with
/// ``appendRoutes(to:)`` and ``setListeningPort(_:)`` — ``FakeDiscord`` does that.
public final class FakeDiscordGateway: Sendable {
    public let token: String
    /// The path of the URL `GET /gateway/bot` gives; resumes must go to ``resumePath`` instead.
    public let gatewayPath: String
    public let resumePath: String

    let state: Mutex<FakeDiscordGatewayState>
    private let running = Mutex<Running?>(nil)
    private let monitor = Mutex<Task<Void, Never>?>(nil)

    private struct Running: Sendable {
        var server: HTTPServer
        var task: Task<Void, any Error>
    }

    public enum StartError: Error {
        case alreadyStarted
        case noListeningPort
    }

    public init(
        token: String = "fake-discord-bot-token", configuration: FakeDiscordGatewayConfiguration = FakeDiscordGatewayConfiguration(),
        botUserID: String = "1100000000000000001", botUsername: String = "RoastMeLater", applicationID: String = "1100000000000000001",
        gatewayPath: String = "/gateway", resumePath: String = "/gateway-resume"
    ) {
        self.token = token
        self.gatewayPath = gatewayPath
        self.resumePath = resumePath
        state = Mutex(
            FakeDiscordGatewayState(
                token: token, botUserID: botUserID, botUsername: botUsername, applicationID: applicationID, gatewayPath: gatewayPath,
                resumePath: resumePath,
                configuration: configuration))
    }

    // MARK: - Lifecycle

    /// Serves on a free port of 127.0.0.1, alone.
    public func start() async throws {
        guard running.withLock({ $0 == nil }) else { throw StartError.alreadyStarted }
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 60, logger: .disabled)
        await appendRoutes(to: server)
        let task = Task { try await server.run() }
        try await server.waitUntilListening(timeout: 60)
        guard case .ip4(_, let port)? = await server.listeningAddress else {
            task.cancel()
            throw StartError.noListeningPort
        }
        setListeningPort(port)
        running.withLock { $0 = Running(server: server, task: task) }
    }

    /// Adds `GET /api/v10/gateway/bot` and the two WebSocket paths to `server` (which may serve other
    /// fakes' routes too), and starts the heartbeat monitor. Call ``setListeningPort(_:)`` once it listens.
    public func appendRoutes(to server: HTTPServer) async {
        await server.appendRoute("GET /api/v10/gateway/bot") { [weak self] request in
            guard let self else { return HTTPResponse(statusCode: .serviceUnavailable) }
            return self.gatewayBot(request)
        }
        for path in [gatewayPath, resumePath] {
            await server.appendRoute(HTTPRoute("GET \(path)")) { [weak self] request in
                guard let self else { return HTTPResponse(statusCode: .serviceUnavailable) }
                let query = Dictionary(request.query.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
                let handler = FakeDiscordGatewaySocket(gateway: self, path: path, query: query)
                return try await WebSocketHTTPHandler(handler: handler).handleRequest(request)
            }
        }
        startMonitor()
    }

    /// The port the shared server listens on, for the URLs the fake hands out.
    public func setListeningPort(_ port: UInt16) {
        state.withLock { $0.port = port }
    }

    /// Stops serving (when started alone) and drops every connection.
    public func stop() async {
        monitor.withLock { task in
            task?.cancel()
            task = nil
        }
        state.withLock { state in
            for id in state.openConnectionIDs { state.drop(id) }
        }
        guard
            let current = running.withLock({ value -> Running? in
                defer { value = nil }
                return value
            })
        else { return }
        await current.server.stop(timeout: 0)
        current.task.cancel()
    }

    /// `http://127.0.0.1:PORT/api/v10`: the REST base the gateway URL is asked from.
    public var apiBaseURL: String { "http://127.0.0.1:\(state.withLock { $0.port })/api/v10" }
    /// What `GET /gateway/bot` answers as `url`.
    public var gatewayURL: String { state.withLock { $0.baseURL + gatewayPath } }
    /// What READY gives as `resume_gateway_url`.
    public var resumeURL: String { state.withLock { $0.baseURL + resumePath } }

    // MARK: - Configuration

    public var configuration: FakeDiscordGatewayConfiguration {
        get { state.withLock { $0.configuration } }
        set { state.withLock { $0.configuration = newValue } }
    }

    /// False: heartbeats go unacknowledged (a zombie connection, as the bot sees it).
    public var acknowledgesHeartbeats: Bool {
        get { state.withLock { $0.acknowledgesHeartbeats } }
        set { state.withLock { $0.acknowledgesHeartbeats = newValue } }
    }

    /// The next Identify (after the token check) is answered by closing with `code` (4004, 4013, 4014…).
    public func closeNextIdentify(withCode code: Int) {
        state.withLock { $0.scriptedIdentifyCloses.append(code) }
    }

    // MARK: - The server's side

    /// Sends a dispatch in the current session (the last one READY started); a dispatch sent while
    /// the session has no connection waits in its log for a resume. Returns its sequence number.
    @discardableResult
    public func dispatch(_ name: String, _ data: String) -> Int? {
        let now = ContinuousClock.now
        return state.withLock { state in
            guard let session = state.currentSessionID else { return nil }
            return state.dispatch(name, data, session: session, now: now)
        }
    }

    /// Op 7 on every live connection: the bot should reconnect and resume.
    public func requestReconnect() {
        state.withLock { state in
            for id in state.liveConnectionIDs { state.write(#"{"op":7,"d":null,"s":null,"t":null}"#, to: id) }
        }
    }

    /// Op 1 on every open connection: the bot should heartbeat at once.
    public func requestHeartbeat() {
        let now = ContinuousClock.now
        state.withLock { state in
            for id in state.openConnectionIDs {
                state.connections[id]?.heartbeatRequestedAt = now
                state.write(#"{"op":1,"d":null,"s":null,"t":null}"#, to: id)
            }
        }
    }

    /// Op 9 on every live connection. Not resumable: the session ends.
    public func invalidateSession(resumable: Bool) {
        state.withLock { state in
            for id in state.liveConnectionIDs {
                if !resumable, let session = state.connections[id]?.sessionID { state.sessions[session]?.isValid = false }
                state.write(#"{"op":9,"d":\#(resumable),"s":null,"t":null}"#, to: id)
            }
        }
    }

    /// Closes every open connection with `code`. 4007, 4009 and the final codes end the session too.
    public func closeConnections(code: Int) {
        state.withLock { state in
            for id in state.openConnectionIDs {
                if [4007, 4009, 4004, 4010, 4011, 4012, 4013, 4014].contains(code), let session = state.connections[id]?.sessionID {
                    state.sessions[session]?.isValid = false
                }
                state.close(id, code: code)
            }
        }
    }

    /// Closes every open connection's TCP without a close frame.
    public func dropConnections() {
        state.withLock { state in
            for id in state.openConnectionIDs { state.drop(id) }
        }
    }

    /// Every session becomes stale: a Resume now gets op 9 `false`.
    public func expireSessions() {
        state.withLock { state in
            for id in state.sessions.keys { state.sessions[id]?.isValid = false }
        }
    }

    // MARK: - Inspection

    public var connections: [FakeGatewayConnection] { state.withLock { $0.records } }
    public var identifies: [FakeGatewayIdentify] { state.withLock { $0.identifies } }
    public var resumes: [FakeGatewayResume] { state.withLock { $0.resumes } }
    public var heartbeats: [FakeGatewayHeartbeat] { state.withLock { $0.heartbeats } }
    /// Every dispatch written, in order, replays included.
    public var deliveries: [FakeGatewayDelivery] { state.withLock { $0.deliveries } }
    /// Rules of the gateway the bot broke, in order; empty when it behaved.
    public var violations: [String] { state.withLock { $0.violations } }
    public var gatewayBotRequests: Int { state.withLock { $0.gatewayBotRequests } }
    /// Session starts left (`session_start_limit.remaining`).
    public var remainingSessionStarts: Int { state.withLock { $0.configuration.sessionStartRemaining } }
    /// The session the last READY started.
    public var currentSessionID: String? { state.withLock { $0.currentSessionID } }
    /// Connections open right now that identified or resumed.
    public var liveConnectionCount: Int { state.withLock { $0.liveConnectionIDs.count } }
    public var openConnectionCount: Int { state.withLock { $0.openConnectionIDs.count } }

    /// Waits until `condition` holds, checking every 10 ms; false if `timeout` passes first.
    public func waitFor(timeout: Duration = .seconds(10), _ condition: @Sendable () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            do { try await Task.sleep(for: .milliseconds(10)) } catch { return condition() }
        }
        return true
    }

    // MARK: - Serving

    private func gatewayBot(_ request: HTTPRequest) -> HTTPResponse {
        let headers: HTTPHeaders = [.contentType: "application/json", .connection: "close"]
        guard request.headers[HTTPHeader("Authorization")] == "Bot \(token)" else {
            return HTTPResponse(
                statusCode: .unauthorized, headers: headers, body: Data(#"{"message": "401: Unauthorized", "code": 0}"#.utf8))
        }
        let body = state.withLock { state in
            state.gatewayBotRequests += 1
            let configuration = state.configuration
            return """
                {"url":"\(state.baseURL)\(gatewayPath)","shards":\(configuration.shards),"session_start_limit":\
                {"total":\(configuration.sessionStartTotal),"remaining":\(configuration.sessionStartRemaining),\
                "reset_after":\(configuration.sessionStartResetAfterMilliseconds),"max_concurrency":\(configuration.maxConcurrency)}}
                """
        }
        return HTTPResponse(statusCode: .ok, headers: headers, body: Data(body.utf8))
    }

    private func startMonitor() {
        let task = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(50))
                guard let self else { return }
                let now = ContinuousClock.now
                self.state.withLock { $0.checkHeartbeats(now: now) }
            }
        }
        monitor.withLock { previous in
            previous?.cancel()
            previous = task
        }
    }
}
