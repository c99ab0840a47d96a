import CurlHTTP
import DiscordAPI
import Foundation
import RoastTesting
import Testing

/// The Discord REST client with the real libcurl transport against the fake Discord on 127.0.0.1: every write it
/// makes passes the fake's checks (allowed_mentions, limits, multipart), and rate limits and interaction deadlines
/// behave as on Discord.
@Suite struct DiscordRESTEndToEndTests {
    static let guild: Int64 = 1_200_000_000_000_000_001
    static let text: Int64 = 1_200_000_000_000_000_010
    static let other: Int64 = 1_200_000_000_000_000_011
    static let forum: Int64 = 1_200_000_000_000_000_015
    static let linh = FakeDiscordUser(id: 1_200_000_000_000_000_100, username: "linh")
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: 200)

    private func withClient(
        rateLimits: FakeDiscordRateLimits? = nil, configuration: DiscordClient.Configuration = DiscordClient.Configuration(),
        _ body: (FakeDiscordREST, DiscordClient) async throws -> Void
    ) async throws {
        let fake = FakeDiscordREST(rateLimits: rateLimits)
        // Discord's 3 seconds are checked where they are the point (the deadline test sets its own); elsewhere a loaded
        // test machine must not turn a slow request into a missed deadline.
        fake.interactionDeadline = 60
        try await fake.start()
        let http = CurlHTTPClient()
        defer { http.shutdown() }
        fake.registerChannel(FakeDiscordChannel(id: Self.text, type: 0, guildID: Self.guild, name: "general"))
        fake.registerChannel(FakeDiscordChannel(id: Self.other, type: 0, guildID: Self.guild, name: "random"))
        fake.registerChannel(FakeDiscordChannel(id: Self.forum, type: 15, guildID: Self.guild, name: "daily"))
        var settings = configuration
        settings.baseURL = fake.baseURL
        let client = DiscordClient(token: DiscordBotToken(fake.token), http: http, configuration: settings)
        do {
            try await body(fake, client)
        } catch {
            await fake.stop()
            throw error
        }
        await fake.stop()
    }

    private func roast(_ text: String = "Your code is so old it has a pension.") -> DiscordMessagePayload {
        DiscordMessagePayload(
            content: text,
            components: [
                DiscordActionRow([
                    .action(customID: "r:1:laugh", label: "0", emoji: .unicode("😂")),
                    .action(customID: "r:1:fire", label: "0", emoji: .unicode("🔥")),
                ])
            ])
    }

    // MARK: Messages

    @Test func messagesRepliesAndEditsPassTheFakesChecks() async throws {
        try await withClient { fake, client in
            fake.registerPersonMessage(id: 1_200_000_000_000_000_500)
            let sent = try await client.createMessage(
                in: DiscordChannelID(Self.text),
                DiscordMessagePayload(
                    content: "hi <@\(Self.linh.id)>", allowedMentions: DiscordAllowedMentions(users: [DiscordUserID(Self.linh.id)]),
                    reference: .reply(to: DiscordMessageID(1_200_000_000_000_000_500))))
            #expect(sent.channelID == DiscordChannelID(Self.text) && sent.author.isBot && sent.type == .reply)
            // A reply to a message that is gone is sent anyway.
            _ = try await client.createMessage(
                in: DiscordChannelID(Self.text), DiscordMessagePayload(content: "x", reference: .reply(to: DiscordMessageID(42))))
            let withButtons = try await client.createMessage(in: DiscordChannelID(Self.text), roast())
            #expect(withButtons.components.first?.buttons.map(\.customID) == ["r:1:laugh", "r:1:fire"])
            let edited = try await client.editMessage(
                withButtons.id, in: DiscordChannelID(Self.text),
                DiscordMessagePayload(components: [DiscordActionRow([.action(customID: "r:1:laugh", label: "1", emoji: .unicode("😂"))])]))
            #expect(edited.content == "Your code is so old it has a pension.")
            let stored = try #require(fake.message(withButtons.id.rawValue))
            #expect(stored.rows.first?.first?.label == "1" && stored.editCount == 1)
            #expect(fake.allMessages.allSatisfy { $0.allowedMentions?["parse"] == [] })
            #expect(fake.messages(in: Self.text).first?.allowedMentions?["users"] == [.string(String(Self.linh.id))])
            #expect(fake.invalidResponseCount == 0)
        }
    }

    @Test func aPNGCardIsUploadedThenKeptOnEditsWithoutUploadingAgain() async throws {
        try await withClient { fake, client in
            let sent = try await client.createMessage(
                in: DiscordChannelID(Self.text), roast("🧧 card"),
                files: [.png(filename: "card.png", data: Self.png, description: "A roast card")])
            let attachment = try #require(sent.attachments.first)
            #expect(attachment.filename == "card.png" && attachment.size == Self.png.count)
            #expect(fake.message(sent.id.rawValue)?.attachments.first?.isPNG == true)
            _ = try await client.editMessage(
                sent.id, in: DiscordChannelID(Self.text), DiscordMessagePayload(content: "🧧 card · 1 😂", keptAttachments: [attachment.id]))
            #expect(fake.message(sent.id.rawValue)?.attachments.map(\.id) == [attachment.id.rawValue])
            // A file that says PNG but is not one is refused by Discord's checks, named by field.
            await #expect(throws: DiscordError.invalidFormBody(fields: ["files[0]: FILE_TYPE_INVALID"])) {
                _ = try await client.createMessage(
                    in: DiscordChannelID(Self.text), DiscordMessagePayload(content: "x"),
                    files: [.png(filename: "card.png", data: [1, 2, 3])])
            }
        }
    }

    @Test func aForumGetsAPostAndADMHasItsOwnChannel() async throws {
        try await withClient { fake, client in
            await #expect(throws: DiscordError.api(status: 400, code: 40058, message: "Cannot send a message in a forum channel")) {
                _ = try await client.createMessage(in: DiscordChannelID(Self.forum), DiscordMessagePayload(content: "x"))
            }
            let post = try await client.startForumThread(
                in: DiscordChannelID(Self.forum), name: "Roast of the Day", message: roast(),
                files: [.png(filename: "day.png", data: Self.png)])
            #expect(post.thread.parentID == DiscordChannelID(Self.forum) && post.thread.type == .publicThread)
            #expect(fake.messages(in: post.thread.id.rawValue).first?.attachments.first?.isPNG == true)
            let dm = try await client.createDM(with: DiscordUserID(Self.linh.id))
            #expect(dm.type == .dm && dm.id.rawValue != Self.linh.id)
            #expect(try await client.createDM(with: DiscordUserID(Self.linh.id)).id == dm.id)
            _ = try await client.createMessage(in: dm.id, DiscordMessagePayload(content: "your export"))
            fake.refuseDMs(from: Self.linh.id)
            await #expect(throws: DiscordError.cannotMessageUser) {
                _ = try await client.createMessage(in: dm.id, DiscordMessagePayload(content: "x"))
            }
        }
    }

    @Test func commandsAreRegisteredWithLocalizationsAndPermissions() async throws {
        try await withClient { fake, client in
            let commands = [
                DiscordApplicationCommand(
                    name: "roast", nameLocalizations: [.vietnamese: "cà-khịa", .englishUS: "roast"], description: "Get roasted",
                    descriptionLocalizations: [.vietnamese: "Bị cà khịa", .englishUS: "Get roasted"],
                    options: [
                        DiscordCommandOption(
                            type: .string, name: "category", description: "What about",
                            choices: [
                                DiscordCommandChoice(name: "Code", nameLocalizations: [.vietnamese: "Lập trình"], value: .string("code"))
                            ]),
                        DiscordCommandOption(
                            type: .integer, name: "spice", description: "How hot", minValue: .integer(1), maxValue: .integer(5)),
                    ], contexts: [.guild, .botDM]),
                DiscordApplicationCommand(
                    name: "settings", description: "Server settings", defaultMemberPermissions: .manageGuild, contexts: [.guild]),
            ]
            let registered = try await client.bulkOverwriteGlobalCommands(application: DiscordApplicationID(fake.applicationID), commands)
            #expect(registered.map(\.name) == ["roast", "settings"])
            #expect(fake.globalCommands.map(\.nameLocalizations) == [["vi": "cà-khịa", "en-US": "roast"], [:]])
            #expect(fake.globalCommands.map(\.defaultMemberPermissions) == [nil, "32"])
            _ = try await client.bulkOverwriteGlobalCommands(application: DiscordApplicationID(fake.applicationID), commands)
            #expect(fake.commandCreates == 2)
            _ = try await client.bulkOverwriteGuildCommands(
                application: DiscordApplicationID(fake.applicationID), guild: DiscordGuildID(Self.guild), commands)
            #expect(fake.guildCommands(Self.guild).count == 2)
        }
    }

    @Test func theGatewayAddressComesFromTheServer() async throws {
        try await withClient { fake, client in
            fake.gatewayURL = "ws://127.0.0.1:4999"
            fake.setSessionStartLimit(remaining: 7)
            let gateway = try await client.getGatewayBot()
            #expect(gateway.url == "ws://127.0.0.1:4999" && gateway.sessionStartLimit.remaining == 7)
        }
    }

    // MARK: Interactions

    @Test func anInteractionIsAnsweredOnceWithinItsDeadlineAndEditedAfterwards() async throws {
        try await withClient { fake, client in
            let command = fake.dispatchCommand("roast", by: Self.linh, channelID: Self.text, guildID: Self.guild)
            let interaction = try #require(Self.decode(command))
            try await client.createInteractionResponse(
                to: interaction.id, token: interaction.token, response: .deferredMessage(ephemeral: false))
            await #expect(throws: DiscordError.interactionAlreadyAcknowledged) {
                try await client.createInteractionResponse(
                    to: interaction.id, token: interaction.token, response: .message(DiscordMessagePayload(content: "late")))
            }
            let answer = try await client.editOriginalInteractionResponse(
                application: interaction.applicationID, token: interaction.token, payload: roast())
            #expect(answer.content == "Your code is so old it has a pension.")
            let whisper = try await client.createFollowupMessage(
                application: interaction.applicationID, token: interaction.token,
                payload: DiscordMessagePayload(content: "only you", flags: .ephemeral))
            #expect(fake.message(whisper.id.rawValue)?.isEphemeral == true)
            let record = try #require(fake.interaction(command.id))
            #expect(record.responseType == 5 && record.refusedCallbacks == [4] && record.followupIDs == [whisper.id.rawValue])
            #expect(fake.message(answer.id.rawValue)?.isLoading == false)
        }
    }

    @Test func anEphemeralAnswerCarriesAFileForThePersonAlone() async throws {
        try await withClient { fake, client in
            let command = fake.dispatchCommand("export", by: Self.linh, channelID: Self.text, guildID: Self.guild)
            let interaction = try #require(Self.decode(command))
            let export = DiscordFile(filename: "roastbot-export.json", contentType: "application/json", data: Array(#"{"roasts":[]}"#.utf8))
            try await client.createInteractionResponse(
                to: interaction.id, token: interaction.token,
                response: .message(DiscordMessagePayload(content: "Your data", flags: .ephemeral)), files: [export])
            let answer = try #require(fake.interaction(command.id)?.originalMessageID.flatMap { fake.message($0) })
            #expect(answer.isEphemeral && answer.interactionID == command.id)
            #expect(answer.attachments.map(\.filename) == ["roastbot-export.json"])
            #expect(answer.attachments.first?.contents == Data(#"{"roasts":[]}"#.utf8))
        }
    }

    @Test func aCallbackAfterTheDeadlineIsAnUnknownInteraction() async throws {
        try await withClient { fake, client in
            fake.interactionDeadline = 0.3
            let command = fake.dispatchCommand("roast", by: Self.linh, channelID: Self.text, guildID: Self.guild)
            let interaction = try #require(Self.decode(command))
            try await Task.sleep(for: .milliseconds(450))
            await #expect(throws: DiscordError.unknownInteraction) {
                try await client.createInteractionResponse(
                    to: interaction.id, token: interaction.token, response: .message(DiscordMessagePayload(content: "hi")))
            }
            #expect(fake.interaction(command.id)?.responseType == nil)
        }
    }

    @Test func aButtonPressUpdatesItsMessageAsTheAcknowledgement() async throws {
        try await withClient { fake, client in
            let roastMessage = try await client.createMessage(in: DiscordChannelID(Self.text), roast())
            let press = try #require(fake.dispatchButtonPress(customID: "r:1:laugh", messageID: roastMessage.id.rawValue, by: Self.linh))
            let interaction = try #require(Self.decode(press))
            #expect(interaction.message?.id == roastMessage.id)
            var updated = roast()
            updated.components = [DiscordActionRow([.action(customID: "r:1:laugh", label: "1", emoji: .unicode("😂"))])]
            try await client.createInteractionResponse(to: interaction.id, token: interaction.token, response: .updateMessage(updated))
            #expect(fake.message(roastMessage.id.rawValue)?.rows.first?.first?.label == "1")
            // Types 6 and 7 are for button presses only.
            let command = try #require(Self.decode(fake.dispatchCommand("roast", by: Self.linh, channelID: Self.text, guildID: Self.guild)))
            await #expect(throws: DiscordError.invalidFormBody(fields: ["type: INTERACTION_RESPONSE_TYPE_INVALID"])) {
                try await client.createInteractionResponse(to: command.id, token: command.token, response: .deferredUpdate)
            }
        }
    }

    // MARK: Rate limits

    @Test func a429OnOneBucketIsWaitedOutWithoutDelayingAnother() async throws {
        try await withClient(rateLimits: .discordLike) { fake, client in
            // Long enough that the other channel goes first even on a loaded machine.
            fake.injectRateLimit(route: FakeDiscordRoutes.createMessage, retryAfter: 2)
            let first = Task { try await client.createMessage(in: DiscordChannelID(Self.text), DiscordMessagePayload(content: "first")) }
            #expect(await fake.waitFor { fake.rateLimitedResponseCount == 1 })
            _ = try await client.createMessage(in: DiscordChannelID(Self.other), DiscordMessagePayload(content: "other channel"))
            _ = try await first.value
            let sends = fake.requests(route: FakeDiscordRoutes.createMessage)
            #expect(
                sends.map(\.path) == [
                    "/channels/\(Self.text)/messages", "/channels/\(Self.other)/messages", "/channels/\(Self.text)/messages",
                ])
            #expect(sends.map(\.status) == [429, 200, 200])
            // The other channel went before the limited one was retried, and the retry waited retry_after.
            #expect(sends[2].arrivedAt - sends[0].arrivedAt >= 2 - 0.01)
            #expect(sends[1].arrivedAt < sends[2].arrivedAt)
        }
    }

    @Test func anExhaustedBucketIsWaitedForWithoutAny429() async throws {
        let limits = FakeDiscordRateLimits(routes: [FakeDiscordRoutes.createMessage: .init(limit: 2, window: 0.8)])
        try await withClient(rateLimits: limits) { fake, client in
            for index in 0..<5 {
                _ = try await client.createMessage(in: DiscordChannelID(Self.text), DiscordMessagePayload(content: "message \(index)"))
            }
            #expect(fake.rateLimitedResponseCount == 0)
            let times = fake.requests(route: FakeDiscordRoutes.createMessage).map(\.arrivedAt)
            #expect(times.count == 5)
            #expect(times[2] - times[0] >= 0.8 - 0.01 && times[4] - times[2] >= 0.8 - 0.01)
        }
    }

    @Test func aGlobal429HoldsMessagesButNotInteractionCallbacks() async throws {
        try await withClient(rateLimits: .discordLike) { fake, client in
            fake.injectGlobalRateLimit(retryAfter: 2)
            let held = Task { try await client.createMessage(in: DiscordChannelID(Self.text), DiscordMessagePayload(content: "held")) }
            #expect(await fake.waitFor { fake.rateLimitedResponseCount == 1 })
            let interaction = try #require(
                Self.decode(fake.dispatchCommand("roast", by: Self.linh, channelID: Self.text, guildID: Self.guild)))
            try await client.createInteractionResponse(
                to: interaction.id, token: interaction.token, response: .deferredMessage(ephemeral: true))
            #expect(fake.interaction(interaction.id.rawValue)?.responseType == 5)
            _ = try await held.value
            let sends = fake.requests(route: FakeDiscordRoutes.createMessage)
            #expect(sends.map(\.status) == [429, 200] && sends[1].arrivedAt - sends[0].arrivedAt >= 2 - 0.01)
            #expect(fake.rateLimitedResponseCount == 1)
        }
    }

    @Test func refusalsPastTheGuardsThresholdHoldFurtherRequests() async throws {
        let configuration = DiscordClient.Configuration(invalidRequestsPerMinute: 3)
        try await withClient(configuration: configuration) { fake, client in
            fake.setChannelFault(.missingPermissions, channelID: Self.other)
            for _ in 0..<3 {
                await #expect(throws: DiscordError.missingPermissions) {
                    _ = try await client.createMessage(in: DiscordChannelID(Self.other), DiscordMessagePayload(content: "x"))
                }
            }
            #expect(client.invalidResponsesInLastMinute == 3 && fake.invalidResponseCount == 3)
            // The guard holds every request for about a minute: longer than the client may wait (30 s), so it fails at
            // once instead of sending anything more.
            do throws(DiscordError) {
                _ = try await client.createMessage(in: DiscordChannelID(Self.text), DiscordMessagePayload(content: "held"))
                Issue.record("sent past the guard")
            } catch {
                guard case .rateLimited(let after, let global) = error else {
                    Issue.record("\(error)")
                    return
                }
                #expect(after > 30 && after <= 60 && global)
            }
            #expect(fake.requests(route: FakeDiscordRoutes.createMessage).count == 3)
        }
    }

    // MARK: Helpers

    private static func decode(_ interaction: FakeDiscordInteraction?) -> DiscordInteraction? {
        guard let interaction,
            case .interactionCreate(let decoded) = DiscordDispatch(name: "INTERACTION_CREATE", json: interaction.payloadData)
        else {
            return nil
        }
        return decoded
    }
}
