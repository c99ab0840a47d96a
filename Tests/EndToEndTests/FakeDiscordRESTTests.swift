import CurlHTTP
import Foundation
import RoastTesting
import Testing

/// The fake Discord's own checks, driven with raw requests over real sockets: what it refuses is what a bot must
/// never send.
@Suite struct FakeDiscordRESTTests {
    static let channel: Int64 = 1_300_000_000_000_000_010
    static let agent = "DiscordBot (https://example.com, 1.0)"

    private struct Reply {
        var status: Int
        var json: FakeJSON?
        var headers: [String: String]
    }

    private func withFake(rateLimits: FakeDiscordRateLimits? = nil, _ body: (FakeDiscordREST, CurlHTTPClient) async throws -> Void)
        async throws
    {
        let fake = FakeDiscordREST(rateLimits: rateLimits)
        // Generous on a loaded machine; the 3-second deadline itself is tested in DiscordRESTEndToEndTests.
        fake.interactionDeadline = 60
        try await fake.start()
        fake.registerChannel(FakeDiscordChannel(id: Self.channel, type: 0, guildID: 1, name: "general"))
        let http = CurlHTTPClient()
        defer { http.shutdown() }
        do {
            try await body(fake, http)
        } catch {
            await fake.stop()
            throw error
        }
        await fake.stop()
    }

    private func send(
        _ http: CurlHTTPClient, _ fake: FakeDiscordREST, _ method: CurlHTTP.HTTPRequest.Method, _ path: String, json: String? = nil,
        body: [UInt8]? = nil, contentType: String = "application/json", token: String? = nil, agent: String? = FakeDiscordRESTTests.agent
    ) async throws -> Reply {
        var headers: [(name: String, value: String)] = [("Authorization", "Bot \(token ?? fake.token)")]
        if let agent { headers.append(("User-Agent", agent)) }
        let bytes = body ?? json.map { Array($0.utf8) } ?? []
        if !bytes.isEmpty { headers.append(("Content-Type", contentType)) }
        let response = try await http.send(CurlHTTP.HTTPRequest(method: method, url: fake.baseURL + path, headers: headers, body: bytes))
        return Reply(status: response.status, json: FakeJSON.parse(Data(response.body)), headers: response.headers)
    }

    private func post(_ http: CurlHTTPClient, _ fake: FakeDiscordREST, _ json: String) async throws -> Reply {
        try await send(http, fake, .post, "/channels/\(Self.channel)/messages", json: json)
    }

    private static func buttons(_ count: Int, prefix: String = "b", label: String = "x") -> String {
        (0..<count).map { #"{"type":2,"style":2,"label":"\#(label)","custom_id":"\#(prefix)\#($0)"}"# }.joined(separator: ",")
    }

    /// `count` action rows of `buttons` buttons each, custom_ids unique across rows.
    private static func rows(_ count: Int, buttons perRow: Int, label: String = "x") -> String {
        (0..<count).map { row in
            let children = buttons(perRow, prefix: "r\(row)-", label: label)
            return "{\"type\":1,\"components\":[\(children)]}"
        }.joined(separator: ",")
    }

    private static let mentions = #""allowed_mentions":{"parse":[],"users":[]}"#

    @Test(arguments: [
        (#"{"content":"hi"}"#, "allowed_mentions", "ROASTBOT_ALLOWED_MENTIONS_REQUIRED"),
        (#"{"content":"hi","allowed_mentions":{"parse":["everyone"]}}"#, "allowed_mentions.parse", "ROASTBOT_MASS_MENTION"),
        (#"{"content":"hi","allowed_mentions":{"parse":["users","roles"]}}"#, "allowed_mentions.parse", "ROASTBOT_MASS_MENTION"),
        (
            #"{"content":"hi","allowed_mentions":{"parse":["users"],"users":["1"]}}"#, "allowed_mentions",
            "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE"
        ),
        (#"{"content":"\#(String(repeating: "é", count: 2001))",\#(mentions)}"#, "content", "BASE_TYPE_MAX_LENGTH"),
        (#"{"content":"x",\#(mentions),"components":[\#(rows(6, buttons: 1))]}"#, "components", "BASE_TYPE_MAX_LENGTH"),
        (
            #"{"content":"x",\#(mentions),"components":[{"type":1,"components":[\#(buttons(6))]}]}"#, "components.0.components",
            "BASE_TYPE_BAD_LENGTH"
        ),
        (
            #"{"content":"x",\#(mentions),"components":[{"type":1,"components":[\#(buttons(1))]},{"type":1,"components":[\#(buttons(1))]}]}"#,
            "components.1.components.0.custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED"
        ),
        (
            #"{"content":"x",\#(mentions),"components":[{"type":1,"components":[{"type":2,"style":2,"label":"x","custom_id":"\#(String(repeating: "c", count: 101))"}]}]}"#,
            "components.0.components.0.custom_id", "BASE_TYPE_BAD_LENGTH"
        ),
        (
            #"{"content":"x",\#(mentions),"components":[{"type":1,"components":[\#(buttons(1, label: String(repeating: "l", count: 81)))]}]}"#,
            "components.0.components.0.label", "BASE_TYPE_MAX_LENGTH"
        ),
        (#"{"content":"x",\#(mentions),"flags":64}"#, "flags", "MESSAGE_FLAGS_INVALID"),
    ])
    func aMessageBreakingARuleIsRefusedNamingTheField(json: String, path: String, code: String) async throws {
        try await withFake { fake, http in
            let reply = try await post(http, fake, json)
            #expect(reply.status == 400 && reply.json?["code"] == 50035)
            var node = reply.json?["errors"]
            for key in path.split(separator: ".") { node = node?[String(key)] }
            #expect(node?["_errors"]?.arrayValue?.contains { $0["code"]?.stringValue == code } == true, "\(reply.json?.jsonText ?? "")")
            #expect(fake.allMessages.isEmpty)
        }
    }

    @Test func theLimitsThemselvesAreAccepted() async throws {
        try await withFake { fake, http in
            let rows = Self.rows(5, buttons: 5, label: String(repeating: "l", count: 80))
            let reply = try await post(
                http, fake, #"{"content":"\#(String(repeating: "é", count: 2000))",\#(Self.mentions),"components":[\#(rows)]}"#)
            #expect(reply.status == 200)
            #expect(fake.allMessages.first?.customIDs.count == 25)
        }
    }

    @Test func credentialsAndTheUserAgentAreChecked() async throws {
        try await withFake { fake, http in
            let json = #"{"content":"hi",\#(Self.mentions)}"#
            let wrongToken = try await send(http, fake, .post, "/channels/\(Self.channel)/messages", json: json, token: "stolen")
            #expect(wrongToken.status == 401)
            let noAgent = try await send(http, fake, .post, "/channels/\(Self.channel)/messages", json: json, agent: "curl/7.88")
            #expect(noAgent.status == 403 && noAgent.json?["code"] == 40333)
            let form = try await send(
                http, fake, .post, "/channels/\(Self.channel)/messages", json: "content=hi",
                contentType: "application/x-www-form-urlencoded")
            #expect(form.status == 400 && form.json?["errors"]?["_errors"]?.arrayValue?.first?["code"] == "CONTENT_TYPE_INVALID")
            #expect(fake.invalidResponseCount == 2)
            let unknown = try await send(http, fake, .post, "/channels/999/messages", json: json)
            #expect(unknown.status == 404 && unknown.json?["code"] == 10003)
        }
    }

    @Test func multipartUploadsNeedMatchingAttachmentsAndRealPNGs() async throws {
        try await withFake { fake, http in
            func form(_ payload: String, files: [(name: String, filename: String, bytes: [UInt8])]) -> [UInt8] {
                var body = Array(
                    "--B\r\nContent-Disposition: form-data; name=\"payload_json\"\r\nContent-Type: application/json\r\n\r\n\(payload)\r\n"
                        .utf8)
                for file in files {
                    body += Array(
                        "--B\r\nContent-Disposition: form-data; name=\"\(file.name)\"; filename=\"\(file.filename)\"\r\nContent-Type: image/png\r\n\r\n"
                            .utf8)
                    body += file.bytes + Array("\r\n".utf8)
                }
                return body + Array("--B--\r\n".utf8)
            }
            let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]
            func upload(_ payload: String, _ files: [(name: String, filename: String, bytes: [UInt8])]) async throws -> Reply {
                try await send(
                    http, fake, .post, "/channels/\(Self.channel)/messages", body: form(payload, files: files),
                    contentType: "multipart/form-data; boundary=B")
            }
            let good = try await upload(
                #"{"content":"card",\#(Self.mentions),"attachments":[{"id":0,"filename":"card.png"}]}"#, [("files[0]", "card.png", png)])
            #expect(good.status == 200 && good.json?["attachments"]?.arrayValue?.first?["filename"] == "card.png")
            let unlisted = try await upload(#"{"content":"card",\#(Self.mentions)}"#, [("files[0]", "card.png", png)])
            #expect(unlisted.status == 400 && unlisted.json?["errors"]?["attachments"] != nil)
            let wrongID = try await upload(
                #"{"content":"card",\#(Self.mentions),"attachments":[{"id":1,"filename":"card.png"}]}"#, [("files[0]", "card.png", png)])
            #expect(wrongID.status == 400 && wrongID.json?["errors"]?["attachments"]?["0"]?["id"] != nil)
            let notPNG = try await upload(
                #"{"content":"card",\#(Self.mentions),"attachments":[{"id":0,"filename":"card.png"}]}"#,
                [("files[0]", "card.png", [1, 2, 3])])
            #expect(notPNG.status == 400 && notPNG.json?["errors"]?["files[0]"] != nil)
            #expect(fake.allMessages.count == 1 && fake.allMessages.first?.attachments.first?.isPNG == true)
        }
    }

    @Test func bucketsSendTheirHeadersAnd429sSayHowLongToWait() async throws {
        // A window far longer than the test, however slow the machine.
        let limits = FakeDiscordRateLimits(routes: [FakeDiscordRoutes.createMessage: .init(limit: 2, window: 600)], globalPerSecond: 50)
        try await withFake(rateLimits: limits) { fake, http in
            let json = #"{"content":"hi",\#(Self.mentions)}"#
            let first = try await post(http, fake, json)
            #expect(first.headers["x-ratelimit-limit"] == "2" && first.headers["x-ratelimit-remaining"] == "1")
            #expect(first.headers["x-ratelimit-bucket"] != nil && Double(first.headers["x-ratelimit-reset-after"] ?? "") ?? 0 > 500)
            _ = try await post(http, fake, json)
            let limited = try await post(http, fake, json)
            #expect(limited.status == 429 && limited.json?["global"] == false)
            let retryAfter = limited.json?["retry_after"]?.numberValue ?? 0
            #expect(retryAfter > 500 && limited.headers["retry-after"] == String(Int(retryAfter.rounded(.up))))
            #expect(limited.headers["x-ratelimit-scope"] == "user")
            fake.injectRateLimit(retryAfter: 1, scope: "shared")
            let shared = try await send(http, fake, .post, "/users/@me/channels", json: #"{"recipient_id":"5"}"#)
            #expect(shared.status == 429 && shared.headers["x-ratelimit-scope"] == "shared")
            #expect(fake.invalidResponseCount == 1 && fake.rateLimitedResponseCount == 2)
            fake.injectGlobalRateLimit(retryAfter: 600)
            let global = try await send(http, fake, .post, "/users/@me/channels", json: #"{"recipient_id":"5"}"#)
            #expect(global.status == 429 && global.json?["global"] == true && global.headers["x-ratelimit-global"] == "true")
            let stillGlobal = try await send(http, fake, .post, "/users/@me/channels", json: #"{"recipient_id":"5"}"#)
            #expect(stillGlobal.status == 429 && stillGlobal.headers["x-ratelimit-scope"] == "global")
        }
    }

    @Test func interactionCallbacksFollowDiscordsTypeRules() async throws {
        try await withFake { fake, http in
            let user = FakeDiscordUser(id: 77, username: "linh")
            let command = fake.dispatchCommand("roast", by: user, channelID: Self.channel, guildID: 1)
            let path = "/interactions/\(command.id)/\(command.token)/callback"
            let notEphemeralOnly = try await send(http, fake, .post, path, json: #"{"type":5,"data":{"flags":4}}"#, token: nil)
            #expect(notEphemeralOnly.status == 400)
            let update = try await send(http, fake, .post, path, json: #"{"type":7,"data":{"content":"x",\#(Self.mentions)}}"#)
            #expect(update.status == 400)
            let wrongToken = try await send(http, fake, .post, "/interactions/\(command.id)/nope/callback", json: #"{"type":5}"#)
            #expect(wrongToken.status == 404 && wrongToken.json?["code"] == 10062)
            let deferred = try await send(http, fake, .post, path, json: #"{"type":5,"data":{"flags":64}}"#)
            #expect(deferred.status == 204)
            let twice = try await send(http, fake, .post, path, json: #"{"type":5}"#)
            #expect(twice.status == 400 && twice.json?["code"] == 40060)
            let edit = try await send(
                http, fake, .patch, "/webhooks/\(fake.applicationID)/\(command.token)/messages/@original",
                json: #"{"content":"done",\#(Self.mentions)}"#)
            #expect(edit.status == 200 && edit.json?["content"] == "done" && (edit.json?["flags"]?.intValue ?? 0) & 64 == 64)
            fake.interactionTokenLifetime = 0
            let expired = try await send(
                http, fake, .post, "/webhooks/\(fake.applicationID)/\(command.token)", json: #"{"content":"late",\#(Self.mentions)}"#)
            #expect(expired.status == 401 && expired.json?["code"] == 50027)
            #expect(fake.interaction(command.id)?.refusedCallbacks == [5, 7, 5])
        }
    }

    @Test func commandsAreCheckedAgainstDiscordsNamingAndLocalizationRules() async throws {
        try await withFake { fake, http in
            let path = "/applications/\(fake.applicationID)/commands"
            let good = try await send(
                http, fake, .put, path,
                json:
                    #"[{"name":"roast","name_localizations":{"vi":"cà-khịa"},"description":"Get roasted","description_localizations":{"vi":"Bị cà khịa"},"default_member_permissions":"32","contexts":[0,1]}]"#
            )
            #expect(good.status == 200 && good.json?.arrayValue?.first?["id"] != nil)
            for (json, field) in [
                (#"[{"name":"Roast","description":"x"}]"#, "name"),
                (#"[{"name":"roast me","description":"x"}]"#, "name"),
                (#"[{"name":"roast","description":""}]"#, "description"),
                (#"[{"name":"roast","description":"x","name_localizations":{"vn":"a"}}]"#, "name_localizations"),
                (#"[{"name":"roast","description":"x","default_member_permissions":"admins"}]"#, "default_member_permissions"),
                (
                    #"[{"name":"roast","description":"x","options":[{"type":4,"name":"spice","description":"d","min_value":5,"max_value":1}]}]"#,
                    "options"
                ),
                (
                    #"[{"name":"roast","description":"x","options":[{"type":3,"name":"a","description":"d"},{"type":3,"name":"b","description":"d","required":true}]}]"#,
                    "options"
                ),
            ] {
                let reply = try await send(http, fake, .put, path, json: json)
                #expect(reply.status == 400 && reply.json?["errors"]?["0"]?[field] != nil, "\(json) → \(reply.json?.jsonText ?? "")")
            }
            #expect(fake.globalCommands.map(\.name) == ["roast"] && fake.commandCreates == 1)
        }
    }
}
