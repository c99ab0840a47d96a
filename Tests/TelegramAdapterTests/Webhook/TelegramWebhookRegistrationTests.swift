import ChatPlatform
import CurlHTTP
import Foundation
import RoastTesting
import TelegramBotAPI
import Testing
import Timekeeping

@testable import TelegramAdapter

struct TelegramWebhookRegistrationTests {
    static func registration(_ http: StubHTTPClient, clock: ManualClock = ManualClock()) -> TelegramWebhookRegistration {
        TelegramWebhookRegistration(
            client: TelegramBotClient(token: BotToken("1:T"), http: http), url: "https://bot.example.com/telegram",
            secret: WebhookSecret("abc_DEF-123"),
            maxConnections: 8, clock: clock, logger: CapturedLogs().logger())
    }

    static func json(_ request: HTTPRequest) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])
    }

    @Test func setWebhookCarriesTheSecretTheUpdateKindsAndFewConnections() async throws {
        let http = StubHTTPClient([.ok("true")])
        #expect(try await Self.registration(http).register())
        let request = try #require(http.requests.first)
        #expect(request.url.hasSuffix("/setWebhook"))
        let body = try Self.json(request)
        #expect(body["url"] as? String == "https://bot.example.com/telegram")
        #expect(body["secret_token"] as? String == "abc_DEF-123")
        #expect(body["max_connections"] as? Int == 8)
        #expect(body["allowed_updates"] as? [String] == TelegramPoller.defaultAllowedUpdates)
        #expect(body["drop_pending_updates"] as? Bool == false, "updates waiting for the bot are kept")
    }

    /// After polling, Telegram still holds the last batch the bot applied until a getUpdates with the
    /// next offset: the webhook is set only once that confirmation went out, else Telegram would
    /// deliver the batch again. A 409 (a webhook already set: nothing polled since) counts as done.
    @Test(arguments: [StubHTTPClient.Reply.ok("[]"), .refusal(409, "Conflict: can't use getUpdates method while webhook is active")])
    func theLastPolledBatchIsConfirmedBeforeTheWebhookIsSet(_ answer: StubHTTPClient.Reply) async throws {
        let http = StubHTTPClient([answer, .ok("true")])
        let registration = TelegramWebhookRegistration(
            client: TelegramBotClient(token: BotToken("1:T"), http: http), url: "https://bot.example.com/telegram",
            secret: WebhookSecret("abc_DEF-123"), clock: ManualClock(), logger: CapturedLogs().logger(), confirmingPolledBelow: 42)
        #expect(try await registration.register())
        #expect(http.requests.map { $0.url.split(separator: "/").last.map(String.init) ?? "" } == ["getUpdates", "setWebhook"])
        let confirm = try Self.json(try #require(http.requests.first))
        #expect(confirm["offset"] as? Int == 42)
        #expect(confirm["limit"] as? Int == 1)
        #expect(confirm["timeout"] as? Int == 0)
    }

    @Test func aRefusedTokenStopsRegistration() async {
        let http = StubHTTPClient([.refusal(401, "Unauthorized")])
        await #expect(throws: TelegramPollerError.self) { try await Self.registration(http).register() }
    }

    @Test func aWebhookRemovedElsewhereIsSetAgain() async throws {
        let clock = ManualClock()
        let http = StubHTTPClient([
            .ok("true"),
            .ok(#"{"url": "https://bot.example.com/telegram", "pending_update_count": 0}"#),
            .ok(#"{"url": "", "pending_update_count": 3}"#),
            .ok("true"),
        ])
        let registration = Self.registration(http, clock: clock)
        #expect(try await registration.register())
        let watching = Task { await registration.watch(every: 30) }
        for expected in [2, 4] {
            while clock.sleeperCount == 0 { await Task.yield() }
            clock.advance(by: 30)
            await http.waitForRequests(expected)
        }
        while clock.sleeperCount == 0 { await Task.yield() }
        watching.cancel()
        await watching.value
        #expect(
            http.requests.map { $0.url.split(separator: "/").last.map(String.init) ?? "" } == [
                "setWebhook", "getWebhookInfo", "getWebhookInfo", "setWebhook",
            ])
    }

    /// A webhook Telegram cannot deliver to (the proxy down, a certificate expired) is no contact,
    /// however well getWebhookInfo answers: updates pile up and a fresh delivery error is reported.
    /// Once Telegram delivers again (nothing pending), the check counts.
    @Test func aCheckReportingFreshDeliveryErrorsIsNoContact() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        let failing = Int(clock.now.timeIntervalSince1970) + 25
        let http = StubHTTPClient([
            .ok("true"),
            .ok(
                #"{"url": "https://bot.example.com/telegram", "pending_update_count": 7, "last_error_date": \#(failing), "last_error_message": "Connection refused"}"#
            ),
            .ok(#"{"url": "https://bot.example.com/telegram", "pending_update_count": 0, "last_error_date": \#(failing)}"#),
        ])
        let contact = PlatformContact(name: "webhook delivery or check")
        let registration = TelegramWebhookRegistration(
            client: TelegramBotClient(token: BotToken("1:T"), http: http), url: "https://bot.example.com/telegram",
            secret: WebhookSecret("abc_DEF-123"), clock: clock, logger: CapturedLogs().logger(), contact: contact)
        #expect(try await registration.register())
        let registered = try #require(contact.lastSuccess)
        let watching = Task { await registration.watch(every: 30) }
        while clock.sleeperCount == 0 { await Task.yield() }
        clock.advance(by: 30)
        await http.waitForRequests(2)
        while clock.sleeperCount == 0 { await Task.yield() }
        #expect(contact.lastSuccess == registered, "a check with fresh delivery errors and updates waiting")
        clock.advance(by: 30)
        await http.waitForRequests(3)
        while clock.sleeperCount == 0 { await Task.yield() }
        #expect(contact.lastSuccess.map { $0 > registered } == true, "delivering again")
        watching.cancel()
        await watching.value
    }
}
