import Foundation
import MetricsTestKit
import TelegramBotAPI
import Testing

@testable import TelegramAdapter

/// What the adapter counts: requests by method and outcome, flood control and its waits, poll lag.
struct TelegramMetricsTests {
    @Test func floodControlIsCountedWithTheSecondsItAskedFor() throws {
        let test = TestMetrics()
        let metrics = TelegramMetrics(factory: test)
        metrics.request("sendMessage", failedWith: .retryAfter(seconds: 3))
        metrics.request("sendMessage", failedWith: .retryAfter(seconds: 2))
        metrics.request("sendMessage", .ok)
        #expect(test.counterTotal(label: TelegramMetrics.Name.floodControl, dimensions: [("method", "sendMessage")]) == 2)
        #expect(test.counterTotal(label: TelegramMetrics.Name.retryAfterSeconds) == 5)
        let requests = TelegramMetrics.Name.requests
        #expect(test.counterTotal(label: requests, dimensions: [("method", "sendMessage"), ("outcome", "retry_after")]) == 2)
        #expect(test.counterTotal(label: requests, dimensions: [("method", "sendMessage"), ("outcome", "ok")]) == 1)
    }

    @Test func outcomesFollowTheErrorsDecisions() {
        let test = TestMetrics()
        let metrics = TelegramMetrics(factory: test)
        metrics.request("editMessageText", failedWith: .api(code: 400, description: "Bad Request: message to edit not found"))
        metrics.request("sendMessage", failedWith: .api(code: 403, description: "Forbidden: bot was blocked by the user"))
        metrics.request("getUpdates", failedWith: .conflict("Conflict: terminated by other getUpdates request"))
        metrics.request("sendDocument", failedWith: .network(.timedOut))
        metrics.request("setMyCommands", .ok)
        let requests = TelegramMetrics.Name.requests
        #expect(test.counterTotal(label: requests, dimensions: [("method", "editMessageText"), ("outcome", "rejected")]) == 1)
        #expect(test.counterTotal(label: requests, dimensions: [("method", "sendMessage"), ("outcome", "chat_unavailable")]) == 1)
        #expect(test.counterTotal(label: requests, dimensions: [("method", "getUpdates"), ("outcome", "conflict")]) == 1)
        #expect(test.counterTotal(label: requests, dimensions: [("method", "sendDocument"), ("outcome", "transient")]) == 1)
        #expect(
            test.counterTotal(label: requests, dimensions: [("method", "other"), ("outcome", "ok")]) == 1, "unlisted methods count as other"
        )
    }

    @Test func pollLagIsFromTheNewestDatedUpdate() throws {
        let now = Date(timeIntervalSince1970: 1_772_420_460)
        let updates = try JSONDecoder().decode(
            [Update].self,
            from: Data(
                #"""
                [{"update_id": 1, "message": {"message_id": 1, "date": 1772420400, "chat": {"id": 1, "type": "private"}}},
                 {"update_id": 2, "message": {"message_id": 2, "date": 1772420430, "chat": {"id": 1, "type": "private"}}},
                 {"update_id": 3, "callback_query": {"id": "q", "from": {"id": 1, "is_bot": false, "first_name": "A"}, "chat_instance": "c"}}]
                """#.utf8))
        #expect(Update.lag(of: updates, at: now) == 30)
        #expect(Update.lag(of: [updates[2]], at: now) == 0, "nothing dated")
        #expect(Update.lag(of: [], at: now) == 0)
    }
}
