import FlyingFox
import FlyingSocks
import Foundation
import RoastTesting
import Testing

/// The fake Bot API server, driven over real sockets by a minimal client kept in this file.
@Suite struct FakeBotAPITests {
    let alice = FakeUser(id: 1001, firstName: "Alice", username: "alice", languageCode: "vi")
    let bob = FakeUser(id: 1002, firstName: "Bob")
    let group = FakeChat(id: -100_500, type: .supergroup, title: "Roasters")

    // MARK: getUpdates

    @Test func confirmedUpdatesAreNeverRedelivered() async throws {
        try await withFake { fake in
            for text in ["one", "two", "three"] {
                fake.textMessage(chat: .privateChat(with: alice), from: alice, text: text)
            }
            let first = try await call(fake, "getUpdates")
            let ids = first.updates.compactMap { $0["update_id"]?.intValue }
            #expect(ids == [100_000, 100_001, 100_002])

            let again = try await call(fake, "getUpdates", ["offset": .int(ids[1] + 1)])
            #expect(again.updates.compactMap { $0["update_id"]?.intValue } == [ids[2]])

            let afterAll = try await call(fake, "getUpdates", ["offset": .int(ids[2] + 1)])
            #expect(afterAll.updates.isEmpty)
            #expect(fake.pendingUpdateCount == 0)
            #expect(fake.confirmedOffset == Int(ids[2] + 1))
        }
    }

    @Test func unconfirmedUpdatesComeBackAndLimitCapsTheBatch() async throws {
        try await withFake { fake in
            for text in ["a", "b", "c"] { fake.textMessage(chat: group, from: bob, text: text) }
            let limited = try await call(fake, "getUpdates", ["limit": 2])
            #expect(limited.updates.count == 2)
            let repeated = try await call(fake, "getUpdates", ["limit": 2])
            #expect(repeated.updates.map(\.jsonText) == limited.updates.map(\.jsonText))
        }
    }

    @Test func longPollWakesWhenAnUpdateIsInjected() async throws {
        try await withFake { fake in
            let poll = Task { try await call(fake, "getUpdates", ["timeout": 30]) }
            #expect(await fake.waitFor { fake.isPollPending })
            fake.commandMessage(chat: group, from: alice, text: "/roast")
            let reply = try await poll.value
            #expect(reply.updates.count == 1)
            #expect(reply.updates.first?["message"]?["text"]?.stringValue == "/roast")
        }
    }

    @Test func longPollWithoutUpdatesEndsEmptyAtItsTimeout() async throws {
        try await withFake { fake in
            let reply = try await call(fake, "getUpdates", ["timeout": 1])
            #expect(reply.status == 200)
            #expect(reply.ok)
            #expect(reply.updates.isEmpty)
        }
    }

    @Test func newerPollTerminatesThePendingOneWithConflict() async throws {
        try await withFake { fake in
            let older = Task { try await call(fake, "getUpdates", ["timeout": 30]) }
            #expect(await fake.waitFor { fake.isPollPending })
            let newer = try await call(fake, "getUpdates", ["timeout": 0])
            let olderReply = try await older.value
            #expect(newer.status == 200)
            #expect(olderReply.status == 409)
            #expect(
                olderReply.description
                    == "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running"
            )
        }
    }

    @Test func activeWebhookBlocksPollingUntilDeleted() async throws {
        try await withFake { fake in
            fake.webhookActive = true
            let blocked = try await call(fake, "getUpdates")
            #expect(blocked.status == 409)
            #expect(blocked.description?.contains("webhook is active") == true)
            #expect(try await call(fake, "deleteWebhook").ok)
            #expect(try await call(fake, "getUpdates").status == 200)
        }
    }

    @Test func allowedUpdatesFilterKindsAndPersistWhenOmitted() async throws {
        try await withFake { fake in
            fake.messageReaction(chat: group, messageID: 1, user: bob, new: ["👍"])
            fake.textMessage(chat: group, from: bob, text: "hi")
            let byDefault = try await call(fake, "getUpdates")
            #expect(byDefault.updates.map(\.kind) == ["message"])

            let confirm = (byDefault.updates.last?["update_id"]?.intValue ?? 0) + 1
            _ = try await call(
                fake, "getUpdates", ["offset": .int(confirm), "allowed_updates": ["message_reaction"]])
            fake.textMessage(chat: group, from: bob, text: "ignored")
            fake.messageReaction(chat: group, messageID: 1, user: bob, new: ["🔥"])
            let remembered = try await call(fake, "getUpdates")
            #expect(remembered.updates.map(\.kind) == ["message_reaction"])
            #expect(fake.allowedUpdates == ["message_reaction"])
        }
    }

    @Test func rawUpdatesAreDeliveredVerbatim() async throws {
        try await withFake { fake in
            fake.enqueue(rawJSON: #"{"update_id":200000,"weird":{"x":[1,2]}}"#)
            fake.enqueue(rawJSON: #"{"update_id":"#)
            let wellFormed = try await call(fake, "getUpdates", ["limit": 1])
            #expect(wellFormed.updates.first?["weird"]?["x"] == [1, 2])
            let malformed = try await call(fake, "getUpdates", ["offset": 200_001])
            #expect(malformed.status == 200)
            #expect(malformed.json == nil)  // delivered verbatim, so the whole body is not JSON
            #expect(fake.unknownKind("poll_answer_v2").updateID == 200_002)
        }
    }

    // MARK: Authentication and routing

    @Test func wrongTokenIsUnauthorizedAndUnknownMethodNotFound() async throws {
        try await withFake { fake in
            let unauthorized = try await call(fake, "getMe", token: "999:wrong")
            #expect(unauthorized.status == 401)
            #expect(unauthorized.description == "Unauthorized")
            let unknown = try await call(fake, "sendTelepathy")
            #expect(unknown.status == 404)
            let me = try await call(fake, "getMe")
            #expect(me.result?["username"]?.stringValue == "RoastMeLaterBot")
            #expect(me.result?["is_bot"] == true)
        }
    }

    @Test func formAndQueryParametersAreAccepted() async throws {
        try await withFake { fake in
            fake.registerChat(group)
            let form = try await send(
                fake, path: "/bot\(fake.token)/sendMessage",
                contentType: "application/x-www-form-urlencoded",
                body: Data("chat_id=-100500&text=hello+%26+bye".utf8))
            #expect(form.result?["text"]?.stringValue == "hello & bye")
            let query = try await send(
                fake, path: "/bot\(fake.token)/sendMessage",
                query: [
                    .init(name: "chat_id", value: "-100500"), .init(name: "text", value: "from query"),
                ],
                contentType: nil, body: Data())
            #expect(query.result?["text"]?.stringValue == "from query")
            #expect(fake.sentMessages(chat: group.id).map(\.messageID) == [1, 2])
        }
    }

    // MARK: Validation

    @Test(arguments: [
        ("<b>bold", "Can't find end tag"),
        ("<b><i>x</b></i>", "Unmatched end tag"),
        ("<div>x</div>", "Unsupported start tag \"div\""),
        ("<span>x</span>", "Unsupported start tag \"span\""),
        ("1 < 2", "can't parse entities"),
        ("fish & chips", "can't parse entities"),
        ("&nbsp;", "can't parse entities"),
        ("</b>", "Unexpected end tag"),
    ])
    func invalidHTMLIsRejected(html: String, reason: String) async throws {
        try await withFake { fake in
            fake.registerChat(group)
            let reply = try await call(
                fake, "sendMessage",
                ["chat_id": .int(group.id), "text": .string(html), "parse_mode": "HTML"])
            #expect(reply.status == 400)
            #expect(reply.description?.hasPrefix("Bad Request: can't parse entities: ") == true)
            #expect(reply.description?.contains(reason) == true)
            #expect(fake.sentMessages(chat: group.id).isEmpty)
        }
    }

    @Test func validHTMLIsStoredAsPlainText() async throws {
        try await withFake { fake in
            fake.registerChat(group)
            let html =
                #"<b>Hi</b> <a href="https://t.me/x">you</a> &lt;3 &amp; &#128293; <span class="tg-spoiler">s</span>"#
            let reply = try await call(
                fake, "sendMessage",
                ["chat_id": .int(group.id), "text": .string(html), "parse_mode": "HTML"])
            #expect(reply.ok)
            let sent = try #require(fake.sentMessages(chat: group.id).first)
            #expect(sent.text == "Hi you <3 & 🔥 s")
            #expect(sent.html == html)
            #expect(reply.result?["text"]?.stringValue == "Hi you <3 & 🔥 s")
        }
    }

    @Test(arguments: [
        (String(repeating: "a", count: 4096), true),
        (String(repeating: "a", count: 4097), false),
        ("<b>" + String(repeating: "a", count: 4096) + "</b>", true),
        (String(repeating: "&amp;", count: 4096), true),
        (String(repeating: "😀", count: 2048), true),
        (String(repeating: "😀", count: 2049), false),
        ("   ", false),
    ])
    func textLengthIsCountedInUTF16AfterParsing(text: String, accepted: Bool) async throws {
        try await withFake { fake in
            fake.registerChat(group)
            let reply = try await call(
                fake, "sendMessage",
                ["chat_id": .int(group.id), "text": .string(text), "parse_mode": "HTML"])
            #expect(reply.ok == accepted)
            if !accepted {
                #expect(
                    reply.description == "Bad Request: message is too long"
                        || reply.description == "Bad Request: message text is empty")
            }
        }
    }

    @Test func callbackDataOver64BytesIsRejected() async throws {
        try await withFake { fake in
            fake.registerChat(group)
            func keyboard(_ data: String) -> FakeJSON {
                ["inline_keyboard": [[["text": "Go", "callback_data": .string(data)]]]]
            }
            let fits = try await call(
                fake, "sendMessage",
                [
                    "chat_id": .int(group.id), "text": "x",
                    "reply_markup": keyboard(String(repeating: "é", count: 32)),
                ])
            #expect(fits.ok)
            let tooLong = try await call(
                fake, "sendMessage",
                [
                    "chat_id": .int(group.id), "text": "x",
                    "reply_markup": keyboard(String(repeating: "é", count: 32) + "a"),
                ])
            #expect(tooLong.description == "Bad Request: BUTTON_DATA_INVALID")
            #expect(
                fake.sentMessages(chat: group.id).first?.allButtons == [
                    FakeButton(text: "Go", callbackData: String(repeating: "é", count: 32))
                ])
        }
    }

    @Test func unknownBlockedAndMigratedChatsAreRefused() async throws {
        try await withFake { fake in
            let unknown = try await call(fake, "sendMessage", ["chat_id": 42, "text": "x"])
            #expect(unknown.description == "Bad Request: chat not found")

            fake.textMessage(chat: .privateChat(with: alice), from: alice, text: "hi")
            fake.setBotRemoved(fromChat: alice.id)
            let blocked = try await call(fake, "sendMessage", ["chat_id": .int(alice.id), "text": "x"])
            #expect(blocked.status == 403)
            #expect(blocked.description == "Forbidden: bot was blocked by the user")

            let oldGroup = FakeChat(id: -42, type: .group, title: "Old")
            fake.migration(fromGroup: oldGroup, toSupergroup: -100_42)
            let migrated = try await call(fake, "sendMessage", ["chat_id": -42, "text": "x"])
            #expect(migrated.json?["parameters"]?["migrate_to_chat_id"]?.intValue == -100_42)
            #expect(try await call(fake, "sendMessage", ["chat_id": -100_42, "text": "x"]).ok)
        }
    }

    @Test func editsAreRecordedAndIdenticalOrUnknownEditsRejected() async throws {
        try await withFake { fake in
            fake.registerChat(group)
            let markup: FakeJSON = ["inline_keyboard": [[["text": "Again", "callback_data": "again"]]]]
            let sent = try await call(
                fake, "sendMessage", ["chat_id": .int(group.id), "text": "v1", "reply_markup": markup])
            let messageID = try #require(sent.result?["message_id"])

            let edited = try await call(
                fake, "editMessageText",
                ["chat_id": .int(group.id), "message_id": messageID, "text": "v2", "reply_markup": markup])
            #expect(edited.result?["text"]?.stringValue == "v2")
            let same = try await call(
                fake, "editMessageText",
                ["chat_id": .int(group.id), "message_id": messageID, "text": "v2", "reply_markup": markup])
            #expect(same.description?.hasPrefix("Bad Request: message is not modified") == true)
            let sameMarkup = try await call(
                fake, "editMessageReplyMarkup",
                ["chat_id": .int(group.id), "message_id": messageID, "reply_markup": markup])
            #expect(sameMarkup.description?.hasPrefix("Bad Request: message is not modified") == true)
            let missing = try await call(
                fake, "editMessageText", ["chat_id": .int(group.id), "message_id": 999, "text": "v3"])
            #expect(missing.description == "Bad Request: message to edit not found")

            let stored = try #require(fake.sentMessages(chat: group.id).first)
            #expect(stored.text == "v2")
            #expect(stored.edits.map(\.text) == ["v2"])
        }
    }

    @Test func forumTopicsAreKnownPerChatAndAnUnknownThreadIsRefused() async throws {
        try await withFake { fake in
            let forum = FakeChat(id: -100_777, type: .supergroup, title: "Forum", isForum: true)
            let topic = fake.createTopic(in: forum, name: "Deadlines")
            // A message in the topic carries the thread and the topic mark, as Telegram sends them.
            let command = fake.commandMessage(chat: forum, from: alice, text: "/roast", topic: topic)
            let update = try #require(try await call(fake, "getUpdates").updates.first)
            #expect(update["message"]?["message_thread_id"]?.intValue == topic)
            #expect(update["message"]?["is_topic_message"]?.boolValue == true)
            #expect(update["message"]?["chat"]?["is_forum"]?.boolValue == true)
            let general = fake.commandMessage(chat: forum, from: alice, text: "/roast")
            let generalUpdate = try #require(
                try await call(fake, "getUpdates", ["offset": .int(Int64(command.updateID + 1))]).updates.first)
            #expect(generalUpdate["message"]?["message_thread_id"] == nil)

            let inTopic = try await call(
                fake, "sendMessage", ["chat_id": .int(forum.id), "text": "in topic", "message_thread_id": .int(topic)])
            #expect(inTopic.result?["message_thread_id"]?.intValue == topic)
            #expect(inTopic.result?["is_topic_message"]?.boolValue == true)
            let unknown = try await call(fake, "sendMessage", ["chat_id": .int(forum.id), "text": "x", "message_thread_id": 999])
            #expect(unknown.status == 400)
            #expect(unknown.description == "Bad Request: message thread not found")
            // A reply without a thread goes where the replied message is.
            let reply = try await call(
                fake, "sendMessage",
                ["chat_id": .int(forum.id), "text": "reply", "reply_parameters": ["message_id": .int(command.messageID ?? 0)]])
            #expect(reply.result?["message_thread_id"]?.intValue == topic)
            let generalReply = try await call(
                fake, "sendMessage",
                ["chat_id": .int(forum.id), "text": "reply", "reply_parameters": ["message_id": .int(general.messageID ?? 0)]])
            #expect(generalReply.result?["message_thread_id"] == nil)

            let sent = fake.sentMessages(chat: forum.id)
            #expect(sent.map(\.messageThreadID) == [topic, topic, nil])
            // A press on a message in the topic carries the message with its thread.
            fake.callbackQuery(from: bob, message: sent[0], data: "a")
            let press = try #require(
                try await call(fake, "getUpdates", ["offset": .int(Int64(general.updateID + 1))]).updates.first)
            #expect(press["callback_query"]?["message"]?["message_thread_id"]?.intValue == topic)
            #expect(press["callback_query"]?["message"]?["is_topic_message"]?.boolValue == true)
        }
    }

    @Test func callbackQueriesCanBeAnsweredOnce() async throws {
        try await withFake { fake in
            fake.registerChat(group)
            _ = try await call(
                fake, "sendMessage",
                [
                    "chat_id": .int(group.id), "text": "pick",
                    "reply_markup": ["inline_keyboard": [[["text": "A", "callback_data": "a"]]]],
                ])
            let message = try #require(fake.sentMessages(chat: group.id).first)
            let press = fake.callbackQuery(from: bob, message: message, data: "a")
            let update = try #require(try await call(fake, "getUpdates").updates.first)
            #expect(update["callback_query"]?["message"]?["reply_markup"] != nil)
            let queryID = try #require(press.callbackQueryID)

            #expect(
                try await call(
                    fake, "answerCallbackQuery", ["callback_query_id": .string(queryID), "text": "ok"]
                ).ok)
            let twice = try await call(
                fake, "answerCallbackQuery", ["callback_query_id": .string(queryID)])
            #expect(twice.description?.hasPrefix("Bad Request: query is too old") == true)
            #expect(fake.callbackAnswers.map(\.text) == ["ok"])
        }
    }

    @Test func commandListsAreValidatedAndKeptPerScope() async throws {
        try await withFake { fake in
            let good: FakeJSON = [["command": "roast", "description": "Roast me"]]
            #expect(
                try await call(
                    fake, "setMyCommands", ["commands": good, "scope": ["type": "all_group_chats"]]
                ).ok)
            let badName = try await call(
                fake, "setMyCommands", ["commands": [["command": "Roast-Me", "description": "x"]]])
            #expect(badName.description == "Bad Request: BOT_COMMAND_INVALID")
            let badDescription = try await call(
                fake, "setMyCommands", ["commands": [["command": "ok", "description": ""]]])
            #expect(badDescription.status == 400)
            #expect(
                fake.commands(scope: "all_group_chats") == [
                    FakeBotCommand(command: "roast", description: "Roast me")
                ])
            #expect(fake.commands() == nil)
        }
    }

    @Test func chatMemberStatusFollowsConfiguration() async throws {
        try await withFake { fake in
            fake.setMemberStatus(.administrator, of: alice, in: group)
            fake.registerUser(bob)
            let admin = try await call(
                fake, "getChatMember", ["chat_id": .int(group.id), "user_id": .int(alice.id)])
            #expect(admin.result?["status"]?.stringValue == "administrator")
            let member = try await call(
                fake, "getChatMember", ["chat_id": .int(group.id), "user_id": .int(bob.id)])
            #expect(member.result?["status"]?.stringValue == "member")
        }
    }

    @Test func commandEntityLengthCountsUTF16() async throws {
        try await withFake { fake in
            let injected = fake.commandMessage(chat: group, from: alice, text: "/roast@RoastMeLaterBot 😀")
            let entity = FakeJSON.parse(injected.json)?["message"]?["entities"]?.arrayValue?.first
            #expect(entity?["type"]?.stringValue == "bot_command")
            #expect(entity?["length"]?.intValue == 22)
        }
    }

    @Test func documentsUploadedAsMultipartAreRecorded() async throws {
        try await withFake { fake in
            fake.registerChat(group)
            let boundary = "XyZ"
            var body = Data()
            body.append(
                Data(
                    "--\(boundary)\r\nContent-Disposition: form-data; name=\"chat_id\"\r\n\r\n\(group.id)\r\n"
                        .utf8))
            body.append(
                Data(
                    "--\(boundary)\r\nContent-Disposition: form-data; name=\"document\"; filename=\"roasts.csv\"\r\nContent-Type: text/csv\r\n\r\n"
                        .utf8))
            body.append(Data([0x61, 0x2C, 0x62, 0x0D, 0x0A, 0x00, 0xFF]))
            body.append(Data("\r\n--\(boundary)--\r\n".utf8))
            let reply = try await send(
                fake, path: "/bot\(fake.token)/sendDocument",
                contentType: "multipart/form-data; boundary=\(boundary)", body: body)
            #expect(reply.result?["document"]?["file_name"]?.stringValue == "roasts.csv")
            #expect(fake.documents.first?.contents == Data([0x61, 0x2C, 0x62, 0x0D, 0x0A, 0x00, 0xFF]))
            #expect(fake.documents.first?.filename == "roasts.csv")
        }
    }

    /// `editMessageMedia` as Telegram: a photo message's picture replaced by an upload it attaches or
    /// a file id issued before, with its caption and buttons; a text message, an unknown file id or a
    /// missing attachment refused; the same picture, caption and buttons "not modified".
    @Test func editMessageMediaReplacesAPhotoMessagesPictureAsTelegramDoes() async throws {
        try await withFake { fake in
            fake.registerChat(group)
            func png(_ side: UInt8) -> Data {
                Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 4, side, 0, 0, 4, side])
            }
            func form(_ fields: [(String, String)], file: (name: String, data: Data)) -> Data {
                var body = Data()
                for (name, value) in fields {
                    body.append(Data("--B\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8))
                }
                body.append(
                    Data(
                        "--B\r\nContent-Disposition: form-data; name=\"\(file.name)\"; filename=\"p.png\"\r\nContent-Type: image/png\r\n\r\n"
                            .utf8))
                body.append(file.data)
                body.append(Data("\r\n--B--\r\n".utf8))
                return body
            }
            let posted = try await send(
                fake, path: "/bot\(fake.token)/sendPhoto", contentType: "multipart/form-data; boundary=B",
                body: form([("chat_id", "\(group.id)"), ("caption", "Crimson")], file: ("photo", png(0x38))))
            let photo = try #require(posted.result?["message_id"]?.intValue)
            let first = try #require(fake.photos.first?.fileID)
            let text = try #require(
                try await call(fake, "sendMessage", ["chat_id": .int(group.id), "text": "roast"]).result?["message_id"]?.intValue)

            let refusals: [(FakeJSON, String)] = [
                (
                    ["chat_id": .int(group.id), "message_id": .int(text), "media": ["type": "photo", "media": .string(first)]],
                    "no media in the message"
                ),
                (
                    ["chat_id": .int(group.id), "message_id": .int(photo), "media": ["type": "photo", "media": "unknown"]],
                    "wrong file identifier"
                ),
                (
                    ["chat_id": .int(group.id), "message_id": .int(photo), "media": ["type": "photo", "media": "attach://pic"]],
                    "wrong HTTP URL"
                ),
                (["chat_id": .int(group.id), "message_id": .int(photo)], "can't parse InputMedia"),
            ]
            for (parameters, reason) in refusals {
                let reply = try await call(fake, "editMessageMedia", parameters)
                #expect(reply.status == 400 && reply.bodyText.contains(reason), "\(reply.bodyText)")
            }

            let media = #"{"type":"photo","media":"attach://pic","caption":"<b>Midnight</b>","parse_mode":"HTML"}"#
            let markup = #"{"inline_keyboard":[[{"text":"✓ Midnight","callback_data":"k:1:midnight:post"}]]}"#
            let edited = try await send(
                fake, path: "/bot\(fake.token)/editMessageMedia", contentType: "multipart/form-data; boundary=B",
                body: form(
                    [("chat_id", "\(group.id)"), ("message_id", "\(photo)"), ("media", media), ("reply_markup", markup)],
                    file: ("pic", png(0x40))))
            #expect(edited.status == 200, "\(edited.bodyText)")
            #expect(edited.result?["message_id"]?.intValue == photo && edited.result?["caption"]?.stringValue == "Midnight")
            let second = try #require(edited.result?["photo"]?.arrayValue?.last?["file_id"]?.stringValue)
            #expect(second != first)
            let message = try #require(fake.sentMessages(chat: group.id).first { $0.messageID == photo })
            #expect(message.photoFileID == second && message.text == "Midnight" && message.allButtons.map(\.text) == ["✓ Midnight"])
            #expect(fake.mediaEdits.count == 1 && fake.mediaEdits.first?.uploaded == png(0x40) && fake.photos.count == 1)

            let same: FakeJSON = [
                "chat_id": .int(group.id), "message_id": .int(photo),
                "media": ["type": "photo", "media": .string(second), "caption": "<b>Midnight</b>", "parse_mode": "HTML"],
                "reply_markup": ["inline_keyboard": [[["text": "✓ Midnight", "callback_data": "k:1:midnight:post"]]]],
            ]
            let unchanged = try await call(fake, "editMessageMedia", same)
            #expect(unchanged.status == 400 && unchanged.bodyText.contains("message is not modified"))
            let back = try await call(
                fake, "editMessageMedia",
                ["chat_id": .int(group.id), "message_id": .int(photo), "media": ["type": "photo", "media": .string(first)]])
            #expect(back.status == 200)
            #expect(fake.mediaEdits.last?.sentByFileID == first && fake.mediaEdits.count == 2)
        }
    }

    // MARK: Faults

    @Test func faultsAreConsumedInOrderPerMethod() async throws {
        try await withFake { fake in
            fake.registerChat(group)
            fake.injectFault(.tooManyRequests(retryAfter: 7), method: "sendMessage")
            fake.injectFault(.serverError(status: 502))
            fake.injectFault(.truncatedJSON)
            fake.injectFault(.delay(seconds: 0.05))
            let message: FakeJSON = ["chat_id": .int(group.id), "text": "x"]

            let gateway = try await call(fake, "getMe")
            #expect(gateway.status == 502)
            #expect(gateway.bodyText.contains("<html>"))
            let limited = try await call(fake, "sendMessage", message)
            #expect(limited.status == 429)
            #expect(limited.json?["parameters"]?["retry_after"]?.intValue == 7)
            #expect(limited.description == "Too Many Requests: retry after 7")
            let truncated = try await call(fake, "getMe")
            #expect(truncated.status == 200)
            #expect(truncated.json == nil)
            #expect(try await call(fake, "sendMessage", message).ok)
            #expect(try await call(fake, "sendMessage", message).ok)
            #expect(fake.pendingFaultCount == 0)
            #expect(
                fake.requests().map(\.fault) == [
                    .serverError(status: 502), .tooManyRequests(retryAfter: 7), .truncatedJSON,
                    .delay(seconds: 0.05), nil,
                ])
            #expect(fake.sentMessages(chat: group.id).count == 2)
        }
    }

    @Test func droppedConnectionGetsNoResponseAndIsNotApplied() async throws {
        try await withFake { fake in
            fake.registerChat(group)
            fake.injectFault(.dropConnection, method: "sendMessage")
            await #expect(throws: (any Error).self) {
                _ = try await call(fake, "sendMessage", ["chat_id": .int(group.id), "text": "x"])
            }
            #expect(fake.sentMessages(chat: group.id).isEmpty)
            #expect(fake.requests(method: "sendMessage").first?.fault == .dropConnection)
            let retried = try await call(fake, "sendMessage", ["chat_id": .int(group.id), "text": "x"])
            #expect(retried.ok)
        }
    }

    @Test func stalledRequestNeverAnswers() async throws {
        try await withFake { fake in
            fake.injectFault(.stall, method: "getUpdates")
            // The client waits far longer than the test: on a busy machine a short client timeout could pass
            // before the request even reached the fake.
            let pending = Task { try await call(fake, "getUpdates", timeout: .seconds(3_600)) }
            defer { pending.cancel() }
            #expect(await fake.waitFor { !fake.requests(method: "getUpdates").isEmpty })
            let stalled = try #require(fake.requests(method: "getUpdates").first)
            #expect(stalled.fault == .stall)
            // Still unanswered well after an answer would have come.
            try await Task.sleep(for: .seconds(2))
            #expect(fake.requests(method: "getUpdates").first?.statusCode == nil)
            #expect(fake.requests(method: "getUpdates").count == 1)
        }
    }

    // MARK: Rate limits

    @Test func rateLimiterAnswers429OnlyWhenAChatExceedsItsBurst() async throws {
        try await withFake { fake in
            fake.registerChat(group)
            fake.registerChat(.privateChat(with: alice))
            fake.rateLimits = FakeRateLimits(perChatPerSecond: 0.01, perChatBurst: 2)
            let toGroup: FakeJSON = ["chat_id": .int(group.id), "text": "x"]
            #expect(try await call(fake, "sendMessage", toGroup).ok)
            #expect(try await call(fake, "sendMessage", toGroup).ok)
            let limited = try await call(fake, "sendMessage", toGroup)
            #expect(limited.status == 429)
            #expect((limited.json?["parameters"]?["retry_after"]?.intValue ?? 0) >= 1)
            #expect(try await call(fake, "sendMessage", ["chat_id": .int(alice.id), "text": "x"]).ok)
            #expect(fake.rateLimitHits == 1)
        }
    }

    @Test func groupMinuteLimitApplies() async throws {
        try await withFake { fake in
            fake.registerChat(group)
            fake.rateLimits = FakeRateLimits(
                perChatPerSecond: 1000, perChatBurst: 1000, perGroupPerMinute: 3)
            var statuses: [Int] = []
            for _ in 0..<4 {
                statuses.append(
                    try await call(fake, "sendMessage", ["chat_id": .int(group.id), "text": "x"]).status)
            }
            #expect(statuses == [200, 200, 200, 429])
        }
    }

    @Test func withoutRateLimitsBurstsAreAccepted() async throws {
        try await withFake { fake in
            fake.registerChat(group)
            for _ in 0..<25 {
                let reply = try await call(fake, "sendMessage", ["chat_id": .int(group.id), "text": "x"])
                #expect(reply.ok)
            }
            #expect(fake.rateLimitHits == 0)
        }
    }
}

// MARK: - Minimal client

struct ClientTimeout: Error {}

struct Reply: Sendable {
    var status: Int
    var json: FakeJSON?
    var bodyText: String

    var ok: Bool { json?["ok"]?.boolValue == true }
    var description: String? { json?["description"]?.stringValue }
    var result: FakeJSON? { json?["result"] }
    var updates: [FakeJSON] { result?.arrayValue ?? [] }
}

extension FakeJSON {
    /// An update's kind: its key other than update_id.
    var kind: String? { objectValue?.keys.first { $0 != "update_id" } }
}

private func withFake(_ body: (FakeBotAPI) async throws -> Void) async throws {
    let fake = FakeBotAPI()
    try await fake.start()
    do {
        try await body(fake)
    } catch {
        await fake.stop()
        throw error
    }
    await fake.stop()
}

private func call(
    _ fake: FakeBotAPI, _ method: String, _ parameters: FakeJSON = [:], token: String? = nil,
    timeout: Duration = .seconds(20)
) async throws -> Reply {
    try await send(
        fake, path: "/bot\(token ?? fake.token)/\(method)", contentType: "application/json",
        body: Data(parameters.jsonText.utf8), timeout: timeout)
}

private func send(
    _ fake: FakeBotAPI, path: String, query: [HTTPRequest.QueryItem] = [], contentType: String?,
    body: Data,
    timeout: Duration = .seconds(20)
) async throws -> Reply {
    let port = fake.port
    return try await withThrowingTaskGroup(of: Reply.self) { group in
        group.addTask {
            var headers: HTTPHeaders = [.connection: "close"]
            if let contentType { headers[.contentType] = contentType }
            let request = HTTPRequest(
                method: .POST, version: .http11, path: path, query: query, headers: headers,
                body: HTTPBodySequence(data: body))
            var client = HTTPClient()
            let response = try await client.sendHTTPRequest(
                request, to: try sockaddr_in.inet(ip4: "127.0.0.1", port: port))
            let data = try await response.bodyData
            return Reply(
                status: response.statusCode.code, json: FakeJSON.parse(data),
                bodyText: String(decoding: data, as: UTF8.self))
        }
        group.addTask {
            try await Task.sleep(for: timeout)
            throw ClientTimeout()
        }
        defer { group.cancelAll() }
        return try await group.next()!
    }
}
