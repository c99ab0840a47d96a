import CurlHTTP
import Foundation
import RoastTesting
import Testing
import Timekeeping

@testable import DiscordAPI

/// The client's transport waiting out rate limits on a manual clock: nothing here sleeps in real time.
@Suite struct RateLimitedClientTests {
    private static func limited(retryAfter: Double, bucket: String = "msg", global: Bool = false) -> StubHTTPClient.Reply {
        ClientSupport.json(
            #"{"message":"You are being rate limited.","retry_after":\#(retryAfter),"global":\#(global)}"#, status: 429,
            headers: [
                "x-ratelimit-bucket": bucket, "x-ratelimit-limit": "5", "x-ratelimit-remaining": "0",
                "x-ratelimit-reset-after": "\(retryAfter)",
                "retry-after": "\(Int(retryAfter.rounded(.up)))", "x-ratelimit-scope": global ? "global" : "user",
            ])
    }

    private static func sent(bucket: String = "msg", remaining: Int = 4, resetAfter: Double = 5) -> StubHTTPClient.Reply {
        ClientSupport.json(
            ClientSupport.message,
            headers: [
                "x-ratelimit-bucket": bucket, "x-ratelimit-limit": "5", "x-ratelimit-remaining": "\(remaining)",
                "x-ratelimit-reset-after": "\(resetAfter)",
            ])
    }

    /// Yields until `condition` holds (other tasks run meanwhile); false after a generous real-time bound.
    private func eventually(_ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return true
    }

    private func send(_ client: DiscordClient, to channel: Int64) async throws(DiscordError) {
        _ = try await client.createMessage(in: DiscordChannelID(channel), DiscordMessagePayload(content: "roast"))
    }

    @Test func a429OnOneBucketIsWaitedOutWithoutDelayingAnother() async throws {
        let stub = StubHTTPClient([Self.limited(retryAfter: 2), Self.sent(), Self.sent()])
        let clock = ManualClock()
        let client = ClientSupport.client(stub, clock: clock)
        let first = Task { try await send(client, to: 1) }
        #expect(await eventually { stub.requestCount == 1 && clock.sleeperCount == 1 })
        // Channel 2 is another bucket: it goes at once, while channel 1 waits.
        try await send(client, to: 2)
        #expect(stub.requestCount == 2 && clock.sleeperCount == 1)
        clock.advance(by: 1.5)
        #expect(clock.sleeperCount == 1 && stub.requestCount == 2)
        clock.advance(by: 0.5)
        try await first.value
        #expect(stub.requests.map(\.url).map { $0.hasSuffix("/channels/1/messages") } == [true, false, true])
    }

    @Test func anExhaustedBucketWaitsForItsResetBeforeSending() async throws {
        let stub = StubHTTPClient([Self.sent(remaining: 0, resetAfter: 1.5), Self.sent()])
        let clock = ManualClock()
        let client = ClientSupport.client(stub, clock: clock)
        try await send(client, to: 1)
        let second = Task { try await send(client, to: 1) }
        #expect(await eventually { clock.sleeperCount == 1 })
        #expect(stub.requestCount == 1)
        clock.advance(by: 1.5)
        try await second.value
        #expect(stub.requestCount == 2)
    }

    @Test func aGlobal429HoldsOtherBucketsButNotInteractionCallbacks() async throws {
        let stub = StubHTTPClient([Self.limited(retryAfter: 3, global: true)], whenExhausted: Self.sent(bucket: "other"))
        let clock = ManualClock()
        let client = ClientSupport.client(stub, clock: clock)
        let first = Task { try await send(client, to: 1) }
        #expect(await eventually { stub.requestCount == 1 && clock.sleeperCount == 1 })
        let second = Task { try await send(client, to: 2) }
        #expect(await eventually { clock.sleeperCount == 2 })
        try await client.createInteractionResponse(
            to: DiscordInteractionID(9), token: ClientSupport.interactionToken, response: .deferredUpdate)
        #expect(stub.requestCount == 2)
        clock.advance(by: 3)
        try await first.value
        try await second.value
        #expect(stub.requestCount == 4)
    }

    @Test func aWaitLongerThanAllowedFailsWithoutSendingAgain() async {
        let stub = StubHTTPClient([Self.limited(retryAfter: 120)])
        let client = ClientSupport.client(stub, configuration: DiscordClient.Configuration(maximumRateLimitWait: 30))
        await #expect(throws: DiscordError.rateLimited(retryAfter: 120, global: false)) { try await send(client, to: 1) }
        #expect(stub.requestCount == 1)
    }

    @Test func repeated429sGiveUpAfterTheConfiguredRetries() async {
        let stub = StubHTTPClient((0..<3).map { _ in Self.limited(retryAfter: 0) })
        let client = ClientSupport.client(stub, configuration: DiscordClient.Configuration(rateLimitRetries: 2))
        await #expect(throws: DiscordError.rateLimited(retryAfter: 0, global: false)) { try await send(client, to: 1) }
        #expect(stub.requestCount == 3)
        #expect(client.invalidResponsesInLastMinute == 3)
    }

    @Test func tooManyRefusalsHoldEveryRequestUntilTheMinuteHasPassed() async throws {
        let stub = StubHTTPClient(
            [ClientSupport.error(403, code: 50013), ClientSupport.error(403, code: 50001)],
            whenExhausted: ClientSupport.json(ClientSupport.message))
        let clock = ManualClock()
        let client = ClientSupport.client(
            stub, clock: clock, configuration: DiscordClient.Configuration(maximumRateLimitWait: 120, invalidRequestsPerMinute: 2))
        await #expect(throws: DiscordError.missingPermissions) { try await send(client, to: 1) }
        clock.advance(by: 20)
        await #expect(throws: DiscordError.missingAccess) { try await send(client, to: 2) }
        let held = Task { try await send(client, to: 3) }
        #expect(await eventually { clock.sleeperCount == 1 })
        #expect(stub.requestCount == 2)
        clock.advance(by: 40)
        try await held.value
        #expect(stub.requestCount == 3)
    }

    @Test func anInteractionCallbackNeverWaitsPastItsDeadline() async {
        let stub = StubHTTPClient([ClientSupport.error(403, code: 50013)], whenExhausted: ClientSupport.noContent)
        let clock = ManualClock()
        let client = ClientSupport.client(
            stub, clock: clock, configuration: DiscordClient.Configuration(maximumRateLimitWait: 120, invalidRequestsPerMinute: 1))
        await #expect(throws: DiscordError.missingPermissions) { try await send(client, to: 1) }
        // The guard holds everything for a minute; a callback that waited would be 10062 anyway, so it fails now.
        await #expect(throws: DiscordError.rateLimited(retryAfter: 60, global: true)) {
            try await client.createInteractionResponse(
                to: DiscordInteractionID(9), token: ClientSupport.interactionToken, response: .deferredUpdate)
        }
        #expect(stub.requestCount == 1 && clock.sleeperCount == 0)
    }

    @Test func cancellingAWaitingRequestEndsItWithoutSending() async {
        let stub = StubHTTPClient([Self.limited(retryAfter: 10)])
        let clock = ManualClock()
        let client = ClientSupport.client(stub, clock: clock)
        let waiting = Task { try await send(client, to: 1) }
        #expect(await eventually { clock.sleeperCount == 1 })
        waiting.cancel()
        await #expect(throws: DiscordError.network(.cancelled)) { try await waiting.value }
        #expect(stub.requestCount == 1)
    }
}
