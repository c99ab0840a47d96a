import CurlHTTP
import Foundation
import RoastTesting
import Testing

@testable import DiscordAPI

@Suite struct ErrorMappingTests {
    private func failureOfCreate(_ reply: StubHTTPClient.Reply) async -> DiscordError? {
        let client = ClientSupport.client(StubHTTPClient([reply]))
        do {
            _ = try await client.createMessage(in: DiscordChannelID(1), DiscordMessagePayload(content: "secret roast text"))
            return nil
        } catch {
            return error
        }
    }

    private func failureOfFollowup(_ reply: StubHTTPClient.Reply) async -> DiscordError? {
        let client = ClientSupport.client(StubHTTPClient([reply]))
        do {
            _ = try await client.createFollowupMessage(
                application: DiscordApplicationID(2), token: ClientSupport.interactionToken, payload: DiscordMessagePayload(content: "x"))
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        (ClientSupport.error(404, code: 10062, message: "Unknown interaction"), DiscordError.unknownInteraction),
        (ClientSupport.error(400, code: 40060, message: "Interaction has already been acknowledged."), .interactionAlreadyAcknowledged),
        (ClientSupport.error(403, code: 50001, message: "Missing Access"), .missingAccess),
        (ClientSupport.error(403, code: 50013, message: "Missing Permissions"), .missingPermissions),
        (ClientSupport.error(403, code: 50007, message: "Cannot send messages to this user"), .cannotMessageUser),
        (ClientSupport.error(404, code: 10008, message: "Unknown Message"), .unknownMessage),
        (ClientSupport.error(404, code: 10003, message: "Unknown Channel"), .unknownChannel),
        (ClientSupport.error(400, code: 50083, message: "Thread is archived"), .archivedThread),
        (
            ClientSupport.error(
                400, code: 50035, message: "Invalid Form Body",
                extra:
                    #","errors":{"components":{"0":{"components":{"1":{"custom_id":{"_errors":[{"code":"BASE_TYPE_MAX_LENGTH","message":"Must be 100 or fewer in length."}]}}}}},"content":{"_errors":[{"code":"BASE_TYPE_MAX_LENGTH","message":"secret roast text"}]}}"#
            ),
            .invalidFormBody(fields: ["components.0.components.1.custom_id: BASE_TYPE_MAX_LENGTH", "content: BASE_TYPE_MAX_LENGTH"])
        ),
        (ClientSupport.error(401, code: 0, message: "401: Unauthorized"), .unauthorized),
        (.response(HTTPResponse(status: 502, body: Array("<html>bad gateway</html>".utf8))), .server(status: 502)),
        (ClientSupport.error(500, code: 0, message: "500: Internal Server Error"), .server(status: 500)),
        (
            ClientSupport.error(400, code: 50006, message: "Cannot send an empty message"),
            .api(status: 400, code: 50006, message: "Cannot send an empty message")
        ),
        (ClientSupport.json(#"{"id":"1"}"#), .invalidResponse("POST /channels/{channel_id}/messages: missing channel_id")),
        (.failure(.connectionRefused), .network(.connectionRefused)),
        (.failure(.timedOut), .network(.timedOut)),
    ])
    func responsesMapToDecisions(reply: StubHTTPClient.Reply, expected: DiscordError) async {
        #expect(await failureOfCreate(reply) == expected)
    }

    @Test(arguments: [
        (ClientSupport.error(404, code: 10015, message: "Unknown Webhook"), DiscordError.interactionExpired),
        (ClientSupport.error(401, code: 50027, message: "Invalid Webhook Token"), .interactionExpired),
        (ClientSupport.error(401, code: 0, message: "401: Unauthorized"), .interactionExpired),
    ])
    func aDeadInteractionTokenIsNotADeadBotToken(reply: StubHTTPClient.Reply, expected: DiscordError) async {
        #expect(await failureOfFollowup(reply) == expected)
    }

    @Test func afterA401TheBotTokenIsNeverSentAgain() async {
        let stub = StubHTTPClient(
            [ClientSupport.error(401, code: 0, message: "401: Unauthorized")], whenExhausted: ClientSupport.json(ClientSupport.message))
        let client = ClientSupport.client(stub)
        await #expect(throws: DiscordError.unauthorized) {
            _ = try await client.createMessage(in: DiscordChannelID(1), DiscordMessagePayload(content: "a"))
        }
        #expect(client.isTokenRevoked)
        await #expect(throws: DiscordError.unauthorized) {
            _ = try await client.createMessage(in: DiscordChannelID(1), DiscordMessagePayload(content: "b"))
        }
        await #expect(throws: DiscordError.unauthorized) { _ = try await client.getGatewayBot() }
        #expect(stub.requestCount == 1)
        // Interaction routes do not use the bot token: they still go.
        try? await client.createInteractionResponse(
            to: DiscordInteractionID(1), token: ClientSupport.interactionToken, response: .deferredUpdate)
        #expect(stub.requestCount == 2)
    }

    @Test(arguments: [
        (DiscordError.rateLimited(retryAfter: 1, global: false), true),
        (.server(status: 503), true),
        (.network(.connectionLost("reset")), true),
        (.network(.cancelled), false),
        (.invalidResponse("cut"), true),
        (.unknownInteraction, false),
        (.missingPermissions, false),
        (.unauthorized, false),
        (.invalidFormBody(fields: []), false),
        (.api(status: 400, code: 50006, message: "x"), false),
    ])
    func retryabilityFollowsTheKindOfFailure(error: DiscordError, retryable: Bool) {
        #expect(error.isRetryable == retryable)
    }

    @Test func noErrorOrDescriptionCarriesATokenOrTheMessageText() async {
        let replies: [StubHTTPClient.Reply] = [
            ClientSupport.error(400, code: 0, message: "bad token MTA1NjY.fake.SECRETPART"),
            ClientSupport.error(
                400, code: 50035, message: "Invalid Form Body",
                extra: #","errors":{"content":{"_errors":[{"code":"X","message":"secret roast text"}]}}"#),
            .failure(.connectionLost("reset while sending Bot MTA1NjY.fake.SECRETPART")),
        ]
        for reply in replies {
            let error = await failureOfCreate(reply)
            for text in ["\(String(describing: error))", String(reflecting: error)] {
                #expect(!text.contains("SECRETPART") && !text.contains("secret roast text"), "\(text)")
            }
        }
        let client = ClientSupport.client(StubHTTPClient())
        #expect(!"\(client)".contains("SECRETPART") && !String(reflecting: client).contains("SECRETPART"))
    }
}
