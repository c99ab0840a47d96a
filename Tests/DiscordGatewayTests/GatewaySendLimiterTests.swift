import Testing

@testable import DiscordGateway

@Suite struct GatewaySendLimiterTests {
    @Test func commandsLeaveTheReserveForHeartbeats() {
        var limiter = GatewaySendLimiter(limit: 120, window: .seconds(60), reserve: 10)
        let commands = (0..<110).map { limiter.record(.command, now: .milliseconds($0)) }
        #expect(commands.allSatisfy { $0 })
        let overCommands = limiter.record(.command, now: .seconds(1))
        #expect(!overCommands)
        let commandSlot = limiter.nextAllowed(.command, now: .seconds(1))
        #expect(commandSlot == .seconds(60))
        let beats = (0..<10).map { _ in limiter.record(.session, now: .seconds(2)) }
        #expect(beats.allSatisfy { $0 })
        let overBeats = limiter.record(.session, now: .seconds(3))
        #expect(!overBeats)
        // The window slides: the first send leaves it at 60 s.
        let slid = limiter.record(.session, now: .seconds(60))
        #expect(slid)
    }
}

@Suite struct GatewayBackoffTests {
    @Test func growsWithFailuresWithinItsJitterAndCap() {
        let backoff = GatewayBackoff(base: 1, maximum: 60)
        var generator = SeededGenerator(seed: 1)
        #expect(backoff.delay(afterFailures: 0, using: &generator) == 0)
        for _ in 0..<50 {
            #expect((0..<1).contains(backoff.delay(afterFailures: 1, using: &generator)))
            #expect((1...2).contains(backoff.delay(afterFailures: 2, using: &generator)))
            #expect((4...8).contains(backoff.delay(afterFailures: 4, using: &generator)))
            #expect((30...60).contains(backoff.delay(afterFailures: 40, using: &generator)))
        }
    }
}

@Suite struct GatewayURLTests {
    @Test(arguments: [
        ("wss://gateway.discord.gg", "wss://gateway.discord.gg/?v=10&encoding=json"),
        ("wss://gateway-us-east1-b.discord.gg/", "wss://gateway-us-east1-b.discord.gg/?v=10&encoding=json"),
        ("ws://127.0.0.1:4000/gateway-resume", "ws://127.0.0.1:4000/gateway-resume?v=10&encoding=json"),
        ("ws://127.0.0.1:4000/gateway?v=9&compress=zlib-stream", "ws://127.0.0.1:4000/gateway?v=10&encoding=json&compress=zlib-stream"),
    ])
    func asksForVersion10AndJSON(base: String, expected: String) {
        #expect(GatewayURL.connectURL(base) == expected)
    }
}
