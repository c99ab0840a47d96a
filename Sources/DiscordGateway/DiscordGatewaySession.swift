import DiscordAPI
import Foundation
import Logging
import Synchronization
import Timekeeping

/// A Discord gateway session: it connects, identifies, heartbeats, resumes and reconnects on its
/// own, and hands dispatches upward. Run it as a long-lived task:
///
/// ```swift
/// let session = DiscordGatewaySession(
///     configuration: GatewayConfiguration(token: DiscordBotToken(token), intents: .bot(messageContent: false)),
///     clock: SystemClock(), logger: logger, gatewayBot: { try await rest.getGatewayBot() })
/// async let consumer: Void = { for await event in session.events { … } }()
/// try await session.run()        // returns after stop(); throws GatewayFinalError on 4004, 4010–4014
/// ```
///
/// The rules live in ``GatewaySessionMachine`` (pure, driven by the injected clock's uptime and the
/// injected generator); this type performs its actions: connections through the ``GatewayTransport``,
/// one ordered sender per connection (a stuck socket never stalls heartbeats on the next one), and
/// one timer on the clock for the machine's next deadline.
public final class DiscordGatewaySession: Sendable {
    /// Dispatches and state changes, in order; ends when ``run()`` returns. One consumer.
    public let events: AsyncStream<GatewayEvent>

    private let configuration: GatewayConfiguration
    private let transport: any GatewayTransport
    private let clock: any WallClock
    private let logger: Logger
    private let gatewayBot: @Sendable () async throws -> DiscordGatewayBot
    private let eventSink: AsyncStream<GatewayEvent>.Continuation
    private let inbox: AsyncStream<Input>
    private let inboxSink: AsyncStream<Input>.Continuation
    private let generator: Mutex<AnyGenerator?>
    private let isEnded = Atomic<Bool>(false)

    /// - Parameters:
    ///   - transport: how connections are opened (``WebSocketGatewayTransport`` by default).
    ///   - clock: heartbeats, backoff and budgets are timed on its ``WallClock/uptime``.
    ///   - generator: heartbeat jitter and backoff jitter.
    ///   - gatewayBot: `GET /gateway/bot` (the REST client's); asked at start, when the identify budget
    ///     is stale or spent, and when the cached gateway URL keeps failing.
    public init(
        configuration: GatewayConfiguration, transport: any GatewayTransport = WebSocketGatewayTransport(), clock: any WallClock,
        generator: some RandomNumberGenerator & Sendable = SystemRandomNumberGenerator(), logger: Logger,
        gatewayBot: @escaping @Sendable () async throws -> DiscordGatewayBot
    ) {
        self.configuration = configuration
        self.transport = transport
        self.clock = clock
        self.logger = logger
        self.gatewayBot = gatewayBot
        self.generator = Mutex<AnyGenerator?>(AnyGenerator(base: generator))
        (events, eventSink) = AsyncStream.makeStream(of: GatewayEvent.self)
        (inbox, inboxSink) = AsyncStream.makeStream(of: Input.self)
    }

    /// Runs the session until ``stop()`` (returns) or a final close code (throws). Cancelling the
    /// calling task stops it too. Call once.
    public func run() async throws(GatewayFinalError) {
        guard var generator = generator.withLock({ $0.take() }) else {
            preconditionFailure("DiscordGatewaySession.run() called twice")
        }
        var machine = GatewaySessionMachine(configuration: configuration)
        var links: [Int: Link] = [:]
        var closing: [Task<Void, Never>] = []
        var timer: (deadline: Duration, task: Task<Void, Never>)?
        var outcome: GatewayFinalError??

        inboxSink.yield(.machine(.start))
        for await input in inbox {
            let actions: [GatewaySessionMachine.Action]
            switch input {
            case .machine(let input):
                actions = machine.handle(input, now: clock.uptime, using: &generator)
            case .opened(let generation, let connection):
                links[generation] = Link(generation: generation, connection: connection, inbox: inboxSink)
                actions = machine.handle(.connected(generation), now: clock.uptime, using: &generator)
            }
            for action in actions {
                switch action {
                case .fetchGatewayBot:
                    Task { [gatewayBot, inboxSink] in
                        do {
                            inboxSink.yield(.machine(.gatewayBot(try await gatewayBot())))
                        } catch {
                            inboxSink.yield(.machine(.gatewayBotFailed(String(describing: error))))
                        }
                    }
                case .connect(let generation, let url):
                    Task { [transport, inboxSink] in
                        do {
                            inboxSink.yield(.opened(generation, try await transport.connect(to: url)))
                        } catch {
                            inboxSink.yield(.machine(.connectFailed(generation, String(describing: error))))
                        }
                    }
                case .send(let generation, let payload):
                    links[generation]?.send(payload)
                case .close(let generation, let code):
                    if let link = links.removeValue(forKey: generation) { closing.append(link.close(code: code)) }
                case .emit(let event):
                    eventSink.yield(event)
                case .log(let level, let message):
                    logger.log(level: level, "\(message)")
                case .finish(let error):
                    outcome = .some(error)
                }
            }
            if outcome != nil { break }
            if let deadline = machine.nextDeadline {
                if timer?.deadline != deadline {
                    timer?.task.cancel()
                    timer = (
                        deadline,
                        Task { [clock, inboxSink] in
                            do {
                                try await clock.sleep(untilUptime: deadline)
                                inboxSink.yield(.machine(.tick))
                            } catch {}
                        }
                    )
                }
            } else if let current = timer {
                current.task.cancel()
                timer = nil
            }
        }

        // Stopped, ended by a final code, or the calling task was cancelled: close what is still open.
        isEnded.store(true, ordering: .relaxed)
        timer?.task.cancel()
        for link in links.values { closing.append(link.close(code: GatewaySessionMachine.stopCloseCode)) }
        for task in closing { await task.value }
        eventSink.finish()
        inboxSink.finish()
        if case .some(.some(let error)) = outcome { throw error }
    }

    /// Ends the session: the connection is closed with 1000 (Discord ends the session; the bot shows
    /// offline) and ``run()`` returns.
    public func stop() {
        inboxSink.yield(.machine(.stop))
    }

    /// Queues a gateway command (Update Presence, op 3; Request Guild Members, op 8; …). It is sent when
    /// the session is live and the per-connection send limit allows, after what was queued before;
    /// commands never use the share of the limit kept for heartbeats.
    public func send(opcode: Int, data: some Encodable & Sendable) throws(GatewayCommandError) {
        guard ![GatewayOpcode.heartbeat, .identify, .resume].contains(GatewayOpcode(rawValue: opcode)) else {
            throw .reservedOpcode(opcode)
        }
        guard !isEnded.load(ordering: .relaxed) else { throw .sessionEnded }
        let payload: Data
        do {
            payload = try GatewayPayloads.encodeCommand(opcode: opcode, data)
        } catch {
            throw .unencodable
        }
        guard payload.count <= GatewayPayloads.maximumOutgoingBytes else { throw .tooLarge(bytes: payload.count) }
        inboxSink.yield(.machine(.command(payload)))
    }

    // MARK: - Helpers

    private enum Input: Sendable {
        case machine(GatewaySessionMachine.Input)
        case opened(Int, any GatewayTransportConnection)
    }

    /// An open connection: its reader (payloads and its close go to the inbox, tagged with its
    /// generation) and its ordered sender.
    private struct Link {
        let connection: any GatewayTransportConnection
        private let outbox: AsyncStream<Data>.Continuation
        private let sender: Task<Void, Never>

        init(generation: Int, connection: any GatewayTransportConnection, inbox: AsyncStream<Input>.Continuation) {
            self.connection = connection
            Task {
                var sawClose = false
                for await event in connection.events {
                    switch event {
                    case .message(let payload):
                        inbox.yield(.machine(.received(generation, payload)))
                    case .closed(let code, let dropped):
                        sawClose = true
                        // A close frame without a code counts as 1005, RFC 6455's "no status received".
                        inbox.yield(.machine(.closed(generation, code: dropped ? nil : code ?? 1005)))
                    }
                }
                if !sawClose { inbox.yield(.machine(.closed(generation, code: nil))) }
            }
            let (payloads, outbox) = AsyncStream.makeStream(of: Data.self)
            self.outbox = outbox
            sender = Task {
                for await payload in payloads {
                    do { try await connection.send(payload) } catch { break }
                }
            }
        }

        func send(_ payload: Data) {
            outbox.yield(payload)
        }

        /// Stops sending and closes; the task ends when the connection is over.
        func close(code: Int) -> Task<Void, Never> {
            outbox.finish()
            sender.cancel()
            let connection = connection
            return Task { await connection.close(code: code) }
        }
    }
}

/// A random generator behind an existential, so that the machine's generic `inout` parameter takes it.
private struct AnyGenerator: RandomNumberGenerator, Sendable {
    var base: any RandomNumberGenerator & Sendable

    mutating func next() -> UInt64 {
        base.next()
    }
}
