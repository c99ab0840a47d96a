import DiscordAPI
import Foundation
import Testing

@testable import DiscordGateway

/// Drives a ``GatewaySessionMachine`` by hand: inputs at a chosen uptime, actions collected.
struct MachineHarness {
    typealias Action = GatewaySessionMachine.Action

    static let token = "MTEwMDAwMDAwMDAwMDAwMDAwMQ.secret-token"
    static let gatewayURL = "wss://gateway.discord.gg"
    static let resumeURL = "wss://gateway-us-east1-b.discord.gg"

    var machine: GatewaySessionMachine
    var now: Duration = .seconds(1_000)
    var generator = SeededGenerator(seed: 7)
    private(set) var history: [Action] = []

    init(configuration: GatewayConfiguration = GatewayConfiguration(token: DiscordBotToken(MachineHarness.token))) {
        machine = GatewaySessionMachine(configuration: configuration)
    }

    @discardableResult
    mutating func handle(_ input: GatewaySessionMachine.Input) -> [Action] {
        let actions = machine.handle(input, now: now, using: &generator)
        history += actions
        return actions
    }

    /// Moves time to the machine's next deadline and ticks.
    @discardableResult
    mutating func tickAtNextDeadline() throws -> [Action] {
        now = try #require(machine.nextDeadline, "no deadline pending")
        return handle(.tick)
    }

    @discardableResult
    mutating func advance(by seconds: Double) -> [Action] {
        now += .seconds(seconds)
        return handle(.tick)
    }

    @discardableResult
    mutating func receive(_ generation: Int, _ json: String) -> [Action] {
        handle(.received(generation, Data(json.utf8)))
    }

    /// Start, `GET /gateway/bot`, connect, Hello: returns the generation and the actions after Hello.
    mutating func startAndIdentify(
        limit: DiscordGatewayBot.SessionStartLimit = DiscordGatewayBot.SessionStartLimit.plenty, interval: Int = 41_250
    ) throws -> (generation: Int, actions: [Action]) {
        #expect(handle(.start).contains(.fetchGatewayBot))
        let connect = handle(.gatewayBot(DiscordGatewayBot(url: Self.gatewayURL, sessionStartLimit: limit)))
        let generation = try #require(Self.connects(connect).first?.generation)
        handle(.connected(generation))
        return (generation, receive(generation, #"{"op":10,"d":{"heartbeat_interval":\#(interval)}}"#))
    }

    /// READY with a session, as s=1.
    mutating func ready(_ generation: Int, session: String = "session-1", sequence: Int = 1) {
        receive(
            generation,
            #"{"op":0,"s":\#(sequence),"t":"READY","d":{"v":10,"session_id":"\#(session)","resume_gateway_url":"\#(Self.resumeURL)","user":{"id":"1"}}}"#
        )
    }

    mutating func dispatch(_ generation: Int, _ name: String, sequence: Int) -> [Action] {
        receive(generation, #"{"op":0,"s":\#(sequence),"t":"\#(name)","d":{"id":"\#(sequence)"}}"#)
    }

    /// Reconnects for whatever the machine scheduled: ticks to the attempt, opens, says Hello.
    mutating func reconnect(interval: Int = 41_250) throws -> (generation: Int, url: String, actions: [Action]) {
        var actions = try tickAtNextDeadline()
        // Through any wait for the identify budget's 5-second window.
        for _ in 0..<3 where Self.connects(actions).isEmpty && !actions.contains(.fetchGatewayBot) {
            actions = try tickAtNextDeadline()
        }
        if actions.contains(.fetchGatewayBot) {
            actions = handle(
                .gatewayBot(DiscordGatewayBot(url: Self.gatewayURL, sessionStartLimit: DiscordGatewayBot.SessionStartLimit.plenty)))
        }
        let connect = try #require(Self.connects(actions).first)
        handle(.connected(connect.generation))
        let hello = receive(connect.generation, #"{"op":10,"d":{"heartbeat_interval":\#(interval)}}"#)
        return (connect.generation, connect.url, hello)
    }

    // MARK: - Reading actions

    static func connects(_ actions: [Action]) -> [(generation: Int, url: String)] {
        actions.compactMap {
            guard case .connect(let generation, let url) = $0 else { return nil }
            return (generation, url)
        }
    }

    /// Sent payloads as JSON objects.
    static func sent(_ actions: [Action]) -> [[String: Any]] {
        actions.compactMap {
            guard case .send(_, let data) = $0 else { return nil }
            return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        }
    }

    static func sentOpcodes(_ actions: [Action]) -> [Int] {
        sent(actions).compactMap { $0["op"] as? Int }
    }

    static func closes(_ actions: [Action]) -> [(generation: Int, code: Int)] {
        actions.compactMap {
            guard case .close(let generation, let code) = $0 else { return nil }
            return (generation, code)
        }
    }

    static func states(_ actions: [Action]) -> [GatewayConnectionState] {
        actions.compactMap {
            guard case .emit(.stateChanged(let state)) = $0 else { return nil }
            return state
        }
    }

    static func dispatches(_ actions: [Action]) -> [GatewayDispatch] {
        actions.compactMap {
            guard case .emit(.dispatch(let dispatch)) = $0 else { return nil }
            return dispatch
        }
    }
}
