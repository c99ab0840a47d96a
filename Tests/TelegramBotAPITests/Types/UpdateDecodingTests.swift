import Foundation
import RoastTesting
import Testing

@testable import TelegramBotAPI

@Suite struct UpdateDecodingTests {
    private func update(_ name: String) throws -> Update {
        try JSONDecoder().decode(Update.self, from: try Samples.data(name))
    }

    @Test func groupCommandKeepsTextEntitiesAndSender() throws {
        let update = try update("group_command")
        #expect(update.updateID == 100_000_001)
        guard case .message(let message) = update.kind else {
            Issue.record("not a message: \(update.kind)")
            return
        }
        #expect(message.messageID == 4412)
        #expect(message.chat.id == -1_001_234_567_890)
        #expect(message.chat.type == .supergroup)
        #expect(message.chat.title == "Team Họp 😴")
        #expect(message.date == 1_767_312_000)
        #expect(message.text == "/roast@RoastMeLaterBot họp cay 4")
        #expect(message.entities == [MessageEntity(type: .botCommand, offset: 0, length: 22)])
        #expect(message.from?.languageCode == "vi")
        #expect(message.from?.lastName == "Nguyễn")
        #expect(message.entities?.first?.substring(of: message.text ?? "") == "/roast@RoastMeLaterBot")
    }

    @Test func topicMessageCarriesItsThreadAndTheTopicMark() throws {
        guard case .message(let message) = try update("topic_command").kind else {
            Issue.record("not a message")
            return
        }
        #expect(message.messageThreadID == 77)
        #expect(message.isTopicMessage == true)
        #expect(message.replyToMessage?.messageThreadID == 77)
        // Outside topics neither is set.
        guard case .message(let general) = try update("group_command").kind else {
            Issue.record("not a message")
            return
        }
        #expect(general.messageThreadID == nil)
        #expect(general.isTopicMessage == nil)
    }

    @Test func privateMessageCarriesLanguageCode() throws {
        guard case .message(let message) = try update("private_message").kind else {
            Issue.record("not a message")
            return
        }
        #expect(message.chat.type == .privateChat)
        #expect(message.from == User(id: 777_000_222, firstName: "Sam", username: "sammy", languageCode: "en-GB"))
        #expect(message.entities == nil)
    }

    @Test func callbackQueryCarriesDataAndMessage() throws {
        guard case .callbackQuery(let query) = try update("callback_query").kind else {
            Issue.record("not a callback")
            return
        }
        #expect(query.id == "4382bfdwdsb323b2d9")
        #expect(query.data == "r:lol:42")
        #expect(query.chatInstance == "-5349812387613")
        #expect(query.message?.messageID == 4413)
        #expect(query.message?.isAccessible == true)
        #expect(query.message?.from?.isBot == true)
    }

    @Test func callbackOnInaccessibleMessageKeepsChatWithDateZero() throws {
        guard case .callbackQuery(let query) = try update("callback_inaccessible").kind else {
            Issue.record("not a callback")
            return
        }
        let message = try #require(query.message)
        #expect(message.isAccessible == false)
        #expect(message.chat.id == -1_001_234_567_890)
        #expect(message.messageID == 12)
    }

    @Test func reactionDecodesEmojiCustomPaidAndFutureTypes() throws {
        guard case .messageReaction(let reaction) = try update("message_reaction").kind else {
            Issue.record("not a reaction")
            return
        }
        #expect(reaction.messageID == 4413)
        #expect(reaction.user?.id == 555_000_111)
        #expect(reaction.actorChat == nil)
        #expect(reaction.date == 1_767_312_100)
        #expect(reaction.oldReaction == [.emoji("👍")])
        #expect(
            reaction.newReaction == [
                .emoji("🔥"), .customEmoji(id: "5368324170671202286"), .paid, .unknown(type: "sparkles_v2"),
            ])
    }

    @Test func reactionCountDecodesTotals() throws {
        guard case .messageReactionCount(let counts) = try update("message_reaction_count").kind else {
            Issue.record("not a reaction count")
            return
        }
        #expect(counts.chat.type == .channel)
        #expect(counts.reactions == [ReactionCount(type: .emoji("❤"), totalCount: 12), ReactionCount(type: .paid, totalCount: 1)])
    }

    @Test(arguments: [
        ("my_chat_member_added", ChatMember.Status.left, ChatMember.Status.member),
        ("my_chat_member_promoted", .member, .administrator),
        ("my_chat_member_kicked", .member, .kicked),
    ])
    func myChatMemberDecodesStatusChange(name: String, old: ChatMember.Status, new: ChatMember.Status) throws {
        guard case .myChatMember(let change) = try update(name).kind else {
            Issue.record("not my_chat_member")
            return
        }
        #expect(change.oldChatMember.status == old)
        #expect(change.newChatMember.status == new)
        #expect(change.newChatMember.user.id == 8_000_000_001)
    }

    @Test func unknownMemberStatusIsTolerated() throws {
        let json = #"{"status":"ghost","user":{"id":1,"is_bot":false,"first_name":"A"},"shiny":1}"#
        let member = try JSONDecoder().decode(ChatMember.self, from: Data(json.utf8))
        #expect(member.status == ChatMember.Status(rawValue: "ghost"))
        #expect(member.isPresent == false)
    }

    @Test func migrationServiceMessageCarriesNewChatID() throws {
        guard case .message(let message) = try update("migrate_to_chat_id").kind else {
            Issue.record("not a message")
            return
        }
        #expect(message.migrateToChatID == -1_002_223_334_445)
        #expect(message.chat.type == .group)
        #expect(message.text == nil)
    }

    @Test func inlineQueryAndChosenResultDecode() throws {
        guard case .inlineQuery(let query) = try update("inline_query").kind else {
            Issue.record("not inline")
            return
        }
        #expect(query.query == "monday")
        #expect(query.chatType == "sender")
        guard case .chosenInlineResult(let chosen) = try update("chosen_inline_result").kind else {
            Issue.record("not chosen")
            return
        }
        #expect(chosen.resultID == "roast-42")
        #expect(chosen.inlineMessageID == "AgAAAHwAAAB")
    }

    @Test func futureUpdateKindBecomesUnsupportedNamingItsKey() throws {
        let update = try update("future_kind")
        #expect(update.updateID == 100_000_012)
        #expect(update.kind == .unsupported("unknown update kind: business_message,some_new_flag"))
    }

    @Test func replyToMessageIsDecodedNested() throws {
        let json = #"""
            {"message_id":2,"chat":{"id":5,"type":"private"},"date":10,"text":"again",
             "reply_to_message":{"message_id":1,"from":{"id":9,"is_bot":true,"first_name":"Bot"},"chat":{"id":5,"type":"private"},"date":9,"text":"hi"}}
            """#
        let message = try JSONDecoder().decode(Message.self, from: Data(json.utf8))
        #expect(message.replyToMessage?.messageID == 1)
        #expect(message.replyToMessage?.from?.id == 9)
        let roundTrip = try JSONDecoder().decode(Message.self, from: JSONEncoder().encode(message))
        #expect(roundTrip == message)
    }

    @Test func getUpdatesBatchSurvivesOneMalformedUpdate() async throws {
        let samples = try Samples.updateNames.map(Samples.text)
        // A message whose chat id is a string, and a purchased_paid_media update Telegram added later.
        let malformed = #"{"update_id":100000020,"message":{"message_id":1,"chat":{"id":"oops","type":"group"},"date":1}}"#
        let paidMedia =
            #"{"update_id":100000021,"purchased_paid_media":{"from":{"id":1,"is_bot":false,"first_name":"A"},"paid_media_payload":"x"}}"#
        let all = samples + [malformed, paidMedia]
        let http = StubHTTPClient([.ok("[" + all.joined(separator: ",") + "]")])
        let client = TelegramBotClient(token: BotToken("123:SECRET"), http: http)

        let updates = try await client.getUpdates(offset: nil, timeout: 0)

        #expect(updates.count == all.count)
        #expect(updates.map(\.updateID).last == 100_000_021)
        let unsupported = updates.filter { if case .unsupported = $0.kind { true } else { false } }.map(\.updateID)
        #expect(unsupported == [100_000_012, 100_000_020, 100_000_021])
        let broken = try #require(updates.first { $0.updateID == 100_000_020 })
        #expect(broken.kind == .unsupported("malformed message: type mismatch at message.chat.id (expected Int64)"))
    }

    @Test func updateWithoutIDIsDroppedNotFatal() async throws {
        let http = StubHTTPClient([.ok(#"[{"message":{}},{"update_id":5,"poll":{}}]"#)])
        let client = TelegramBotClient(token: BotToken("123:SECRET"), http: http)
        let updates = try await client.getUpdates(offset: 1, timeout: 0)
        #expect(updates.map(\.updateID) == [5])
    }

    @Test func updateRoundTripsThroughEncoding() throws {
        let original = try update("callback_query")
        let again = try JSONDecoder().decode(Update.self, from: JSONEncoder().encode(original))
        #expect(again == original)
    }
}
