import DiscordAPI
import Foundation
import Logging
import RoastTesting
import Synchronization
import Testing
import Timekeeping

@testable import DiscordGateway

/// The session driver with a scripted transport and a manual clock: actions are performed, timers
/// follow the clock, events come out in order, and run() ends as the machine decides.
///
/// The session's loop runs on the cooperative pool, which the whole unit suite shares: the tests wait for
/// what the loop did (an event handed up, a payload sent) before they move the clock, never a fixed time,
/// and their waits are long because they end as soon as the condition holds.
@Suite struct DiscordGatewaySessionTests {
    static let token = "MTEwMDAwMDAwMDAwMDAwMDAwMQ.driver-secret"

    struct Running {
        let session: DiscordGatewaySession
        let transport: ScriptedGatewayTransport
        let clock: ManualClock
        let outcome: Task<GatewayFinalError?, Never>
        let events: EventLog
        let gatewayBotCalls: CallCounter
    }

    /// The events handed up so far, and the end of the stream.
    final class EventLog: Sendable {
        private let state = Mutex<(events: [GatewayEvent], ended: Bool)>(([], false))

        func append(_ event: GatewayEvent) { state.withLock { $0.events.append(event) } }
        func end() { state.withLock { $0.ended = true } }
        var all: [GatewayEvent] { state.withLock { $0.events } }

        /// Waits (real time) until an event satisfies `condition`.
        func waitFor(timeout: Duration = .seconds(60), _ condition: @Sendable (GatewayEvent) -> Bool) async -> Bool {
            let deadline = ContinuousClock.now + timeout
            while ContinuousClock.now < deadline {
                if all.contains(where: condition) { return true }
                try? await Task.sleep(for: .milliseconds(5))
            }
            return false
        }

        /// Waits until the stream ended (run() returned); returns every event.
        func ended(timeout: Duration = .seconds(60)) async -> [GatewayEvent] {
            let deadline = ContinuousClock.now + timeout
            while ContinuousClock.now < deadline, !state.withLock({ $0.ended }) { try? await Task.sleep(for: .milliseconds(5)) }
            return all
        }
    }

    static func isDispatch(_ name: String, _ sequence: Int) -> @Sendable (GatewayEvent) -> Bool {
        { event in
            guard case .dispatch(let dispatch) = event else { return false }
            return dispatch.name == name && dispatch.sequence == sequence
        }
    }

    final class CallCounter: Sendable {
        private let count = Mutex(0)
        func increment() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    func start(intervalMilliseconds: Int = 10_000) -> Running {
        let transport = ScriptedGatewayTransport()
        let clock = ManualClock()
        let calls = CallCounter()
        let session = DiscordGatewaySession(
            configuration: GatewayConfiguration(token: DiscordBotToken(Self.token)), transport: transport, clock: clock,
            generator: SeededGenerator(seed: 3), logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        ) {
            calls.increment()
            return DiscordGatewayBot(url: "wss://gateway.test", sessionStartLimit: DiscordGatewayBot.SessionStartLimit.plenty)
        }
        let outcome = Task { () -> GatewayFinalError? in
            do throws(GatewayFinalError) {
                try await session.run()
                return nil
            } catch {
                return error
            }
        }
        let events = EventLog()
        Task {
            for await event in session.events { events.append(event) }
            events.end()
        }
        return Running(session: session, transport: transport, clock: clock, outcome: outcome, events: events, gatewayBotCalls: calls)
    }

    /// Connects, says Hello, waits for Identify, sends READY and waits until the session handed it up.
    func identify(_ running: Running, intervalMilliseconds: Int = 10_000) async throws -> ScriptedGatewayConnection {
        let connection = try #require(await running.transport.connection(number: 1, timeout: .seconds(60)))
        #expect(connection.url == "wss://gateway.test/?v=10&encoding=json")
        connection.deliver(#"{"op":10,"d":{"heartbeat_interval":\#(intervalMilliseconds)}}"#)
        let sent = await connection.waitForSent(1, timeout: .seconds(60))
        #expect(sent.first?.contains(#""op":2"#) == true)
        connection.deliver(#"{"op":0,"s":1,"t":"READY","d":{"session_id":"s-1","resume_gateway_url":"wss://resume.test"}}"#)
        #expect(await running.events.waitFor(Self.isDispatch("READY", 1)))
        return connection
    }

    @Test func deliversDispatchesInOrderAndStopsWithACleanClose() async throws {
        let running = start()
        let connection = try await identify(running)
        connection.deliver(#"{"op":0,"s":2,"t":"MESSAGE_CREATE","d":{"id":"42","content":""}}"#)
        #expect(await running.events.waitFor(Self.isDispatch("MESSAGE_CREATE", 2)))
        running.session.stop()
        #expect(await running.outcome.value == nil)
        #expect(connection.closeCode == 1000)
        let events = await running.events.ended()
        #expect(
            events == [
                .stateChanged(.fetchingGatewayBot), .stateChanged(.connecting(resuming: false)), .stateChanged(.identifying),
                .dispatch(
                    GatewayDispatch(
                        name: "READY", data: Data(#"{"session_id":"s-1","resume_gateway_url":"wss://resume.test"}"#.utf8), sequence: 1)),
                .stateChanged(.ready(sessionID: "s-1")),
                .dispatch(GatewayDispatch(name: "MESSAGE_CREATE", data: Data(#"{"id":"42","content":""}"#.utf8), sequence: 2)),
            ])
        #expect(running.gatewayBotCalls.value == 1)
    }

    @Test func heartbeatsFollowTheClockAndAZombieIsResumed() async throws {
        let running = start()
        let connection = try await identify(running)
        // The first beat comes within one interval, jittered.
        running.clock.advance(by: 10)
        let afterFirst = await connection.waitForSent(2, timeout: .seconds(60))
        #expect(afterFirst.last == #"{"op":1,"d":1}"#)
        // The ACK, then a dispatch: once the dispatch is handed up, the ACK was handled before it.
        connection.deliver(#"{"op":11}"#)
        connection.deliver(#"{"op":0,"s":2,"t":"MESSAGE_CREATE","d":{"id":"42"}}"#)
        #expect(await running.events.waitFor(Self.isDispatch("MESSAGE_CREATE", 2)))
        running.clock.advance(by: 10)
        #expect(await connection.waitForSent(3, timeout: .seconds(60)).last == #"{"op":1,"d":2}"#)
        // This one goes unacknowledged: at the next beat the connection is a zombie.
        running.clock.advance(by: 10)
        let code = await connection.waitForClose(timeout: .seconds(60))
        #expect(code == 4000)
        running.clock.advance(by: 1)
        let resumed = try #require(await running.transport.connection(number: 2, timeout: .seconds(60)))
        #expect(resumed.url == "wss://resume.test/?v=10&encoding=json")
        resumed.deliver(#"{"op":10,"d":{"heartbeat_interval":10000}}"#)
        let resume = await resumed.waitForSent(1, timeout: .seconds(60))
        #expect(resume.first?.contains(#""op":6"#) == true)
        #expect(resume.first?.contains(#""session_id":"s-1""#) == true)
        #expect(resume.first?.contains(#""seq":2"#) == true)
        running.session.stop()
        _ = await running.outcome.value
    }

    @Test func finalCloseEndsRunWithTheTypedErrorAndNoReconnect() async throws {
        let running = start()
        let connection = try #require(await running.transport.connection(number: 1, timeout: .seconds(60)))
        connection.deliver(#"{"op":10,"d":{"heartbeat_interval":10000}}"#)
        _ = await connection.waitForSent(1, timeout: .seconds(60))
        connection.serverClose(code: 4014)
        #expect(await running.outcome.value == .disallowedIntents(.botDefault))
        running.clock.advance(by: 3_600)
        try await Task.sleep(for: .milliseconds(50))
        #expect(running.transport.urls.count == 1)
        let events = await running.events.ended()
        #expect(events.last == .stateChanged(.disconnected(.closed(code: 4014), willResume: false, retryAfter: 0)))
    }

    @Test func cancellingRunClosesTheConnection() async throws {
        let running = start()
        let connection = try await identify(running)
        running.outcome.cancel()
        #expect(await running.outcome.value == nil)
        #expect(connection.closeCode == 1000)
    }

    @Test func commandsAreCheckedBeforeTheyAreQueued() async throws {
        let running = start()
        #expect(throws: GatewayCommandError.reservedOpcode(2)) { try running.session.send(opcode: 2, data: ["token": "x"]) }
        let large = String(repeating: "x", count: 5_000)
        // {"op":3,"d":{"status":"…"}}: 26 bytes around the text.
        #expect(throws: GatewayCommandError.tooLarge(bytes: 5_026)) { try running.session.send(opcode: 3, data: ["status": large]) }
        let connection = try await identify(running)
        try running.session.send(opcode: 3, data: ["status": "online"])
        #expect(await connection.waitForSent(2, timeout: .seconds(60)).last == #"{"op":3,"d":{"status":"online"}}"#)
        running.session.stop()
        _ = await running.outcome.value
        #expect(throws: GatewayCommandError.sessionEnded) { try running.session.send(opcode: 3, data: ["status": "idle"]) }
    }
}
