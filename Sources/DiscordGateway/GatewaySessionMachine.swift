import DiscordAPI
import Foundation
import Logging
import Timekeeping

/// The gateway session without I/O or clocks: inputs (a connection opened, a payload, a close, the
/// clock reaching ``nextDeadline``) go in with the current uptime and a random generator; actions
/// (connect, send, close, emit an event) come out. ``DiscordGatewaySession`` performs them.
///
/// Every connection has a generation number; inputs from an older connection are ignored, so a
/// stale socket's close can never disturb the live one (the cause of one bot's 276,379 connections
/// in a day, research §7).
///
/// Sources: discord-api-docs `events/gateway.mdx` (connection lifecycle, heartbeats, resuming, rate
/// limits) and `events/gateway-events.mdx` (payloads).
struct GatewaySessionMachine {
    typealias Generation = Int

    enum Input: Sendable, Hashable {
        case start
        case gatewayBot(DiscordGatewayBot)
        case gatewayBotFailed(String)
        case connected(Generation)
        case connectFailed(Generation, String)
        case received(Generation, Data)
        /// The server closed the connection with this code, or it dropped (nil).
        case closed(Generation, code: Int?)
        /// The clock reached ``nextDeadline``.
        case tick
        /// A command from the application (already checked to fit 4,096 bytes).
        case command(Data)
        case stop
    }

    enum Action: Sendable, Hashable {
        case fetchGatewayBot
        case connect(Generation, url: String)
        case send(Generation, Data)
        case close(Generation, code: Int)
        case emit(GatewayEvent)
        case log(Logger.Level, String)
        /// The session is over: stopped (nil) or ended by a final close code.
        case finish(GatewayFinalError?)
    }

    /// Why a connection is opened.
    enum Goal: Sendable, Hashable {
        case identify
        case resume
    }

    struct Session: Sendable, Hashable {
        var id: String
        var resumeURL: String
    }

    /// One connection, from connecting to its end.
    struct Link: Sendable, Hashable {
        enum Stage: Sendable, Hashable {
            case connecting
            case awaitingHello(deadline: Duration)
            /// Identify or Resume sent; READY or RESUMED awaited.
            case handshaking
            case live
        }

        let generation: Generation
        let goal: Goal
        var stage: Stage = .connecting
        var heartbeatInterval: Duration?
        var nextHeartbeat: Duration?
        var awaitingACK = false
        var limiter: GatewaySendLimiter
        /// When a queued command may go, if the send limit holds one back.
        var commandRetryAt: Duration?
    }

    enum Phase: Sendable, Hashable {
        case idle
        case fetchingGatewayBot
        /// Waiting for a backoff, the invalid-session delay or the identify budget, then an attempt.
        case waiting(until: Duration, then: Goal)
        case linked(Link)
        case finished
    }

    /// Close code for connections the client leaves to reconnect: any code but 1000/1001 keeps the
    /// session resumable (gateway.mdx "Disconnections").
    static let reconnectCloseCode = 4000
    /// Close code for a deliberate stop: the session ends and the bot shows offline at once.
    static let stopCloseCode = 1000

    let configuration: GatewayConfiguration
    private(set) var phase: Phase = .idle
    private(set) var session: Session?
    /// The last non-null `s` received in the session: heartbeats and Resume carry it.
    private(set) var sequence: Int?
    private(set) var gatewayBot: DiscordGatewayBot?
    private(set) var budget: IdentifyBudget?
    private var gatewayBotIsStale = false
    private var generation: Generation = 0
    private var consecutiveFailures = 0
    private(set) var failedResumes = 0
    private var connectFailuresOnGatewayURL = 0
    private var commands: [Data] = []
    private let backoff: GatewayBackoff

    init(configuration: GatewayConfiguration) {
        self.configuration = configuration
        backoff = GatewayBackoff(base: configuration.backoffBase, maximum: configuration.maximumBackoff)
    }

    /// When the machine next needs a ``Input/tick``.
    var nextDeadline: Duration? {
        switch phase {
        case .waiting(let until, _): return until
        case .linked(let link):
            var deadlines: [Duration] = []
            if case .awaitingHello(let deadline) = link.stage { deadlines.append(deadline) }
            if let beat = link.nextHeartbeat { deadlines.append(beat) }
            if let retry = link.commandRetryAt { deadlines.append(retry) }
            return deadlines.min()
        case .idle, .fetchingGatewayBot, .finished: return nil
        }
    }

    mutating func handle(_ input: Input, now: Duration, using generator: inout some RandomNumberGenerator) -> [Action] {
        var actions: [Action] = []
        switch input {
        case .start:
            guard phase == .idle else { break }
            fetchGatewayBot(into: &actions)
        case .gatewayBot(let info):
            guard phase == .fetchingGatewayBot else { break }
            learn(info, now: now, into: &actions)
            attempt(.identify, now: now, using: &generator, into: &actions)
        case .gatewayBotFailed(let message):
            guard phase == .fetchingGatewayBot else { break }
            actions.append(.log(.warning, "GET /gateway/bot failed: \(message)"))
            consecutiveFailures += 1
            if gatewayBot != nil {
                // Go on with the numbers already known (counted down locally); ask again next time.
                attempt(.identify, now: now, refreshing: false, using: &generator, into: &actions)
            } else {
                let seconds = backoff.delay(afterFailures: consecutiveFailures, using: &generator)
                wait(.identify, seconds: seconds, now: now)
                actions.append(.emit(.stateChanged(.disconnected(.connectFailed(message), willResume: false, retryAfter: seconds))))
            }
        case .connected(let connected):
            guard case .linked(var link) = phase, link.generation == connected, link.stage == .connecting else {
                actions.append(.close(connected, code: Self.stopCloseCode))
                break
            }
            link.stage = .awaitingHello(deadline: now + .seconds(configuration.helloTimeout))
            phase = .linked(link)
        case .connectFailed(let failed, let message):
            guard case .linked(let link) = phase, link.generation == failed else { break }
            connectFailed(link, message: message, now: now, using: &generator, into: &actions)
        case .received(let from, let data):
            guard case .linked(let link) = phase, link.generation == from else { break }
            guard let message = GatewayMessage(data) else {
                actions.append(.log(.warning, "Ignored a gateway payload that is not a gateway JSON object (\(data.count) bytes)"))
                break
            }
            receive(message, on: link, now: now, using: &generator, into: &actions)
        case .closed(let from, let code):
            guard case .linked(let link) = phase, link.generation == from else { break }
            closed(link, code: code, now: now, using: &generator, into: &actions)
        case .tick:
            tick(now: now, using: &generator, into: &actions)
        case .command(let payload):
            guard phase != .finished else { break }
            commands.append(payload)
            if case .linked(var link) = phase, link.stage == .live {
                flushCommands(&link, now: now, into: &actions)
                phase = .linked(link)
            }
        case .stop:
            if case .linked(let link) = phase {
                actions.append(.close(link.generation, code: Self.stopCloseCode))
            }
            phase = .finished
            actions.append(.finish(nil))
        }
        return actions
    }

    // MARK: - Attempts

    private mutating func fetchGatewayBot(into actions: inout [Action]) {
        phase = .fetchingGatewayBot
        actions.append(.fetchGatewayBot)
        actions.append(.emit(.stateChanged(.fetchingGatewayBot)))
    }

    private mutating func learn(_ info: DiscordGatewayBot, now: Duration, into actions: inout [Action]) {
        if info.shards > 1, gatewayBot?.shards != info.shards {
            // One connection serves every server until Discord requires sharding (2,500 servers), which it
            // says with close 4011 (final).
            actions.append(.log(.warning, "Discord recommends \(info.shards) shards; this bot runs one gateway connection"))
        }
        gatewayBot = info
        gatewayBotIsStale = false
        if budget == nil {
            budget = IdentifyBudget(info.sessionStartLimit, now: now, margin: .seconds(configuration.identifySpacingMargin))
        } else {
            budget?.update(info.sessionStartLimit, now: now)
        }
    }

    /// Opens a connection for `goal` now, or waits for what stands in the way (the gateway URL, a
    /// stale budget — unless `refreshing` is false because asking just failed —, the identify budget).
    private mutating func attempt(
        _ goal: Goal, now: Duration, refreshing: Bool = true, using generator: inout some RandomNumberGenerator,
        into actions: inout [Action]
    ) {
        if goal == .resume, let session {
            connect(.resume, url: session.resumeURL, into: &actions)
            return
        }
        guard let gatewayBot, let budget else {
            fetchGatewayBot(into: &actions)
            return
        }
        let age = (now - budget.learnedAt).seconds
        if refreshing, gatewayBotIsStale || age > configuration.gatewayBotMaximumAge {
            fetchGatewayBot(into: &actions)
            return
        }
        switch budget.availability(now: now) {
        case .now:
            connect(.identify, url: gatewayBot.url, into: &actions)
        case .after(let time):
            phase = .waiting(until: time, then: .identify)
            actions.append(.emit(.stateChanged(.waitingForIdentifyBudget(seconds: (time - now).seconds))))
        case .exhausted(let until):
            guard until > now else {
                fetchGatewayBot(into: &actions)
                return
            }
            phase = .waiting(until: until, then: .identify)
            gatewayBotIsStale = true
            let seconds = (until - now).seconds
            actions.append(
                .log(
                    .error,
                    "Discord's session start limit is spent (\(gatewayBot.sessionStartLimit.total) per period): waiting \(Int(seconds.rounded(.up))) s for it to reset rather than risk a token reset"
                ))
            actions.append(.emit(.stateChanged(.waitingForIdentifyBudget(seconds: seconds))))
        }
    }

    private mutating func connect(_ goal: Goal, url: String, into actions: inout [Action]) {
        generation += 1
        let limiter = GatewaySendLimiter(
            limit: configuration.sendLimit, window: .seconds(configuration.sendWindow), reserve: configuration.sendReserve)
        phase = .linked(Link(generation: generation, goal: goal, limiter: limiter))
        actions.append(.emit(.stateChanged(.connecting(resuming: goal == .resume))))
        actions.append(.connect(generation, url: GatewayURL.connectURL(url)))
    }

    private mutating func wait(_ goal: Goal, seconds: Double, now: Duration) {
        phase = .waiting(until: now + .seconds(seconds), then: goal)
    }

    /// Ends `link` (closing it when `closeCode` is given) and schedules the next attempt.
    private mutating func reconnect(
        _ link: Link, reason: GatewayDisconnectReason, closeCode: Int?, failure: Bool, delay: Double? = nil, now: Duration,
        using generator: inout some RandomNumberGenerator, into actions: inout [Action]
    ) {
        if let closeCode { actions.append(.close(link.generation, code: closeCode)) }
        if failure { consecutiveFailures += 1 }
        if session != nil, link.goal == .resume, link.stage != .live, failure {
            failedResumes += 1
        }
        if session != nil, failedResumes >= configuration.resumeFailureLimit {
            actions.append(.log(.warning, "\(failedResumes) resumes in a row failed: starting a new session instead"))
            dropSession()
        }
        let goal: Goal = session == nil ? .identify : .resume
        let seconds = delay ?? backoff.delay(afterFailures: consecutiveFailures, using: &generator)
        wait(goal, seconds: seconds, now: now)
        actions.append(.emit(.stateChanged(.disconnected(reason, willResume: goal == .resume, retryAfter: seconds))))
        actions.append(
            .log(
                .info,
                "Gateway connection ended (\(Self.describe(reason))); \(goal == .resume ? "resuming" : "identifying") in \(Self.format(seconds)) s"
            ))
    }

    private mutating func dropSession() {
        session = nil
        sequence = nil
        failedResumes = 0
    }

    private mutating func connectFailed(
        _ link: Link, message: String, now: Duration, using generator: inout some RandomNumberGenerator, into actions: inout [Action]
    ) {
        if link.goal == .identify {
            connectFailuresOnGatewayURL += 1
            if connectFailuresOnGatewayURL >= configuration.connectFailuresBeforeRefresh {
                // "Fetch it again only when the cached URL fails" (gateway.mdx).
                gatewayBotIsStale = true
                connectFailuresOnGatewayURL = 0
            }
        }
        reconnect(link, reason: .connectFailed(message), closeCode: nil, failure: true, now: now, using: &generator, into: &actions)
    }

    private mutating func closed(
        _ link: Link, code: Int?, now: Duration, using generator: inout some RandomNumberGenerator, into actions: inout [Action]
    ) {
        let reason: GatewayDisconnectReason = code.map { .closed(code: $0) } ?? .dropped
        switch GatewayCloseAction(closeCode: code, intents: configuration.intents) {
        case .final(let error):
            phase = .finished
            actions.append(.emit(.stateChanged(.disconnected(reason, willResume: false, retryAfter: 0))))
            actions.append(.log(.critical, error.operatorMessage))
            actions.append(.finish(error))
        case .identify:
            dropSession()
            reconnect(link, reason: reason, closeCode: nil, failure: true, now: now, using: &generator, into: &actions)
        case .resume:
            reconnect(link, reason: reason, closeCode: nil, failure: true, now: now, using: &generator, into: &actions)
        }
    }

    // MARK: - Payloads

    private mutating func receive(
        _ message: GatewayMessage, on link: Link, now: Duration, using generator: inout some RandomNumberGenerator,
        into actions: inout [Action]
    ) {
        var link = link
        switch GatewayOpcode(rawValue: message.opcode) {
        case .hello:
            guard case .awaitingHello = link.stage else {
                actions.append(.log(.debug, "Ignored a second Hello"))
                return
            }
            guard let hello = try? JSONDecoder().decode(GatewayPayloads.Hello.self, from: message.data), hello.heartbeatInterval > 0 else {
                actions.append(.log(.warning, "Hello without a heartbeat interval"))
                return reconnect(
                    link, reason: .helloTimeout, closeCode: Self.reconnectCloseCode, failure: true, now: now, using: &generator,
                    into: &actions)
            }
            let interval = Duration.milliseconds(hello.heartbeatInterval)
            link.heartbeatInterval = interval
            // The first beat after interval × jitter, jitter in [0, 1) (gateway.mdx "Sending Heartbeats").
            link.nextHeartbeat = now + interval * Double.random(in: 0..<1, using: &generator)
            handshake(&link, now: now, into: &actions)
            if case .linked = phase { phase = .linked(link) }
        case .heartbeatACK:
            link.awaitingACK = false
            if link.stage == .live { consecutiveFailures = 0 }
            phase = .linked(link)
        case .heartbeat:
            // The server asks for a beat now; the regular schedule goes on.
            sendHeartbeat(&link, now: now, into: &actions)
            phase = .linked(link)
        case .reconnect:
            reconnect(
                link, reason: .reconnectRequested, closeCode: Self.reconnectCloseCode, failure: false, delay: 0, now: now,
                using: &generator,
                into: &actions)
        case .invalidSession:
            let resumable = String(decoding: message.data, as: UTF8.self).trimmingCharacters(in: .whitespaces) == "true"
            if resumable, session != nil {
                reconnect(
                    link, reason: .invalidSession(resumable: true), closeCode: Self.reconnectCloseCode, failure: true, now: now,
                    using: &generator, into: &actions)
            } else {
                dropSession()
                let delay = Double.random(in: configuration.invalidSessionDelay, using: &generator)
                reconnect(
                    link, reason: .invalidSession(resumable: resumable), closeCode: Self.reconnectCloseCode, failure: true, delay: delay,
                    now: now, using: &generator, into: &actions)
            }
        case .dispatch:
            dispatch(message, link: &link, now: now, into: &actions)
            if case .linked = phase { phase = .linked(link) }
        default:
            actions.append(.log(.debug, "Ignored gateway opcode \(message.opcode)"))
        }
    }

    /// Sends Identify (spending the budget) or Resume, after Hello.
    private mutating func handshake(_ link: inout Link, now: Duration, into actions: inout [Action]) {
        let payload: Data
        if link.goal == .resume, let session {
            payload = GatewayPayloads.encode(
                .resume, GatewayPayloads.Resume(token: configuration.token, sessionID: session.id, seq: sequence ?? 0))
            actions.append(.emit(.stateChanged(.resuming)))
        } else {
            guard budget?.availability(now: now) == .now else {
                // Cannot happen when the attempt checked the budget; never identify past it regardless.
                actions.append(.log(.error, "Identify budget changed before Hello: not identifying on this connection"))
                actions.append(.close(link.generation, code: Self.reconnectCloseCode))
                phase = .waiting(until: now + IdentifyBudget.discordWindow, then: .identify)
                return
            }
            budget?.spend(now: now)
            let identify = GatewayPayloads.Identify(
                token: configuration.token, properties: configuration.properties, intents: configuration.intents)
            payload = GatewayPayloads.encode(.identify, identify)
            actions.append(.emit(.stateChanged(.identifying)))
        }
        _ = link.limiter.record(.session, now: now)
        actions.append(.send(link.generation, payload))
        link.stage = .handshaking
    }

    private mutating func dispatch(_ message: GatewayMessage, link: inout Link, now: Duration, into actions: inout [Action]) {
        guard let name = message.type, let sequence = message.sequence else {
            actions.append(.log(.warning, "Ignored a dispatch without a name or sequence"))
            return
        }
        if let last = self.sequence, sequence <= last {
            actions.append(.log(.debug, "Dropped dispatch \(name) s=\(sequence): already delivered (last s=\(last))"))
            return
        }
        self.sequence = sequence
        actions.append(.emit(.dispatch(GatewayDispatch(name: name, data: message.data, sequence: sequence))))
        switch name {
        case "READY":
            guard let ready = try? JSONDecoder().decode(GatewayPayloads.ReadySession.self, from: message.data) else {
                actions.append(.log(.error, "READY without session_id or resume_gateway_url: this session cannot be resumed"))
                session = nil
                link.stage = .live
                return
            }
            session = Session(id: ready.sessionID, resumeURL: ready.resumeGatewayURL)
            failedResumes = 0
            link.stage = .live
            actions.append(.emit(.stateChanged(.ready(sessionID: ready.sessionID))))
            actions.append(.log(.info, "Gateway session ready"))
            flushCommands(&link, now: now, into: &actions)
        case "RESUMED":
            failedResumes = 0
            link.stage = .live
            actions.append(.emit(.stateChanged(.resumed)))
            actions.append(.log(.info, "Gateway session resumed"))
            flushCommands(&link, now: now, into: &actions)
        default:
            break
        }
    }

    // MARK: - Time

    private mutating func tick(now: Duration, using generator: inout some RandomNumberGenerator, into actions: inout [Action]) {
        switch phase {
        case .waiting(let until, let goal) where until <= now:
            attempt(goal, now: now, using: &generator, into: &actions)
        case .linked(var link):
            if case .awaitingHello(let deadline) = link.stage, deadline <= now {
                return reconnect(
                    link, reason: .helloTimeout, closeCode: Self.reconnectCloseCode, failure: true, now: now, using: &generator,
                    into: &actions)
            }
            if let beat = link.nextHeartbeat, beat <= now, let interval = link.heartbeatInterval {
                guard !link.awaitingACK else {
                    // The last beat was never acknowledged: a zombie connection (gateway.mdx L171).
                    actions.append(.log(.warning, "Heartbeat not acknowledged: closing the zombie connection to resume"))
                    return reconnect(
                        link, reason: .zombie, closeCode: Self.reconnectCloseCode, failure: true, now: now, using: &generator,
                        into: &actions)
                }
                link.nextHeartbeat = now + interval
                sendHeartbeat(&link, now: now, into: &actions)
            }
            if link.stage == .live { flushCommands(&link, now: now, into: &actions) }
            phase = .linked(link)
        default:
            break
        }
    }

    private func sendHeartbeat(_ link: inout Link, now: Duration, into actions: inout [Action]) {
        guard link.limiter.record(.session, now: now) else {
            actions.append(.log(.warning, "Heartbeat skipped: the connection's send limit is reached"))
            return
        }
        link.awaitingACK = true
        actions.append(.send(link.generation, GatewayPayloads.heartbeat(sequence: sequence)))
    }

    private mutating func flushCommands(_ link: inout Link, now: Duration, into actions: inout [Action]) {
        while let command = commands.first, link.limiter.record(.command, now: now) {
            commands.removeFirst()
            actions.append(.send(link.generation, command))
        }
        link.commandRetryAt = commands.isEmpty ? nil : link.limiter.nextAllowed(.command, now: now)
    }

    // MARK: - Text

    private static func describe(_ reason: GatewayDisconnectReason) -> String {
        switch reason {
        case .closed(let code): "closed with \(code)"
        case .dropped: "dropped without a close frame"
        case .reconnectRequested: "Discord asked to reconnect"
        case .invalidSession(let resumable): "invalid session, \(resumable ? "resumable" : "not resumable")"
        case .zombie: "heartbeat not acknowledged"
        case .helloTimeout: "no Hello"
        case .connectFailed(let message): "connect failed: \(message)"
        }
    }

    private static func format(_ seconds: Double) -> String {
        String(format: "%.1f", seconds)
    }
}
