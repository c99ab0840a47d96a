import CurlHTTP
import Foundation
import RoastTesting
import Synchronization
import Testing
import WebSocketClient

/// The fake gateway's own checks, driven by a raw WebSocket client that breaks Discord's rules on purpose: what the
/// fake refuses (with Discord's close code and a violation) is what the bot must never do.
@Suite(.timeLimit(.minutes(2))) struct FakeDiscordGatewayTests {
    static let identify =
        #"{"op":2,"d":{"token":"fake-discord-bot-token","intents":5633,"properties":{"os":"linux","browser":"t","device":"t"}}}"#

    /// Connects to `path` with `query`, sends `payloads` (after Hello), and returns what came back until the close.
    func exchange(
        _ fake: FakeDiscordGateway, path: String? = nil, query: String = "?v=10&encoding=json", payloads: [String]
    ) async throws -> (messages: [String], closure: WebSocketClosure?) {
        let url = "ws://127.0.0.1:\(URL(string: fake.gatewayURL)?.port ?? 0)\(path ?? fake.gatewayPath)\(query)"
        let connection = try await WebSocketConnection.connect(to: url)
        for payload in payloads { try? await connection.send(.text(payload)) }
        let ended = Flag()
        let reading = Task { () -> (messages: [String], closure: WebSocketClosure?) in
            var messages: [String] = []
            defer { ended.set() }
            for await event in connection.events {
                switch event {
                case .message(.text(let text)): messages.append(text)
                case .message(.binary): break
                case .closed(let closure): return (messages, closure)
                }
            }
            return (messages, nil)
        }
        // Whatever the fake answers within a second, or until it has ended the connection and its close arrived.
        if await fake.waitFor(timeout: .seconds(1), { fake.openConnectionCount == 0 }) {
            _ = await fake.waitFor(timeout: .seconds(3)) { ended.isSet }
        }
        connection.abort()
        return await reading.value
    }

    final class Flag: Sendable {
        private let value = Atomic(false)
        func set() { value.store(true, ordering: .relaxed) }
        var isSet: Bool { value.load(ordering: .relaxed) }
    }

    func started(_ configuration: FakeDiscordGatewayConfiguration = FakeDiscordGatewayConfiguration()) async throws -> FakeDiscordGateway {
        let fake = FakeDiscordGateway(configuration: configuration)
        try await fake.start()
        return fake
    }

    @Test(
        arguments: [
            ([#"{"op":3,"d":{"status":"online"}}"#], 4003),
            ([identify, identify], 4005),
            ([#"{"op":1,"d":"\#(String(repeating: "x", count: 5_000))"}"#], 4002),
            (
                [#"{"op":2,"d":{"token":"fake-discord-bot-token","intents":38401,"properties":{"os":"l","browser":"t","device":"t"}}}"#],
                4014
            ),
            (
                [
                    #"{"op":2,"d":{"token":"fake-discord-bot-token","intents":1073741824,"properties":{"os":"l","browser":"t","device":"t"}}}"#
                ], 4013
            ),
            ([#"{"op":2,"d":{"token":"wrong","intents":5633,"properties":{"os":"l","browser":"t","device":"t"}}}"#], 4004),
            ([#"{"op":42,"d":null}"#], 4001),
            (Array(repeating: #"{"op":1,"d":null}"#, count: 121), 4008),
        ] as [([String], Int)])
    func refusesWhatDiscordRefusesWithItsCloseCode(payloads: [String], code: Int) async throws {
        let fake = try await started()
        let (_, closure) = try await exchange(fake, payloads: payloads)
        #expect(closure == .closedByServer(code: WebSocketCloseCode(UInt16(code)), reason: closure.flatMap(Self.reason) ?? ""))
        #expect(fake.connections.first?.serverCloseCode == code)
        await fake.stop()
    }

    static func reason(_ closure: WebSocketClosure) -> String? {
        guard case .closedByServer(_, let reason) = closure else { return nil }
        return reason
    }

    @Test func refusesAnotherVersionOrEncoding() async throws {
        let fake = try await started()
        _ = try await exchange(fake, query: "?v=9&encoding=json", payloads: [])
        _ = try await exchange(fake, query: "?v=10&encoding=etf", payloads: [])
        #expect(fake.connections.map(\.serverCloseCode) == [4012, 4002])
        #expect(fake.violations.count == 2)
        await fake.stop()
    }

    @Test func answersASecondIdentifyWithinFiveSecondsWithInvalidSession() async throws {
        let fake = try await started()
        _ = try await exchange(fake, payloads: [Self.identify])
        let (messages, _) = try await exchange(fake, payloads: [Self.identify])
        #expect(messages.contains(#"{"op":9,"d":false,"s":null,"t":null}"#))
        #expect(fake.violations.contains { $0.contains("max_concurrency") })
        #expect(fake.remainingSessionStarts == 998)
        await fake.stop()
    }

    @Test func refusesAResumeOnTheGatewayURLAndReplaysOnTheResumeURL() async throws {
        let fake = try await started()
        let (ready, _) = try await exchange(fake, payloads: [Self.identify])
        #expect(ready.contains { $0.contains(#""t":"READY""#) && $0.contains(#""resume_gateway_url":"\#(fake.resumeURL)""#) })
        let session = try #require(fake.currentSessionID)
        fake.dispatch("MESSAGE_CREATE", #"{"id":"1"}"#)
        let resume = #"{"op":6,"d":{"token":"fake-discord-bot-token","session_id":"\#(session)","seq":1}}"#
        let (onGateway, _) = try await exchange(fake, payloads: [resume])
        #expect(onGateway.contains(#"{"op":9,"d":false,"s":null,"t":null}"#))
        #expect(fake.violations.contains { $0.contains("resume_gateway_url") })
        let (onResume, _) = try await exchange(fake, path: fake.resumePath, payloads: [resume])
        #expect(
            onResume.filter { $0.contains(#""op":0"#) }.map { $0.contains("MESSAGE_CREATE") || $0.contains("RESUMED") } == [true, true])
        #expect(fake.resumes.map(\.accepted) == [false, true])
        #expect(fake.resumes.last?.replayed == [2])
        await fake.stop()
    }

    @Test func flagsAHeartbeatCarryingASequenceNeverSentAndDropsAConnectionThatStopsBeating() async throws {
        let fake = try await started(
            FakeDiscordGatewayConfiguration(heartbeatIntervalMilliseconds: 300, heartbeatToleranceMilliseconds: 200))
        _ = try await exchange(fake, payloads: [Self.identify, #"{"op":1,"d":5}"#])
        #expect(fake.violations.contains { $0.contains("heartbeat d=5") })
        #expect(fake.connections.first?.droppedByServer == true)
        #expect(fake.violations.contains { $0.contains("heartbeat missed") })
        await fake.stop()
    }

    @Test func gatewayBotAsksForTheToken() async throws {
        let fake = try await started()
        let http = CurlHTTPClient()
        defer { http.shutdown() }
        let refused = try await http.send(HTTPRequest(method: .get, url: fake.apiBaseURL + "/gateway/bot"))
        #expect(refused.status == 401)
        let answered = try await http.send(
            HTTPRequest(method: .get, url: fake.apiBaseURL + "/gateway/bot", headers: [("Authorization", "Bot \(fake.token)")]))
        let body = try JSONSerialization.jsonObject(with: Data(answered.body)) as? [String: Any]
        #expect(body?["url"] as? String == fake.gatewayURL)
        #expect((body?["session_start_limit"] as? [String: Any])?["remaining"] as? Int == 1_000)
        #expect(fake.gatewayBotRequests == 1)
        await fake.stop()
    }
}
