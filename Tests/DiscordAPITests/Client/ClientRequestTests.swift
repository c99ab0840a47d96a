import CurlHTTP
import Foundation
import RoastTesting
import Testing

@testable import DiscordAPI

@Suite struct ClientRequestTests {
    private let configuration = DiscordClient.Configuration(
        baseURL: "https://proxy.example/api/v10/", userAgentURL: "https://example.com/bot", userAgentVersion: "2.1")

    @Test func botRoutesCarryTheBotTokenAndTheDiscordBotUserAgent() async throws {
        let stub = StubHTTPClient([ClientSupport.json(ClientSupport.message)])
        let client = ClientSupport.client(stub, configuration: configuration)
        _ = try await client.createMessage(in: DiscordChannelID(20), DiscordMessagePayload(content: "hi"))
        let request = try #require(stub.requests.first)
        #expect(request.method == .post)
        #expect(request.url == "https://proxy.example/api/v10/channels/20/messages")
        #expect(ClientSupport.header("Authorization", of: request) == "Bot MTA1NjY.fake.SECRETPART")
        #expect(ClientSupport.header("User-Agent", of: request) == "DiscordBot (https://example.com/bot, 2.1)")
        #expect(ClientSupport.header("Content-Type", of: request) == "application/json")
    }

    @Test func interactionRoutesAreAuthorizedByTheirTokenAlone() async throws {
        let stub = StubHTTPClient([ClientSupport.noContent, ClientSupport.json(ClientSupport.message)])
        let client = ClientSupport.client(stub, configuration: configuration)
        try await client.createInteractionResponse(
            to: DiscordInteractionID(5), token: ClientSupport.interactionToken, response: .deferredMessage(ephemeral: true))
        _ = try await client.editOriginalInteractionResponse(
            application: DiscordApplicationID(6), token: ClientSupport.interactionToken, payload: DiscordMessagePayload(content: "done"))
        let requests = stub.requests
        #expect(
            requests.map(\.url) == [
                "https://proxy.example/api/v10/interactions/5/aW50ZXJhY3Rpb24tc2VjcmV0/callback",
                "https://proxy.example/api/v10/webhooks/6/aW50ZXJhY3Rpb24tc2VjcmV0/messages/@original",
            ])
        #expect(requests.map(\.method) == [.post, .patch])
        #expect(requests.allSatisfy { ClientSupport.header("Authorization", of: $0) == nil })
        #expect(requests.allSatisfy { ClientSupport.header("User-Agent", of: $0) == "DiscordBot (https://example.com/bot, 2.1)" })
        #expect(FakeJSON.parse(Data(requests[0].body)) == ["type": 5, "data": ["flags": 64]])
    }

    @Test(arguments: [
        ("PUT", "https://discord.com/api/v10/applications/6/commands"),
        ("PUT", "https://discord.com/api/v10/applications/6/guilds/7/commands"),
    ])
    func commandsAreReplacedWithPut(method: String, url: String) async throws {
        let stub = StubHTTPClient([ClientSupport.json(#"[{"id":"1","application_id":"6","name":"roast","version":"1"}]"#)])
        let client = ClientSupport.client(stub)
        let commands = [DiscordApplicationCommand(name: "roast", description: "Get roasted")]
        let registered =
            url.contains("guilds")
            ? try await client.bulkOverwriteGuildCommands(application: DiscordApplicationID(6), guild: DiscordGuildID(7), commands)
            : try await client.bulkOverwriteGlobalCommands(application: DiscordApplicationID(6), commands)
        #expect(registered.map(\.name) == ["roast"])
        #expect(stub.requests.first?.method.rawValue == method && stub.requests.first?.url == url)
        #expect(FakeJSON.parse(Data(stub.requests.first?.body ?? []))?.arrayValue?.first?["name"] == "roast")
    }

    @Test func aBadCommandIsRefusedWithoutARequest() async {
        let stub = StubHTTPClient()
        let client = ClientSupport.client(stub)
        await #expect(throws: DiscordError.invalidRequest("command Roast: a name must be 1 to 32 lowercase letters, digits, - _ or '")) {
            _ = try await client.bulkOverwriteGlobalCommands(
                application: DiscordApplicationID(6), [DiscordApplicationCommand(name: "Roast", description: "x")])
        }
        #expect(stub.requestCount == 0)
    }

    @Test func aMessageOverTheLimitsIsRefusedWithoutARequest() async {
        let stub = StubHTTPClient()
        let client = ClientSupport.client(stub)
        let tooLong = DiscordMessagePayload(components: [
            DiscordActionRow([.action(customID: String(repeating: "c", count: 101), label: "x")])
        ])
        await #expect(throws: DiscordError.invalidRequest("button 0.0 custom_id has 101 characters (1 to 100)")) {
            _ = try await client.createMessage(in: DiscordChannelID(1), tooLong)
        }
        #expect(stub.requestCount == 0)
    }

    @Test func aDMChannelAndAForumPostAndTheGatewayAddress() async throws {
        let stub = StubHTTPClient([
            ClientSupport.json(#"{"id":"900","type":1,"recipients":[{"id":"42","username":"linh"}]}"#),
            ClientSupport.json(
                #"{"id":"901","type":11,"parent_id":"15","guild_id":"3","name":"Roast of the Day","message":\#(ClientSupport.message)}"#),
            ClientSupport.json(
                #"{"url":"wss://gateway.discord.gg","shards":1,"session_start_limit":{"total":1000,"remaining":999,"reset_after":14400000,"max_concurrency":1}}"#
            ),
        ])
        let client = ClientSupport.client(stub)
        let dm = try await client.createDM(with: DiscordUserID(42))
        #expect(dm.id == DiscordChannelID(900) && dm.type == .dm && dm.recipients?.first?.id == DiscordUserID(42))
        let post = try await client.startForumThread(
            in: DiscordChannelID(15), name: "Roast of the Day", message: DiscordMessagePayload(content: "hi"))
        #expect(post.thread.id == DiscordChannelID(901) && post.thread.parentID == DiscordChannelID(15) && post.message?.content == "hi")
        let gateway = try await client.getGatewayBot()
        #expect(gateway.url == "wss://gateway.discord.gg" && gateway.sessionStartLimit.remaining == 999)
        let bodies = stub.requests.map { FakeJSON.parse(Data($0.body)) }
        #expect(bodies[0] == ["recipient_id": "42"])
        #expect(bodies[1]?["name"] == "Roast of the Day" && bodies[1]?["message"]?["allowed_mentions"]?["parse"] == [])
        #expect(stub.requests.map(\.url).last == "https://discord.com/api/v10/gateway/bot" && stub.requests.last?.method == .get)
    }
}
