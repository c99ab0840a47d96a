import DiscordAPI
import Foundation
import Testing

@testable import DiscordGateway

@Suite struct GatewaySessionMachineTests {
    typealias H = MachineHarness

    // MARK: - Identify and heartbeats

    @Test func identifiesWithTheBotIntentsOnTheGatewayURLWithVersionAndEncoding() throws {
        var harness = H()
        let (_, actions) = try harness.startAndIdentify()
        #expect(H.connects(harness.history).map(\.url) == ["wss://gateway.discord.gg/?v=10&encoding=json"])
        let identify = try #require(H.sent(actions).first)
        #expect(identify["op"] as? Int == 2)
        let data = try #require(identify["d"] as? [String: Any])
        #expect(data["token"] as? String == H.token)
        #expect(data["intents"] as? Int == 5633)
        #expect(data["properties"] as? [String: String] == ["os": "linux", "browser": "roastbot", "device": "roastbot"])
        #expect(H.states(actions) == [.identifying])
    }

    @Test func identifiesWithTheTokenAsRESTSendsItWhateverWasPasted() throws {
        var harness = H(configuration: GatewayConfiguration(token: DiscordBotToken("  Bot \(H.token)\n")))
        let (_, actions) = try harness.startAndIdentify()
        #expect((H.sent(actions).first?["d"] as? [String: Any])?["token"] as? String == H.token)
    }

    @Test func asksForMessageContentOnlyWhenConfigured() throws {
        var harness = H(configuration: GatewayConfiguration(token: DiscordBotToken(H.token), intents: .bot(messageContent: true)))
        let (_, actions) = try harness.startAndIdentify()
        #expect((H.sent(actions).first?["d"] as? [String: Any])?["intents"] as? Int == 38401)
    }

    @Test func firstHeartbeatWaitsTheIntervalTimesJitterThenEveryInterval() throws {
        var harness = H()
        let helloAt = harness.now
        var expectedGenerator = SeededGenerator(seed: 7)
        let jitter = Double.random(in: 0..<1, using: &expectedGenerator)
        let (generation, _) = try harness.startAndIdentify(interval: 41_250)
        let first = try #require(harness.machine.nextDeadline)
        #expect(abs((first - helloAt).seconds - 41.25 * jitter) < 0.001)
        // No dispatch yet: the beat carries null.
        #expect(H.sent(try harness.tickAtNextDeadline()).map { $0["d"] is NSNull } == [true])
        harness.receive(generation, #"{"op":11}"#)
        #expect(harness.machine.nextDeadline == first + .milliseconds(41_250))
    }

    @Test func heartbeatsCarryTheLastSequenceReceived() throws {
        var harness = H()
        let (generation, _) = try harness.startAndIdentify()
        harness.ready(generation)
        _ = harness.dispatch(generation, "MESSAGE_CREATE", sequence: 2)
        _ = harness.dispatch(generation, "INTERACTION_CREATE", sequence: 5)
        let beat = H.sent(try harness.tickAtNextDeadline())
        #expect(beat.map { $0["op"] as? Int } == [1])
        #expect(beat.map { $0["d"] as? Int } == [5])
    }

    @Test func beatsAtOnceWhenTheServerAsks() throws {
        var harness = H()
        let (generation, _) = try harness.startAndIdentify()
        harness.ready(generation)
        let scheduled = harness.machine.nextDeadline
        let actions = harness.receive(generation, #"{"op":1,"d":null}"#)
        #expect(H.sent(actions).map { $0["d"] as? Int } == [1])
        #expect(harness.machine.nextDeadline == scheduled)
    }

    // MARK: - Zombies, reconnects, resumes

    @Test func unacknowledgedHeartbeatClosesTheZombieWithoutEndingTheSessionAndResumes() throws {
        var harness = H()
        let (generation, _) = try harness.startAndIdentify()
        harness.ready(generation)
        try harness.tickAtNextDeadline()  // a beat, never acknowledged
        let zombie = try harness.tickAtNextDeadline()
        let closes = H.closes(zombie)
        #expect(closes.map(\.generation) == [generation])
        #expect(closes.allSatisfy { $0.code != 1000 && $0.code != 1001 })
        #expect(H.sentOpcodes(zombie).isEmpty)
        guard case .disconnected(.zombie, willResume: true, _)? = H.states(zombie).last else {
            Issue.record("no zombie disconnect: \(H.states(zombie))")
            return
        }
        let (_, url, hello) = try harness.reconnect()
        #expect(url == "\(H.resumeURL)/?v=10&encoding=json")
        let resume = try #require(H.sent(hello).first)
        #expect(resume["op"] as? Int == 6)
        let data = try #require(resume["d"] as? [String: Any])
        #expect(data["token"] as? String == H.token)
        #expect(data["session_id"] as? String == "session-1")
        #expect(data["seq"] as? Int == 1)
        #expect(H.states(hello) == [.resuming])
    }

    @Test func reconnectRequestIsResumedAtOnce() throws {
        var harness = H()
        let (generation, _) = try harness.startAndIdentify()
        harness.ready(generation)
        _ = harness.dispatch(generation, "MESSAGE_CREATE", sequence: 2)
        let actions = harness.receive(generation, #"{"op":7,"d":null}"#)
        #expect(H.closes(actions).map(\.code) == [4000])
        #expect(harness.machine.nextDeadline == harness.now)
        let (_, url, hello) = try harness.reconnect()
        #expect(url.hasPrefix(H.resumeURL))
        #expect((H.sent(hello).first?["d"] as? [String: Any])?["seq"] as? Int == 2)
    }

    @Test func resumeReplayIsDeliveredOnceInOrderThenResumed() throws {
        var harness = H()
        let (generation, _) = try harness.startAndIdentify()
        harness.ready(generation)
        _ = harness.dispatch(generation, "MESSAGE_CREATE", sequence: 2)
        harness.handle(.closed(generation, code: nil))
        let (resumed, _, _) = try harness.reconnect()
        var delivered: [GatewayDispatch] = []
        for sequence in [2, 3, 4, 3] {
            delivered += H.dispatches(harness.dispatch(resumed, "MESSAGE_CREATE", sequence: sequence))
        }
        let done = harness.receive(resumed, #"{"op":0,"s":5,"t":"RESUMED","d":{}}"#)
        delivered += H.dispatches(done)
        #expect(delivered.map(\.sequence) == [3, 4, 5])
        #expect(delivered.map(\.name) == ["MESSAGE_CREATE", "MESSAGE_CREATE", "RESUMED"])
        #expect(H.states(done) == [.resumed])
    }

    @Test func resumableInvalidSessionResumes() throws {
        var harness = H()
        let (generation, _) = try harness.startAndIdentify()
        harness.ready(generation)
        harness.receive(generation, #"{"op":9,"d":true}"#)
        let (_, url, hello) = try harness.reconnect()
        #expect(url.hasPrefix(H.resumeURL))
        #expect(H.sentOpcodes(hello) == [6])
    }

    @Test func invalidSessionIdentifiesAfreshOnTheGatewayURLAfterOneToFiveSeconds() throws {
        var harness = H()
        let (generation, _) = try harness.startAndIdentify()
        harness.ready(generation)
        _ = harness.dispatch(generation, "MESSAGE_CREATE", sequence: 2)
        harness.now += .seconds(10)
        let invalid = harness.receive(generation, #"{"op":9,"d":false}"#)
        #expect(H.closes(invalid).map(\.generation) == [generation])
        let wait = try #require(harness.machine.nextDeadline) - harness.now
        #expect(wait >= .seconds(1) && wait <= .seconds(5))
        let (fresh, url, hello) = try harness.reconnect()
        #expect(url == "\(H.gatewayURL)/?v=10&encoding=json")
        #expect(H.sentOpcodes(hello) == [2])
        // The old session's sequence is gone with it.
        #expect(H.sent(try harness.tickAtNextDeadline()).map { $0["d"] is NSNull } == [true])
        _ = fresh
    }

    // MARK: - Close codes

    @Test(arguments: [4004, 4010, 4011, 4012, 4013, 4014])
    func finalCloseCodeEndsTheSessionWithATypedErrorAndNoReconnect(code: Int) throws {
        var harness = H()
        let (generation, _) = try harness.startAndIdentify()
        let actions = harness.handle(.closed(generation, code: code))
        let expected = try #require(GatewayFinalError(closeCode: code, intents: .botDefault))
        #expect(actions.contains(.finish(expected)))
        #expect(harness.machine.nextDeadline == nil)
        #expect(harness.advance(by: 3_600).isEmpty)
        #expect(H.connects(harness.history).count == 1)
    }

    @Test(
        arguments: [
            (nil, true), (1000, true), (1001, true), (4000, true), (4001, true), (4002, true), (4005, true), (4008, true),
            (4003, false), (4007, false), (4009, false),
        ] as [(Int?, Bool)])
    func closeCodeChoosesResumeOrAFreshIdentify(code: Int?, resumes: Bool) throws {
        var harness = H()
        let (generation, _) = try harness.startAndIdentify()
        harness.ready(generation)
        harness.now += .seconds(10)
        let closed = harness.handle(.closed(generation, code: code))
        guard case .disconnected(_, let willResume, let retryAfter)? = H.states(closed).last else {
            Issue.record("no disconnect state")
            return
        }
        #expect(willResume == resumes)
        #expect(retryAfter >= 0 && retryAfter < 1)
        let (_, url, hello) = try harness.reconnect()
        #expect(url.hasPrefix(resumes ? H.resumeURL : H.gatewayURL))
        #expect(H.sentOpcodes(hello) == [resumes ? 6 : 2])
    }

    @Test func threeFailedResumesInARowStartANewSession() throws {
        var harness = H()
        let (generation, _) = try harness.startAndIdentify()
        harness.ready(generation)
        harness.handle(.closed(generation, code: nil))
        for attempt in 1...3 {
            let (resuming, url, hello) = try harness.reconnect()
            #expect(url.hasPrefix(H.resumeURL), "attempt \(attempt)")
            #expect(H.sentOpcodes(hello) == [6])
            harness.handle(.closed(resuming, code: 1006))
        }
        #expect(harness.machine.failedResumes == 0)
        let (_, url, hello) = try harness.reconnect()
        #expect(url.hasPrefix(H.gatewayURL))
        #expect(H.sentOpcodes(hello) == [2])
    }

    @Test func eventsOfAnEarlierConnectionAreIgnored() throws {
        var harness = H()
        let (old, _) = try harness.startAndIdentify()
        harness.ready(old)
        harness.receive(old, #"{"op":7,"d":null}"#)
        let (current, _, _) = try harness.reconnect()
        #expect(harness.handle(.closed(old, code: 4004)).isEmpty)
        #expect(harness.receive(old, #"{"op":10,"d":{"heartbeat_interval":1000}}"#).isEmpty)
        #expect(harness.receive(old, #"{"op":0,"s":9,"t":"MESSAGE_CREATE","d":{}}"#).isEmpty)
        // A connection that opens after it was given up is closed at once.
        #expect(H.closes(harness.handle(.connected(old))).map(\.generation) == [old])
        #expect(H.closes(harness.handle(.closed(current, code: 4004))).isEmpty)
    }

    @Test func noHelloInTimeClosesAndTriesAgain() throws {
        var harness = H()
        harness.handle(.start)
        let connect = harness.handle(
            .gatewayBot(DiscordGatewayBot(url: H.gatewayURL, sessionStartLimit: DiscordGatewayBot.SessionStartLimit.plenty)))
        let generation = try #require(H.connects(connect).first?.generation)
        harness.handle(.connected(generation))
        let timeout = try harness.tickAtNextDeadline()
        #expect(H.closes(timeout).map(\.generation) == [generation])
        #expect(H.states(timeout).contains { if case .disconnected(.helloTimeout, _, _) = $0 { true } else { false } })
        #expect(H.connects(try harness.tickAtNextDeadline()).count == 1)
    }

    @Test func repeatedConnectFailuresAskForTheGatewayURLAgain() throws {
        var harness = H()
        harness.handle(.start)
        var actions = harness.handle(
            .gatewayBot(DiscordGatewayBot(url: H.gatewayURL, sessionStartLimit: DiscordGatewayBot.SessionStartLimit.plenty)))
        for _ in 1...3 {
            let generation = try #require(H.connects(actions).first?.generation)
            harness.handle(.connectFailed(generation, "connection refused"))
            actions = try harness.tickAtNextDeadline()
        }
        #expect(actions == [.fetchGatewayBot, .emit(.stateChanged(.fetchingGatewayBot))])
    }

    @Test func stopClosesWith1000AndFinishes() throws {
        var harness = H()
        let (generation, _) = try harness.startAndIdentify()
        harness.ready(generation)
        let actions = harness.handle(.stop)
        #expect(H.closes(actions).map(\.code) == [1000])
        #expect(actions.last == .finish(nil))
        #expect(harness.machine.nextDeadline == nil)
    }

    // MARK: - Budgets and limits

    @Test func identifyBudgetIsNeverExceededAndIsAskedAgainAfterItsReset() throws {
        var harness = H()
        let limit = DiscordGatewayBot.SessionStartLimit(total: 1_000, remaining: 2, resetAfter: 600_000, maxConcurrency: 1)
        let (first, _) = try harness.startAndIdentify(limit: limit)
        harness.ready(first)
        harness.handle(.closed(first, code: 4009))
        let (second, _, hello) = try harness.reconnect()
        #expect(H.sentOpcodes(hello) == [2])
        harness.ready(second, session: "session-2")
        harness.handle(.closed(second, code: 4009))
        let waiting = try harness.tickAtNextDeadline()
        #expect(H.connects(waiting).isEmpty)
        guard case .waitingForIdentifyBudget(let seconds)? = H.states(waiting).last else {
            Issue.record("not waiting for the budget: \(H.states(waiting))")
            return
        }
        #expect(seconds > 500 && seconds <= 600)
        #expect(try harness.tickAtNextDeadline().contains(.fetchGatewayBot))
        let identifies = H.sent(harness.history).filter { $0["op"] as? Int == 2 }
        #expect(identifies.count == 2)
    }

    @Test func identifiesAreFiveSecondsAndTheMarginApartWithMaxConcurrencyOne() throws {
        var harness = H()
        let (generation, _) = try harness.startAndIdentify()
        let identifiedAt = harness.now
        harness.receive(generation, #"{"op":9,"d":false}"#)
        var actions = try harness.tickAtNextDeadline()
        if H.connects(actions).isEmpty {
            #expect(H.states(actions).contains { if case .waitingForIdentifyBudget = $0 { true } else { false } })
            actions = try harness.tickAtNextDeadline()
        }
        #expect(H.connects(actions).count == 1)
        #expect(harness.now - identifiedAt >= .seconds(6))
    }

    @Test func commandsWaitForTheSessionAndLeaveRoomForHeartbeats() throws {
        var harness = H()
        for index in 0..<120 { harness.handle(.command(Data(#"{"op":3,"d":{"n":\#(index)}}"#.utf8))) }
        let (generation, hello) = try harness.startAndIdentify()
        #expect(H.sentOpcodes(hello) == [2])
        harness.ready(generation)
        // Identify used one of the 110 sends commands may take.
        #expect(H.sentOpcodes(harness.history).filter { $0 == 3 }.count == 109)
        let beat = try harness.tickAtNextDeadline()
        #expect(H.sentOpcodes(beat) == [1])
        harness.receive(generation, #"{"op":11}"#)
        harness.now += .seconds(61)
        harness.handle(.tick)
        #expect(H.sentOpcodes(harness.history).filter { $0 == 3 }.count == 120)
    }

    @Test func neverLogsOrReportsTheToken() throws {
        var harness = H()
        let (generation, _) = try harness.startAndIdentify()
        harness.ready(generation)
        harness.handle(.closed(generation, code: nil))
        _ = try harness.reconnect()
        harness.handle(.closed(generation + 1, code: 4004))
        for action in harness.history {
            if case .send = action { continue }
            #expect(!String(describing: action).contains(H.token))
        }
        #expect(!String(describing: harness.machine.configuration).contains(H.token))
        #expect(!"\(DiscordBotToken(H.token))".contains(H.token))
        #expect(!String(reflecting: DiscordBotToken(H.token)).contains(H.token))
    }
}
