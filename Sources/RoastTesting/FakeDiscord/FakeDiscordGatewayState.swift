import FlyingFox
import Foundation

/// Everything the fake gateway knows, behind ``FakeDiscordGateway``'s lock: connections with their
/// output streams, sessions with their dispatch logs, and the records tests read. Frames are
/// written (yielded) under the lock, so their order always matches the state.
struct FakeDiscordGatewayState {
    struct Connection {
        let id: Int
        let path: String
        let link: FakeDiscordGatewayLink
        var output: AsyncStream<WSFrame>.Continuation { link.output }
        var helloAt: ContinuousClock.Instant
        var lastBeatAt: ContinuousClock.Instant?
        /// When the fake last sent op 1: a beat soon after it is not early.
        var heartbeatRequestedAt: ContinuousClock.Instant?
        /// The session this connection identified or resumed (dispatches go to it).
        var sessionID: String?
        var isAuthenticated = false
        /// When each payload arrived, for the send limit.
        var payloadTimes: [ContinuousClock.Instant] = []
        /// A fragmented message being joined.
        var partial: Data?
        var isOpen = true
    }

    struct Session {
        let id: String
        var sequence = 0
        /// Every dispatch of the session, in order (READY and RESUMED included).
        var log: [(sequence: Int, name: String, data: String)] = []
        /// When each sequence number was written to a connection.
        var sentAt: [(sequence: Int, at: ContinuousClock.Instant)] = []
        var connectionID: Int?
        var isValid = true
    }

    static let knownIntents = (0...16).reduce(0) { $0 | 1 << $1 } | 1 << 20 | 1 << 21 | 1 << 24 | 1 << 25
    static let privilegedIntents = 1 << 1 | 1 << 8 | 1 << 15

    let token: String
    let botUserID: String
    let botUsername: String
    let applicationID: String
    let gatewayPath: String
    let resumePath: String
    var configuration: FakeDiscordGatewayConfiguration
    var port: UInt16 = 0
    var acknowledgesHeartbeats = true
    var scriptedIdentifyCloses: [Int] = []
    var connections: [Int: Connection] = [:]
    var records: [FakeGatewayConnection] = []
    var sessions: [String: Session] = [:]
    /// The session the last Identify started: where ``FakeDiscordGateway/dispatch(_:_:)`` goes.
    var currentSessionID: String?
    var identifies: [FakeGatewayIdentify] = []
    var identifyTimes: [ContinuousClock.Instant] = []
    var resumes: [FakeGatewayResume] = []
    var heartbeats: [FakeGatewayHeartbeat] = []
    var deliveries: [FakeGatewayDelivery] = []
    var violations: [String] = []
    var gatewayBotRequests = 0

    init(
        token: String, botUserID: String, botUsername: String, applicationID: String, gatewayPath: String, resumePath: String,
        configuration: FakeDiscordGatewayConfiguration
    ) {
        self.token = token
        self.botUserID = botUserID
        self.botUsername = botUsername
        self.applicationID = applicationID
        self.gatewayPath = gatewayPath
        self.resumePath = resumePath
        self.configuration = configuration
    }

    var baseURL: String { "ws://127.0.0.1:\(port)" }

    // MARK: - Connections

    /// A new connection after the upgrade: checks the query, then says Hello.
    mutating func open(path: String, query: [String: String], link: FakeDiscordGatewayLink, now: ContinuousClock.Instant) -> Int {
        let id = records.count + 1
        connections[id] = Connection(id: id, path: path, link: link, helloAt: now)
        records.append(
            FakeGatewayConnection(
                id: id, path: path, query: query, purpose: nil, clientCloseCode: nil, serverCloseCode: nil, droppedByServer: false,
                droppedByClient: false, isOpen: true))
        guard query["v"] == "10" else {
            violations.append("connection \(id): gateway version \(query["v"] ?? "missing"), expected v=10")
            close(id, code: 4012, reason: "Invalid API version.")
            return id
        }
        guard query["encoding"] == "json" else {
            violations.append("connection \(id): encoding \(query["encoding"] ?? "missing"), expected encoding=json")
            close(id, code: 4002, reason: "Error while decoding payload.")
            return id
        }
        write(#"{"op":10,"d":{"heartbeat_interval":\#(configuration.heartbeatIntervalMilliseconds)},"s":null,"t":null}"#, to: id)
        return id
    }

    mutating func receive(_ frame: WSFrame, on id: Int, now: ContinuousClock.Instant) {
        guard let connection = connections[id], connection.isOpen else { return }
        // Masking cannot be checked here: FlyingFox 0.27.1 unmasks client frames and leaves
        // `WSFrame.mask` nil on every frame it decodes. WebSocketClientEndToEndTests' TLS server
        // refuses unmasked frames byte by byte instead.
        switch frame.opcode {
        case .close:
            let code = frame.payload.count >= 2 ? Int(frame.payload[0]) << 8 | Int(frame.payload[1]) : nil
            records[id - 1].clientCloseCode = code
            if let code, code == 1000 || code == 1001, let sessionID = connection.sessionID {
                // A client close with 1000/1001 ends the session (gateway.mdx "Disconnections").
                sessions[sessionID]?.isValid = false
            }
            let echo = code.map { WSCloseCode(UInt16($0)) } ?? WSCloseCode(1000)
            connection.output.yield(.close(code: echo))
            end(id, .afterClient)
        case .ping:
            connection.output.yield(WSFrame(fin: true, opcode: .pong, mask: nil, payload: frame.payload))
        case .pong:
            break
        case .text, .binary, .continuation:
            var partial = frame.opcode == .continuation ? (connection.partial ?? Data()) : Data()
            partial.append(frame.payload)
            guard frame.fin else {
                connections[id]?.partial = partial
                return
            }
            connections[id]?.partial = nil
            payload(partial, on: id, now: now)
        default:
            violations.append("connection \(id): reserved opcode \(frame.opcode.rawValue)")
            close(id, code: 1002, reason: "Reserved opcode.")
        }
    }

    /// The bot's end went away (TCP closed); without a close frame first, it was dropped.
    mutating func clientDisconnected(_ id: Int) {
        guard connections[id]?.isOpen == true else { return }
        records[id - 1].droppedByClient = true
        end(id, .now)
    }

    /// Sends a close frame with `code` and closes the connection.
    mutating func close(_ id: Int, code: Int, reason: String = "") {
        guard let connection = connections[id], connection.isOpen else { return }
        records[id - 1].serverCloseCode = code
        connection.output.yield(.close(code: WSCloseCode(UInt16(code), reason: reason)))
        end(id, .afterClient)
    }

    /// Closes the TCP connection without a close frame.
    mutating func drop(_ id: Int) {
        guard connections[id]?.isOpen == true else { return }
        records[id - 1].droppedByServer = true
        end(id, .now)
    }

    private mutating func end(_ id: Int, _ ending: FakeDiscordGatewayLink.Ending) {
        guard let connection = connections[id], connection.isOpen else { return }
        connections[id]?.isOpen = false
        records[id - 1].isOpen = false
        connection.link.end(ending)
        if let sessionID = connection.sessionID, sessions[sessionID]?.connectionID == id {
            sessions[sessionID]?.connectionID = nil
        }
    }

    /// Open connections that identified or resumed.
    var liveConnectionIDs: [Int] {
        connections.values.filter { $0.isOpen && $0.isAuthenticated }.map(\.id).sorted()
    }

    var openConnectionIDs: [Int] {
        connections.values.filter(\.isOpen).map(\.id).sorted()
    }

    /// Drops connections whose heartbeat is overdue by more than the tolerance.
    mutating func checkHeartbeats(now: ContinuousClock.Instant) {
        let interval = Duration.milliseconds(configuration.heartbeatIntervalMilliseconds)
        let tolerance = Duration.milliseconds(configuration.heartbeatToleranceMilliseconds)
        for id in openConnectionIDs {
            guard let connection = connections[id] else { continue }
            let due = (connection.lastBeatAt ?? connection.helloAt) + interval
            if now > due + tolerance {
                let since = Self.milliseconds(now - (connection.lastBeatAt ?? connection.helloAt))
                violations.append(
                    "connection \(id): heartbeat missed (none \(since) ms after the \(connection.lastBeatAt == nil ? "Hello" : "last beat"))"
                )
                drop(id)
            }
        }
    }

    // MARK: - Writing

    mutating func write(_ text: String, to id: Int) {
        guard let connection = connections[id], connection.isOpen else { return }
        connection.output.yield(WSFrame(fin: true, opcode: .text, mask: nil, payload: Data(text.utf8)))
    }

    /// Appends a dispatch to the session's log and writes it to the session's connection, if any.
    @discardableResult
    mutating func dispatch(_ name: String, _ data: String, session sessionID: String, now: ContinuousClock.Instant) -> Int? {
        guard var session = sessions[sessionID] else { return nil }
        session.sequence += 1
        let sequence = session.sequence
        session.log.append((sequence, name, data))
        sessions[sessionID] = session
        if let id = session.connectionID, connections[id]?.isOpen == true {
            writeDispatch(sequence: sequence, name: name, data: data, session: sessionID, to: id, replay: false, now: now)
        }
        return sequence
    }

    mutating func writeDispatch(
        sequence: Int, name: String, data: String, session: String, to id: Int, replay: Bool, now: ContinuousClock.Instant
    ) {
        let quotedName =
            (try? String(decoding: JSONSerialization.data(withJSONObject: name, options: .fragmentsAllowed), as: UTF8.self)) ?? "\"\""
        write(#"{"op":0,"s":\#(sequence),"t":\#(quotedName),"d":\#(data)}"#, to: id)
        sessions[session]?.sentAt.append((sequence, now))
        deliveries.append(FakeGatewayDelivery(sessionID: session, sequence: sequence, name: name, connectionID: id, isReplay: replay))
    }
}
