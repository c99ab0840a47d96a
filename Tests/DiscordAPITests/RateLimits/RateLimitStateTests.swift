import CurlHTTP
import Testing
import Timekeeping

@testable import DiscordAPI

/// The limiter's rules as tables: each scenario is a sequence of reservations and completions at given times (seconds
/// of monotonic time), with what each reservation must decide.
@Suite struct RateLimitStateTests {
    enum Outcome: Sendable, Equatable {
        case proceed
        case wait(until: Double, DiscordRateLimitState.WaitReason)
        case awaitCompletion
    }

    enum Step: Sendable {
        case reserve(String, at: Double, Outcome)
        /// Completes the oldest outstanding reservation of the route.
        case complete(
            String, at: Double, status: Int = 200, headers: DiscordRateLimitHeaders = DiscordRateLimitHeaders(), retryAfter: Double? = nil,
            global: Bool? = nil)
        /// Reserves `count` times at once, each expected to proceed.
        case burst(String, at: Double, count: Int)
        case invalidCount(at: Double, Int)
    }

    struct Scenario: Sendable, CustomTestStringConvertible {
        var name: String
        var steps: [Step]
        var globalLimit = 50
        var invalidLimit = 250
        var testDescription: String { name }
    }

    static let routes: [String: DiscordRoute] = [
        "send A": .createMessage(channel: DiscordChannelID(1)),
        "send B": .createMessage(channel: DiscordChannelID(2)),
        "edit A": .editMessage(channel: DiscordChannelID(1), message: DiscordMessageID(9)),
        "edit B": .editMessage(channel: DiscordChannelID(2), message: DiscordMessageID(9)),
        "callback": .interactionCallback(interaction: DiscordInteractionID(7), token: DiscordInteractionToken("t")),
        "followup": .createFollowup(application: DiscordApplicationID(3), token: DiscordInteractionToken("t")),
        "dm": .createDM(),
    ]

    static func limits(_ bucket: String, limit: Int, remaining: Int, resetAfter: Double) -> DiscordRateLimitHeaders {
        DiscordRateLimitHeaders(bucket: bucket, limit: limit, remaining: remaining, resetAfter: resetAfter)
    }

    static let scenarios: [Scenario] = [
        Scenario(
            name: "an unknown route lets one request through until its headers tell the limit",
            steps: [
                .reserve("send A", at: 0, .proceed),
                .reserve("send A", at: 0, .awaitCompletion),
                .complete("send A", at: 0.25, headers: limits("msg", limit: 5, remaining: 4, resetAfter: 5)),
                .burst("send A", at: 0.5, count: 4),
                .reserve("send A", at: 0.75, .wait(until: 5.25, .bucketExhausted)),
                .reserve("send A", at: 5.25, .proceed),
            ]),
        Scenario(
            name: "an exhausted bucket holds requests until it resets, without a 429",
            steps: [
                .reserve("send A", at: 0, .proceed),
                .complete("send A", at: 1, headers: limits("msg", limit: 1, remaining: 0, resetAfter: 1.5)),
                .reserve("send A", at: 1.2, .wait(until: 2.5, .bucketExhausted)),
                .reserve("send A", at: 2.5, .proceed),
            ]),
        Scenario(
            name: "requests in flight count against what the server says remains",
            steps: [
                .reserve("send A", at: 0, .proceed),
                .complete("send A", at: 0, headers: limits("msg", limit: 5, remaining: 4, resetAfter: 5)),
                .burst("send A", at: 0.1, count: 3),
                // The first of the three answers: the server saw 2 of 5, but 2 more are still on their way.
                .complete("send A", at: 0.2, headers: limits("msg", limit: 5, remaining: 3, resetAfter: 4.8)),
                .reserve("send A", at: 0.3, .proceed),
                .reserve("send A", at: 0.3, .wait(until: 5, .bucketExhausted)),
            ]),
        Scenario(
            name: "a 429 holds its own bucket for retry_after and no other",
            steps: [
                .reserve("send A", at: 0, .proceed),
                .complete(
                    "send A", at: 1, status: 429, headers: limits("msg", limit: 5, remaining: 0, resetAfter: 2.5), retryAfter: 2.5,
                    global: false),
                .reserve("send A", at: 1, .wait(until: 3.5, .bucketExhausted)),
                .reserve("send B", at: 1, .proceed),
                .reserve("edit A", at: 1, .proceed),
                .reserve("send A", at: 3.5, .proceed),
            ]),
        Scenario(
            name: "a 429 taken before the bucket was known still holds its channel once another channel teaches the bucket",
            steps: [
                .reserve("send A", at: 0, .proceed),
                .complete("send A", at: 0, status: 429, retryAfter: 2),
                .reserve("send B", at: 0.1, .proceed),
                .complete("send B", at: 0.2, headers: limits("msg", limit: 5, remaining: 4, resetAfter: 5)),
                .reserve("send A", at: 0.3, .wait(until: 2, .bucketExhausted)),
                .reserve("send B", at: 0.3, .proceed),
            ]),
        Scenario(
            name: "Retry-After is honoured when the body has no retry_after",
            steps: [
                .reserve("dm", at: 0, .proceed),
                .complete("dm", at: 0, status: 429, headers: DiscordRateLimitHeaders(retryAfter: 4)),
                .reserve("dm", at: 0, .wait(until: 4, .bucketExhausted)),
            ]),
        Scenario(
            name: "two routes reporting one bucket share it per channel",
            steps: [
                .reserve("send A", at: 0, .proceed),
                .complete("send A", at: 0, headers: limits("shared-hash", limit: 2, remaining: 1, resetAfter: 3)),
                .reserve("edit A", at: 0, .proceed),
                .complete("edit A", at: 0.1, headers: limits("shared-hash", limit: 2, remaining: 0, resetAfter: 2.9)),
                .reserve("send A", at: 0.2, .wait(until: 3, .bucketExhausted)),
                .reserve("edit A", at: 0.2, .wait(until: 3, .bucketExhausted)),
                .reserve("send B", at: 0.2, .proceed),
            ]),
        Scenario(
            name: "the global limit holds the 51st request of a second, but never an interaction callback",
            steps: [
                .reserve("send A", at: 0, .proceed),
                .complete("send A", at: 0, headers: limits("msg", limit: 100, remaining: 99, resetAfter: 10)),
                .burst("send A", at: 0.1, count: 49),
                .reserve("send A", at: 0.5, .wait(until: 1.0, .globalLimit)),
                .reserve("callback", at: 0.5, .proceed),
                .reserve("followup", at: 0.5, .proceed),
                .reserve("send A", at: 1.0, .proceed),
            ]),
        Scenario(
            name: "a global 429 holds every route bound by the global limit",
            steps: [
                .reserve("send A", at: 0, .proceed),
                .complete(
                    "send A", at: 0, status: 429, headers: DiscordRateLimitHeaders(isGlobal: true, scope: .global, retryAfter: 2),
                    retryAfter: 1.5, global: true),
                .reserve("send B", at: 0.5, .wait(until: 1.5, .globalRateLimited)),
                .reserve("dm", at: 0.5, .wait(until: 1.5, .globalRateLimited)),
                .reserve("callback", at: 0.5, .proceed),
                .reserve("send B", at: 1.5, .proceed),
            ]),
        Scenario(
            name: "a shared-scope 429 holds the bucket but is not an invalid request",
            steps: [
                .reserve("send A", at: 0, .proceed),
                .complete("send A", at: 0, status: 429, headers: DiscordRateLimitHeaders(bucket: "msg", scope: .shared), retryAfter: 3),
                .invalidCount(at: 0, 0),
                .reserve("send A", at: 1, .wait(until: 3, .bucketExhausted)),
                .reserve("send B", at: 1, .proceed),
                .complete("send B", at: 1, status: 429, headers: DiscordRateLimitHeaders(bucket: "msg", scope: .user), retryAfter: 3),
                .invalidCount(at: 1, 1),
            ]),
        Scenario(
            name: "past the invalid-request threshold every request waits until the oldest leaves the minute",
            steps: [
                .reserve("send A", at: 0, .proceed),
                .complete("send A", at: 0, status: 403),
                .reserve("send B", at: 10, .proceed),
                .complete("send B", at: 10, status: 401),
                .reserve("edit B", at: 20, .proceed),
                .complete("edit B", at: 20, status: 403),
                .invalidCount(at: 20, 3),
                .reserve("dm", at: 30, .wait(until: 60, .invalidRequestGuard)),
                .reserve("callback", at: 30, .wait(until: 60, .invalidRequestGuard)),
                .reserve("dm", at: 60, .proceed),
                .invalidCount(at: 60, 2),
            ],
            invalidLimit: 3),
        Scenario(
            name: "a route answering without limit headers is not held",
            steps: [
                .reserve("dm", at: 0, .proceed),
                .complete("dm", at: 0),
                .burst("dm", at: 0.1, count: 10),
            ]),
        Scenario(
            name: "a request that got no answer lets the next one through on a route not yet learned",
            steps: [
                .reserve("send A", at: 0, .proceed),
                .reserve("send A", at: 0, .awaitCompletion),
                .complete("send A", at: 0.5, status: -1),
                .reserve("send A", at: 0.5, .proceed),
            ]),
    ]

    @Test(arguments: scenarios)
    func decides(_ scenario: Scenario) {
        var state = DiscordRateLimitState(
            configuration: .init(
                globalLimit: scenario.globalLimit, globalWindow: 1, invalidRequestLimit: scenario.invalidLimit, invalidRequestWindow: 60))
        var outstanding: [String: [DiscordRateLimitState.Ticket]] = [:]
        func at(_ seconds: Double) -> Duration { .seconds(seconds) }
        for (index, step) in scenario.steps.enumerated() {
            switch step {
            case .reserve(let name, let time, let expected):
                let decision = state.reserve(Self.routes[name]!, now: at(time))
                switch decision {
                case .proceed(let ticket):
                    outstanding[name, default: []].append(ticket)
                    #expect(expected == .proceed, "step \(index): \(name) at \(time)")
                case .wait(let until, let reason):
                    guard case .wait(let expectedUntil, let expectedReason) = expected else {
                        Issue.record("step \(index): \(name) at \(time) waits (\(reason)) until \(until.seconds)")
                        continue
                    }
                    #expect(reason == expectedReason && abs(until.seconds - expectedUntil) < 1e-9, "step \(index): \(name) at \(time)")
                case .awaitCompletion:
                    #expect(expected == .awaitCompletion, "step \(index): \(name) at \(time)")
                }
            case .burst(let name, let time, let count):
                for _ in 0..<count {
                    guard case .proceed(let ticket) = state.reserve(Self.routes[name]!, now: at(time)) else {
                        Issue.record("step \(index): \(name) was held within its burst")
                        return
                    }
                    outstanding[name, default: []].append(ticket)
                }
            case .complete(let name, let time, let status, let headers, let retryAfter, let global):
                guard let ticket = outstanding[name]?.first else {
                    Issue.record("step \(index): nothing outstanding on \(name)")
                    return
                }
                outstanding[name]?.removeFirst()
                if status < 0 {
                    state.abandon(ticket, route: Self.routes[name]!)
                } else {
                    let completion = state.complete(
                        ticket, route: Self.routes[name]!, status: status, headers: headers, retryAfter: retryAfter, global: global,
                        now: at(time))
                    #expect((status == 429) == (completion != .done), "step \(index)")
                }
            case .invalidCount(let time, let count):
                #expect(state.invalidResponseCount(now: at(time)) == count, "step \(index)")
            }
        }
    }

    @Test func a429ReportsHowLongAndWhetherItWasGlobal() {
        var state = DiscordRateLimitState(
            configuration: .init(globalLimit: 50, globalWindow: 1, invalidRequestLimit: 250, invalidRequestWindow: 60))
        let route = Self.routes["send A"]!
        guard case .proceed(let first) = state.reserve(route, now: .zero),
            case .proceed(let second) = state.reserve(Self.routes["send B"]!, now: .zero)
        else {
            Issue.record("held")
            return
        }
        #expect(
            state.complete(first, route: route, status: 429, headers: DiscordRateLimitHeaders(retryAfter: 3), retryAfter: 0.75, now: .zero)
                == .rateLimited(after: 0.75, global: false))
        #expect(
            state.complete(
                second, route: Self.routes["send B"]!, status: 429, headers: DiscordRateLimitHeaders(isGlobal: true, retryAfter: 2),
                now: .zero)
                == .rateLimited(after: 2, global: true))
    }

    /// Numbers a server (or a proxy) sends that are finite but absurd — a limit, a reset, a
    /// retry_after of 10^300 — hold the route back for a long time; they do not crash the bot.
    @Test func absurdNumbersFromTheServerHoldTheRouteWithoutCrashing() {
        let huge = "1e300"
        let headers = DiscordRateLimitHeaders(
            HTTPResponse(
                status: 429,
                headers: [
                    "X-RateLimit-Limit": huge, "X-RateLimit-Remaining": huge, "X-RateLimit-Reset-After": huge, "Retry-After": huge,
                ]))
        var state = DiscordRateLimitState(
            configuration: .init(globalLimit: 50, globalWindow: 1, invalidRequestLimit: 250, invalidRequestWindow: 60))
        let route = Self.routes["send A"]!
        guard case .proceed(let ticket) = state.reserve(route, now: .zero) else {
            Issue.record("held")
            return
        }
        guard case .rateLimited = state.complete(ticket, route: route, status: 429, headers: headers, retryAfter: 1e300, now: .zero)
        else {
            Issue.record("not rate limited")
            return
        }
        if case .proceed = state.reserve(route, now: .seconds(31_536_000)) { Issue.record("free again within a year") }
    }
}
