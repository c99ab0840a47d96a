import AIRoasts
import CurlHTTP
import Foundation
import Logging
import RoastCore
import RoastTesting
import Synchronization
import Testing

/// A settable instant for the circuit breaker.
private final class TestTime: Sendable {
    private let instant = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    var now: Date { instant.withLock { $0 } }
    func advance(_ seconds: Double) { instant.withLock { $0 += seconds } }
}

private let secretKey = "sk-test-SECRET-0123456789"
private let prompt = RoastPrompt(language: .en, category: .meetings, spice: SpiceLevel(clamping: 3), mood: .bored)

/// The fake server, a libcurl client and a source pointed at it. The default timeout is generous: the
/// server shares the test process with CPU-heavy suites, and only the timeout tests time anything.
private struct Rig {
    let server: FakeOpenAIServer
    let client = CurlHTTPClient()
    let time = TestTime()
    let source: ChatCompletionsRoastSource

    init(_ script: [FakeOpenAIServer.Reply], timeout: Double = 30) async throws {
        server = try FakeOpenAIServer(script: script)
        let base = try await server.start()
        let time = self.time
        source = ChatCompletionsRoastSource(
            configuration: AIProviderConfiguration(baseURL: base, model: "fake-model", apiKey: secretKey, timeout: timeout),
            client: client, safety: SafetyFilter(), logger: Logger(label: "test"), now: { time.now })
    }

    func stop() async {
        await server.stop()
        client.shutdown()
    }
}

@Suite(.serialized) struct ChatCompletionsRoastSourceTests {
    @Test func successReturnsTheTidiedRoastAndSendsModelPromptAndKey() async throws {
        let rig = try await Rig([.completion("  \"Your standup sat down an hour ago.\"\n")])
        let text = try await rig.source.roast(prompt)
        await rig.stop()
        #expect(text == "Your standup sat down an hour ago.")
        let request = try #require(rig.server.received.first)
        #expect(request.path == "/v1/chat/completions")
        #expect(request.authorization == "Bearer \(secretKey)")
        #expect(request.model == "fake-model")
        #expect(request.messages == [prompt.system, prompt.user])
        #expect(request.temperature != nil)
        #expect(request.maxTokens != nil)
    }

    @Test func slowProviderTimesOut() async throws {
        let rig = try await Rig([.delayed(seconds: 3, then: .completion("Too late."))], timeout: 0.4)
        await #expect(throws: AIRoastError.timedOut) { try await rig.source.roast(prompt) }
        await rig.stop()
    }

    @Test func unsafeOutputIsRejected() async throws {
        let rig = try await Rig([.completion("What the fuck is this sprint.")])
        await #expect(throws: AIRoastError.unsafe(.profanity)) { try await rig.source.roast(prompt) }
        await rig.stop()
        #expect(rig.source.breakerState == .closed)
    }

    @Test func tooManyRequestsIsRetriedOnce() async throws {
        let rig = try await Rig([.status(429), .completion("Retry succeeded, unlike the sprint.")])
        let text = try await rig.source.roast(prompt)
        await rig.stop()
        #expect(text == "Retry succeeded, unlike the sprint.")
        #expect(rig.server.received.count == 2)
    }

    @Test func serverErrorIsRetriedOnlyOnce() async throws {
        let rig = try await Rig([.status(503)])
        await #expect(throws: AIRoastError.status(503)) { try await rig.source.roast(prompt) }
        await rig.stop()
        #expect(rig.server.received.count == 2)
    }

    @Test func clientErrorIsNotRetried() async throws {
        let rig = try await Rig([.status(401)])
        await #expect(throws: AIRoastError.status(401)) { try await rig.source.roast(prompt) }
        await rig.stop()
        #expect(rig.server.received.count == 1)
    }

    @Test func garbageIsAMalformedResponse() async throws {
        let rig = try await Rig([.garbage])
        await #expect(throws: AIRoastError.malformedResponse) { try await rig.source.roast(prompt) }
        await rig.stop()
    }

    @Test func breakerOpensAfterThreeOutagesAndRetriesAfterTheCooldown() async throws {
        let rig = try await Rig([.status(400)])
        for _ in 1...3 {
            await #expect(throws: AIRoastError.status(400)) { try await rig.source.roast(prompt) }
        }
        await #expect(throws: AIRoastError.circuitOpen) { try await rig.source.roast(prompt) }
        #expect(rig.server.received.count == 3)
        rig.time.advance(61)
        rig.server.script(.completion("Back online, like the printer never is."))
        let text = try await rig.source.roast(prompt)
        await rig.stop()
        #expect(text == "Back online, like the printer never is.")
        #expect(rig.source.breakerState == .closed)
    }

    @Test func refusedConnectionIsUnreachableAndErrorsNeverShowTheKey() async throws {
        let client = CurlHTTPClient()
        defer { client.shutdown() }
        let source = ChatCompletionsRoastSource(
            configuration: AIProviderConfiguration(baseURL: "http://127.0.0.1:1/v1", model: "m", apiKey: secretKey, timeout: 2),
            client: client, safety: SafetyFilter(), logger: Logger(label: "test"), now: { Date() })
        do {
            _ = try await source.roast(prompt)
            Issue.record("expected a failure")
        } catch {
            guard case .unreachable = error else {
                Issue.record("expected unreachable, got \(error)")
                return
            }
            #expect(!"\(error)".contains(secretKey))
        }
        #expect(!"\(AIProviderConfiguration(baseURL: "x", model: "m", apiKey: secretKey))".contains(secretKey))
    }
}

@Suite struct CircuitBreakerTests {
    @Test func halfOpenTrialFailureReopens() {
        var breaker = CircuitBreaker(threshold: 2, cooldown: 10)
        let start = Date(timeIntervalSince1970: 0)
        breaker.recordFailure(at: start)
        let stillClosed = breaker.allowsCall(at: start)
        #expect(stillClosed)
        breaker.recordFailure(at: start)
        let duringCooldown = breaker.allowsCall(at: start.addingTimeInterval(5))
        let trial = breaker.allowsCall(at: start.addingTimeInterval(10))
        let secondTrial = breaker.allowsCall(at: start.addingTimeInterval(10))
        #expect(!duringCooldown)
        #expect(trial)
        #expect(!secondTrial)
        breaker.recordFailure(at: start.addingTimeInterval(11))
        #expect(breaker.state == .open(until: start.addingTimeInterval(21)))
    }
}
