import CurlHTTP
import Foundation
import RoastTesting
import Testing

@testable import TelegramBotAPI

@Suite struct ErrorMappingTests {
    private func failure(of reply: StubHTTPClient.Reply) async -> TelegramError? {
        let client = TelegramBotClient(token: BotToken("123:SECRET"), http: StubHTTPClient([reply]))
        do {
            _ = try await client.sendMessage(chatID: 1, text: "secret roast text")
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        (
            StubHTTPClient.Reply.refusal(429, "Too Many Requests: retry after 7", parameters: #"{"retry_after":7}"#),
            TelegramError.retryAfter(seconds: 7)
        ),
        (
            .refusal(400, "Bad Request: group chat was upgraded to a supergroup chat", parameters: #"{"migrate_to_chat_id":-1001234}"#),
            .migrated(to: -1_001_234)
        ),
        (
            .refusal(409, "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running"),
            .conflict("Conflict: terminated by other getUpdates request; make sure that only one bot instance is running")
        ),
        (.refusal(403, "Forbidden: bot was blocked by the user"), .api(code: 403, description: "Forbidden: bot was blocked by the user")),
        (.refusal(500, "Internal Server Error"), .api(code: 500, description: "Internal Server Error")),
        (.text("<html><body>502 Bad Gateway</body></html>", status: 502), .api(code: 502, description: "HTTP 502")),
        (
            .json(#"{"ok":true,"result":{"message_id":1,"chat":"#),
            .invalidResponse("HTTP 200 with a body that is not Bot API JSON (43 bytes)")
        ),
        (.ok(#"{"message_id":"one"}"#), .invalidResponse("unexpected result: type mismatch at result.message_id (expected Int64)")),
        (.failure(.connectionRefused), .network(.connectionRefused)),
        (.failure(.timedOut), .network(.timedOut)),
    ])
    func responsesMapToDecisions(reply: StubHTTPClient.Reply, expected: TelegramError) async {
        #expect(await failure(of: reply) == expected)
    }

    @Test(arguments: [
        (TelegramError.retryAfter(seconds: 3), true),
        (.network(.connectionLost("reset")), true),
        (.network(.cancelled), false),
        (.api(code: 502, description: "HTTP 502"), true),
        (.api(code: 400, description: "Bad Request: message text is empty"), false),
        (.migrated(to: -100), false),
        (.conflict("Conflict"), false),
    ])
    func retryabilityFollowsTheKindOfFailure(error: TelegramError, retryable: Bool) {
        #expect(error.isRetryable == retryable)
    }

    @Test func classifiesNotModifiedAndUnavailableChats() {
        #expect(
            TelegramError.api(
                code: 400,
                description: "Bad Request: message is not modified: specified new message content and reply markup are exactly the same"
            ).isEditNotModified)
        #expect(!TelegramError.api(code: 400, description: "Bad Request: message to edit not found").isEditNotModified)
        #expect(TelegramError.api(code: 403, description: "Forbidden: bot was kicked from the group chat").isChatUnavailable)
        #expect(TelegramError.api(code: 400, description: "Bad Request: chat not found").isChatUnavailable)
        #expect(!TelegramError.api(code: 400, description: "Bad Request: can't parse entities").isChatUnavailable)
        #expect(TelegramError.api(code: 401, description: "Unauthorized").isUnauthorized)
    }

    @Test(arguments: [
        StubHTTPClient.Reply.refusal(401, "Unauthorized: bot123:SECRET is not valid"),
        .refusal(404, "Not Found: /bot123:SECRET/sendMessage"),
        .refusal(400, "Bad Request: token SECRET looks odd"),
        .refusal(409, "Conflict: https://api.telegram.org/bot123:SECRET/getUpdates"),
        .text("<html>bot123:SECRET</html>", status: 502),
        .json("not json 123:SECRET", status: 200),
        .failure(.connectionLost("connection to https://api.telegram.org/bot123:SECRET/x reset")),
        .failure(.tls("certificate for 123:SECRET")),
        .failure(.other(code: 7, message: "SECRET")),
        .failure(.invalidRequest("bad url 123:SECRET")),
    ])
    func errorDescriptionsNeverContainTheToken(reply: StubHTTPClient.Reply) async throws {
        let error = try #require(await failure(of: reply))
        for text in [String(describing: error), String(reflecting: error), error.localizedDescription, "\(error)"] {
            #expect(!text.contains("SECRET"), "\(text)")
            #expect(!text.contains("secret roast text"))
        }
    }

    @Test func tokenAndClientNeverPrintTheSecret() {
        let token = BotToken("123:SECRET")
        let client = TelegramBotClient(token: token, http: StubHTTPClient())
        var dumped = ""
        dump(token, to: &dumped)
        dump(client, to: &dumped)
        for text in [
            String(describing: token), String(reflecting: token), "\(token)", dumped, String(describing: client),
            String(reflecting: client),
        ] {
            #expect(!text.contains("SECRET"), "\(text)")
        }
    }
}
