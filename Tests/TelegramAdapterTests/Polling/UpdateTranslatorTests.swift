import ChatPlatform
import Foundation
import TelegramBotAPI
import Testing

@testable import TelegramAdapter

@Suite struct UpdateTranslatorTests {
    static let botID: Int64 = 8_000_000_001
    let translator = UpdateTranslator(botUserID: botID, botUsername: "RoastMeLaterBot")
    let receivedAt = Date(timeIntervalSince1970: 1_767_400_000)

    static let linh = User(id: 555, firstName: "Linh", lastName: "Nguyễn", username: "linh_ng", languageCode: "vi")
    static let bot = User(id: botID, isBot: true, firstName: "RoastMeLater", username: "RoastMeLaterBot")
    static let group = Chat(id: -1_001_234, type: .supergroup, title: "Team")
    static let privateChat = Chat(id: 555, type: .privateChat, firstName: "Linh")

    private func message(
        _ text: String?, entities: [MessageEntity]? = nil, chat: Chat = group, replyTo: Message? = nil, id: Int64 = 40
    ) -> Update {
        Update(
            updateID: 900,
            kind: .message(
                Message(
                    messageID: id, from: Self.linh, chat: chat, date: 1_767_312_000, text: text, entities: entities,
                    replyToMessage: replyTo)))
    }

    private func event(_ update: Update) -> IncomingEvent? {
        translator.translate(update, receivedAt: receivedAt).envelope?.event
    }

    private func skipReason(_ update: Update) -> String? {
        guard case .skip(let reason) = translator.translate(update, receivedAt: receivedAt) else { return nil }
        return reason
    }

    // MARK: Commands

    @Test func commandAddressedToUsIsAcceptedCaseInsensitively() throws {
        let text = "/Roast@roastmelaterbot   họp 🔥 cay 4  "
        let update = message(text, entities: [MessageEntity(type: .botCommand, offset: 0, length: 22)])
        let envelope = try #require(translator.translate(update, receivedAt: receivedAt).envelope)
        #expect(envelope.event == .command(name: "roast", arguments: "họp 🔥 cay 4", message: MessageID(40)))
        #expect(envelope.key == 900)
        #expect(envelope.date == Date(timeIntervalSince1970: 1_767_312_000))
        #expect(envelope.chat == ChatRef(id: ChatID(-1_001_234), kind: .supergroup, title: "Team"))
        #expect(
            envelope.sender
                == Person(id: UserID(555), displayName: "Linh Nguyễn", username: "linh_ng", languageCode: "vi"))
    }

    @Test func commandWithoutUsernameIsAcceptedAsNotAddressed() {
        let update = message("/stats", entities: [MessageEntity(type: .botCommand, offset: 0, length: 6)])
        #expect(event(update) == .command(name: "stats", arguments: "", message: MessageID(40), addressed: false))
        let addressed = message("/stats@RoastMeLaterBot", entities: [MessageEntity(type: .botCommand, offset: 0, length: 22)])
        #expect(event(addressed) == .command(name: "stats", arguments: "", message: MessageID(40), addressed: true))
    }

    @Test func commandForAnotherBotIsSkipped() {
        let update = message("/roast@OtherBot me", entities: [MessageEntity(type: .botCommand, offset: 0, length: 14)])
        #expect(skipReason(update) == "command for another bot")
    }

    @Test func commandLaterInTheTextIsGroupChatter() {
        let update = message("lol /roast", entities: [MessageEntity(type: .botCommand, offset: 4, length: 6)])
        #expect(skipReason(update) == "group message not addressed to the bot")
    }

    @Test func commandArgumentsKeepTheirNewlinesInside() {
        let update = message("/roast\nline one\nline two\n", entities: [MessageEntity(type: .botCommand, offset: 0, length: 6)])
        #expect(event(update) == .command(name: "roast", arguments: "line one\nline two", message: MessageID(40), addressed: false))
    }

    // MARK: Topics

    @Test func aMessageInAForumTopicHappensInThatTopic() throws {
        var topicMessage = Message(
            messageID: 5120, from: Self.linh, chat: Self.group, date: 1_767_312_000, text: "/roast",
            entities: [MessageEntity(type: .botCommand, offset: 0, length: 6)], messageThreadID: 77, isTopicMessage: true)
        var envelope = try #require(
            translator.translate(Update(updateID: 910, kind: .message(topicMessage)), receivedAt: receivedAt).envelope)
        #expect(envelope.topic == TopicID(77))
        // A reply thread in a group without topics also has a thread id, but is no topic.
        topicMessage.isTopicMessage = nil
        envelope = try #require(translator.translate(Update(updateID: 911, kind: .message(topicMessage)), receivedAt: receivedAt).envelope)
        #expect(envelope.topic == nil)
    }

    @Test func aPressOnAMessageInATopicHappensInThatTopic() throws {
        let query = CallbackQuery(
            id: "cb9", from: Self.linh,
            message: Message(
                messageID: 41, from: Self.bot, chat: Self.group, date: 1_767_312_001, text: "roast", messageThreadID: 77,
                isTopicMessage: true),
            chatInstance: "ci", data: "r:lol:42")
        let envelope = try #require(
            translator.translate(Update(updateID: 912, kind: .callbackQuery(query)), receivedAt: receivedAt).envelope)
        #expect(envelope.topic == TopicID(77))
        let general = CallbackQuery(
            id: "cb10", from: Self.linh, message: Message(messageID: 42, from: Self.bot, chat: Self.group, date: 1, text: "roast"),
            chatInstance: "ci", data: "r:lol:42")
        #expect(translator.translate(Update(updateID: 913, kind: .callbackQuery(general)), receivedAt: receivedAt).envelope?.topic == nil)
    }

    // MARK: Mentions

    @Test func mentionAfterEmojiIsFoundByUTF16OffsetAndRemoved() {
        // Each 🔥 is two UTF-16 code units, so the mention starts at 5.
        let text = "🔥🔥 @RoastMeLaterBot roast Linh"
        let update = message(text, entities: [MessageEntity(type: .mention, offset: 5, length: 16)])
        #expect(event(update) == .mention(text: "🔥🔥 roast Linh", message: MessageID(40)))
    }

    @Test func mentionOfSomeoneElseIsGroupChatter() {
        let update = message("@linh_ng hi", entities: [MessageEntity(type: .mention, offset: 0, length: 8)])
        #expect(skipReason(update) == "group message not addressed to the bot")
    }

    @Test func textMentionOfTheBotCounts() {
        let update = message(
            "hey Roaster do it", entities: [MessageEntity(type: .textMention, offset: 4, length: 7, user: Self.bot)])
        #expect(event(update) == .mention(text: "hey do it", message: MessageID(40)))
    }

    @Test func replyToTheBotIsAMention() {
        let original = Message(messageID: 39, from: Self.bot, chat: Self.group, date: 1, text: "roast")
        let update = message("again please", replyTo: original)
        #expect(event(update) == .mention(text: "again please", message: MessageID(40)))
    }

    @Test func replyToSomeoneElseIsGroupChatter() {
        let original = Message(messageID: 39, from: Self.linh, chat: Self.group, date: 1, text: "x")
        #expect(skipReason(message("true", replyTo: original)) == "group message not addressed to the bot")
    }

    @Test func anyTextInAPrivateChatIsAMention() throws {
        let envelope = try #require(
            translator.translate(message("roast me", chat: Self.privateChat), receivedAt: receivedAt).envelope)
        #expect(envelope.event == .mention(text: "roast me", message: MessageID(40)))
        #expect(envelope.chat.kind == .privateChat)
    }

    // MARK: Service messages and other kinds

    @Test func migrationBecomesMigratedInTheOldChat() throws {
        let update = Update(
            updateID: 901,
            kind: .message(
                Message(
                    messageID: 3, from: Self.linh, chat: Chat(id: -4123, type: .group, title: "Old"), date: 5,
                    migrateToChatID: -1_002_223)))
        let envelope = try #require(translator.translate(update, receivedAt: receivedAt).envelope)
        #expect(envelope.event == .migrated(to: ChatID(-1_002_223)))
        #expect(envelope.chat.id == ChatID(-4123))
    }

    /// Telegram gives no time for a press; the message's own date may be weeks old.
    @Test func callbackOnAMessageBecomesButtonPressDatedWhenReceived() throws {
        let query = CallbackQuery(
            id: "cb1", from: Self.linh,
            message: Message(messageID: 41, from: Self.bot, chat: Self.group, date: 1_767_312_001, text: "roast"),
            chatInstance: "ci", data: "r:lol:42")
        let envelope = try #require(
            translator.translate(Update(updateID: 902, kind: .callbackQuery(query)), receivedAt: receivedAt).envelope)
        #expect(envelope.event == .buttonPress(data: "r:lol:42", message: MessageID(41)))
        #expect(envelope.interaction == Interaction(handle: "cb1"))
        #expect(envelope.date == receivedAt)
        #expect(envelope.chat.id == ChatID(-1_001_234))
    }

    @Test func callbackOnAnInaccessibleMessageUsesTheReceiptDate() throws {
        let query = CallbackQuery(
            id: "cb2", from: Self.linh, message: Message(messageID: 12, chat: Self.group, date: 0), chatInstance: "ci",
            data: "r:fire:7")
        let envelope = try #require(
            translator.translate(Update(updateID: 903, kind: .callbackQuery(query)), receivedAt: receivedAt).envelope)
        #expect(envelope.date == receivedAt)
        #expect(envelope.event == .buttonPress(data: "r:fire:7", message: MessageID(12)))
        #expect(envelope.interaction == Interaction(handle: "cb2"))
    }

    @Test func callbackWithoutMessageIsSkipped() {
        let query = CallbackQuery(id: "cb3", from: Self.linh, inlineMessageID: "AAA", chatInstance: "ci", data: "x")
        #expect(skipReason(Update(updateID: 904, kind: .callbackQuery(query))) == "callback without chat")
    }

    @Test func reactionKeepsOnlyEmoji() throws {
        let reaction = MessageReactionUpdated(
            chat: Self.group, messageID: 41, user: Self.linh, date: 1_767_312_100, oldReaction: [.emoji("👍")],
            newReaction: [.emoji("🔥"), .customEmoji(id: "536"), .paid, .unknown(type: "future")])
        let envelope = try #require(
            translator.translate(Update(updateID: 905, kind: .messageReaction(reaction)), receivedAt: receivedAt).envelope)
        #expect(envelope.event == .reactionChange(message: MessageID(41), old: ["👍"], new: ["🔥"]))
        #expect(envelope.date == Date(timeIntervalSince1970: 1_767_312_100))
        #expect(envelope.sender?.id == UserID(555))
    }

    @Test func anonymousReactionIsSkipped() {
        let reaction = MessageReactionUpdated(
            chat: Self.group, messageID: 41, actorChat: Self.group, date: 1, oldReaction: [], newReaction: [.emoji("🔥")])
        #expect(skipReason(Update(updateID: 906, kind: .messageReaction(reaction))) == "anonymous reaction")
    }

    @Test(arguments: [
        (ChatMember(status: .member, user: bot), BotMembership.member),
        (ChatMember(status: .administrator, user: bot), .administrator),
        (ChatMember(status: .creator, user: bot), .administrator),
        (ChatMember(status: .restricted, user: bot, isMember: true), .member),
        (ChatMember(status: .restricted, user: bot, isMember: false), .left),
        (ChatMember(status: .left, user: bot), .left),
        (ChatMember(status: .kicked, user: bot, untilDate: 0), .kicked),
    ])
    func botMembershipFollowsTheNewStatus(member: ChatMember, expected: BotMembership) throws {
        let change = ChatMemberUpdated(
            chat: Self.group, from: Self.linh, date: 1_767_311_000, oldChatMember: ChatMember(status: .left, user: Self.bot),
            newChatMember: member)
        let envelope = try #require(
            translator.translate(Update(updateID: 907, kind: .myChatMember(change)), receivedAt: receivedAt).envelope)
        #expect(envelope.event == .botMembership(expected))
        #expect(envelope.date == Date(timeIntervalSince1970: 1_767_311_000))
    }

    @Test(arguments: [
        (ChatMember(status: .administrator, user: linh), IncomingEvent.memberChanged(UserID(555), isAdmin: true)),
        (ChatMember(status: .creator, user: linh), .memberChanged(UserID(555), isAdmin: true)),
        (ChatMember(status: .member, user: linh), .memberChanged(UserID(555), isAdmin: false)),
        (ChatMember(status: .restricted, user: linh, isMember: true), .memberChanged(UserID(555), isAdmin: false)),
        (ChatMember(status: .restricted, user: linh, isMember: false), .memberLeft(UserID(555))),
        (ChatMember(status: .left, user: linh), .memberLeft(UserID(555))),
        (ChatMember(status: .kicked, user: linh, untilDate: 0), .memberLeft(UserID(555))),
    ])
    func anotherMembersStatusSaysWhetherTheyAreAnAdminNowOrLeft(member: ChatMember, expected: IncomingEvent) throws {
        let change = ChatMemberUpdated(
            chat: Self.group, from: Self.linh, date: 1_767_311_000, oldChatMember: ChatMember(status: .administrator, user: Self.linh),
            newChatMember: member)
        let envelope = try #require(translator.translate(Update(updateID: 910, kind: .chatMember(change)), receivedAt: receivedAt).envelope)
        #expect(envelope.event == expected)
        #expect(envelope.chat.id == ChatID(-1_001_234))
    }

    /// Telegram tells every bot in a group (privacy mode or not) who left, with a service message.
    @Test func aLeftChatMemberServiceMessageSaysWhoLeft() throws {
        let left = Update(
            updateID: 911,
            kind: .message(
                Message(messageID: 41, from: Self.linh, chat: Self.group, date: 1_767_312_000, text: nil, leftChatMember: Self.linh)))
        #expect(event(left) == .memberLeft(UserID(555)))
        let botLeft = Update(
            updateID: 912,
            kind: .message(
                Message(messageID: 42, from: Self.linh, chat: Self.group, date: 1_767_312_000, text: nil, leftChatMember: Self.bot)))
        #expect(skipReason(botLeft) != nil, "the bot's own departure comes as my_chat_member")
    }

    @Test func theBotRequestsMemberUpdates() {
        #expect(TelegramPoller.defaultAllowedUpdates.contains("chat_member"))
    }

    /// Telegram signs an anonymous admin's message with the `GroupAnonymousBot` user and the group as
    /// `sender_chat`, and a channel's with `Channel_Bot` and the channel.
    @Test func messagesSignedByAChatHaveNoPersonAndSayWhoSentThem() throws {
        let anonymous = User(id: 1_087_968_824, isBot: true, firstName: "Group", username: "GroupAnonymousBot")
        let channelBot = User(id: 136_817_688, isBot: true, firstName: "Channel", username: "Channel_Bot")
        let channel = Chat(id: -1_009_999, type: .channel, title: "News")
        for (from, senderChat, expected) in [
            (anonymous, Self.group, SenderChat.anonymousAdmin), (channelBot, channel, .channel(ChatID(-1_009_999))),
        ] {
            let update = Update(
                updateID: 911,
                kind: .message(
                    Message(
                        messageID: 41, from: from, senderChat: senderChat, chat: Self.group, date: 1_767_312_000, text: "/settings",
                        entities: [MessageEntity(type: .botCommand, offset: 0, length: 9)])))
            let envelope = try #require(translator.translate(update, receivedAt: receivedAt).envelope)
            #expect(envelope.sender == nil)
            #expect(envelope.senderChat == expected)
            #expect(envelope.event == .command(name: "settings", arguments: "", message: MessageID(41), addressed: false))
        }
    }

    @Test func inlineQueryHappensInTheSendersPrivateChat() throws {
        let query = InlineQuery(id: "iq", from: Self.linh, query: "monday")
        let envelope = try #require(
            translator.translate(Update(updateID: 908, kind: .inlineQuery(query)), receivedAt: receivedAt).envelope)
        #expect(envelope.event == .inlineQuery(id: "iq", query: "monday"))
        #expect(envelope.chat == ChatRef(id: ChatID(555), kind: .privateChat))
        #expect(envelope.date == receivedAt)
    }

    @Test func chosenInlineResultIsReported() {
        let chosen = ChosenInlineResult(resultID: "roast-42", from: Self.linh, query: "monday")
        #expect(
            event(Update(updateID: 909, kind: .chosenInlineResult(chosen)))
                == .inlineChosen(resultID: "roast-42", query: "monday"))
    }

    @Test func otherUpdatesAreSkippedWithAReason() {
        let edited = Update(
            updateID: 1, kind: .editedMessage(Message(messageID: 1, chat: Self.group, date: 1, text: "/roast")))
        let counts = Update(
            updateID: 2,
            kind: .messageReactionCount(MessageReactionCountUpdated(chat: Self.group, messageID: 1, date: 1, reactions: [])))
        let future = Update(updateID: 4, kind: .unsupported("unknown update kind: business_message"))
        #expect(skipReason(edited) == "edited message")
        #expect(skipReason(counts) == "anonymous reaction counts")
        #expect(skipReason(future) == "unsupported update: unknown update kind: business_message")
        #expect(skipReason(message(nil)) == "message without text")
    }
}
