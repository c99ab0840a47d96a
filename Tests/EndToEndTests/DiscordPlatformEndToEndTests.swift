import ChatPlatform
import CurlHTTP
import DiscordAPI
import DiscordAdapter
import Foundation
import RoastTesting
import Testing

/// The platform against the fake Discord REST API on 127.0.0.1: interactions answered once and in time, replies
/// as their answers, private answers for the person alone, DM channels opened once, long text split, and every
/// message with `allowed_mentions` that parses nothing (the fake refuses any write without it).
@Suite(.timeLimit(.minutes(2)))
struct DiscordPlatformEndToEndTests {
    static let guild: Int64 = 1_200_000_000_000_000_001
    static let channel: Int64 = 1_200_000_000_000_000_101
    static let alice = FakeDiscordUser(id: 1_300_000_000_000_000_001, username: "alice")

    /// A fake, a client and a platform; `deadline`: the fake's seconds for a first answer.
    func withPlatform(deadline: Double = 60, _ body: (FakeDiscordREST, DiscordPlatform) async throws -> Void) async throws {
        let fake = FakeDiscordREST(rateLimits: nil)
        fake.interactionDeadline = deadline
        try await fake.start()
        let http = CurlHTTPClient()
        defer { http.shutdown() }
        fake.registerChannel(FakeDiscordChannel(id: Self.channel, type: 0, guildID: Self.guild, name: "general"))
        let client = DiscordClient(
            token: DiscordBotToken(fake.token), http: http, configuration: DiscordClient.Configuration(baseURL: fake.baseURL))
        do {
            try await body(fake, DiscordPlatform(client: client))
        } catch {
            await fake.stop()
            throw error
        }
        await fake.stop()
    }

    /// The envelope the platform makes of a fake interaction (its token is learnt on the way).
    func received(_ interaction: FakeDiscordInteraction, _ fake: FakeDiscordREST, _ platform: DiscordPlatform) async throws
        -> IncomingEnvelope
    {
        let translator = DiscordEventTranslator(
            botUserID: DiscordUserID(fake.botUser.id), applicationID: DiscordApplicationID(fake.applicationID))
        let dispatch = DiscordDispatch(name: "INTERACTION_CREATE", json: interaction.payloadData)
        return try #require(await platform.receive(dispatch, with: translator).envelope)
    }

    func command(_ name: String, _ fake: FakeDiscordREST, _ platform: DiscordPlatform) async throws -> (
        FakeDiscordInteraction, IncomingEnvelope
    ) {
        let interaction = fake.dispatchCommand(name, by: Self.alice, channelID: Self.channel, guildID: Self.guild)
        return (interaction, try await received(interaction, fake, platform))
    }

    static let roast = OutgoingMessage(
        text: RichText([.mention(UserID(alice.id), name: "Alice"), .plain(" @everyone: "), .italic("your standup is a sitdown")]),
        buttons: [[Button("😂", data: "r:1:lol"), Button("🔥", data: "r:1:fire")], [Button("⭐", data: "f:1")]],
        topic: TopicID(channel))

    static func destination(_ envelope: IncomingEnvelope, person: UserID? = nil) -> Destination {
        Destination(chat: envelope.chat.id, person: person, interaction: envelope.interaction)
    }

    // MARK: Commands

    /// A command's public reply is its answer: deferred, then `@original` edited, so that the roast's id is known;
    /// one callback, in time; only the mentioned person may be notified.
    @Test func aCommandsReplyIsItsAnswerAndKnowsItsMessage() async throws {
        try await withPlatform { fake, platform in
            let (interaction, envelope) = try await command("roast", fake, platform)
            try await platform.answer(try #require(envelope.interaction), with: .handled(notice: nil, replies: 1))
            let delivered = try await platform.perform(.send(Self.roast), at: Self.destination(envelope))
            let state = try #require(fake.interaction(interaction.id))
            #expect(state.responseType == 5)
            #expect(state.refusedCallbacks.isEmpty)
            #expect((state.responseDelay ?? 99) < 3)
            let id = try #require(delivered.message)
            #expect(state.originalMessageID == id.rawValue)
            let message = try #require(fake.message(id.rawValue))
            #expect(!message.isLoading)
            #expect(message.content == "<@\(Self.alice.id)> @everyone: *your standup is a sitdown*")
            #expect(message.customIDs == ["r:1:lol", "r:1:fire", "f:1"])
            #expect(message.allowedMentions?["parse"] == .array([]))
            #expect(message.allowedMentions?["users"] == .array([.string(String(Self.alice.id))]))
        }
    }

    /// A command's reply waiting out a 429 on its interaction's token: the core's "handled, its replies follow"
    /// answer has nothing to send, and returns at once instead of waiting for the reply — the chat's next event is
    /// applied meanwhile.
    @Test func handledWithRepliesToComeWaitsForNoReplyInFlight() async throws {
        try await withPlatform { fake, platform in
            let (interaction, envelope) = try await command("roast", fake, platform)
            fake.injectRateLimit(route: FakeDiscordRoutes.editOriginal, retryAfter: 3)
            let reply = Task { try await platform.perform(.send(Self.roast), at: Self.destination(envelope)) }
            let limited = await fake.waitFor(timeout: .seconds(20)) {
                fake.requests(route: FakeDiscordRoutes.editOriginal).contains { $0.status == 429 }
            }
            #expect(limited)
            try await platform.answer(try #require(envelope.interaction), with: .handled(notice: nil, replies: 1))
            #expect(
                !fake.requests(route: FakeDiscordRoutes.editOriginal).contains { $0.status == 200 },
                "the answer waited for the reply waiting out its rate limit")
            let delivered = try await reply.value
            #expect(fake.interaction(interaction.id)?.originalMessageID == delivered.message?.rawValue)
            #expect(fake.interaction(interaction.id)?.refusedCallbacks == [])
        }
    }

    /// Replies still on their way when the deadline nears: the interaction is deferred in time, never "failed".
    @Test func anInteractionWhoseRepliesAreLateIsDeferredInTime() async throws {
        try await withPlatform(deadline: 3) { fake, platform in
            let (interaction, envelope) = try await command("card", fake, platform)
            try await platform.answer(try #require(envelope.interaction), with: .handled(notice: nil, replies: 1))
            #expect(fake.interaction(interaction.id)?.responseType == nil)
            #expect(await fake.waitFor(timeout: .seconds(10)) { fake.interaction(interaction.id)?.responseType == 5 })
            #expect((fake.interaction(interaction.id)?.responseDelay ?? 99) < 3)
            let delivered = try await platform.perform(.send(Self.roast), at: Self.destination(envelope))
            #expect(fake.interaction(interaction.id)?.originalMessageID == delivered.message?.rawValue)
            #expect(fake.interaction(interaction.id)?.refusedCallbacks == [])
        }
    }

    /// `/export`: the file goes to the person alone (ephemeral); the channel sees nothing.
    @Test func aPrivateReplyIsForThePersonAlone() async throws {
        try await withPlatform { fake, platform in
            let (interaction, envelope) = try await command("export", fake, platform)
            try await platform.answer(try #require(envelope.interaction), with: .handled(notice: nil, replies: 1))
            let document = OutgoingDocument(filename: "roastmelater-export.json", contents: Array(#"{"a":1}"#.utf8), caption: "Your data")
            _ = try await platform.perform(
                .document(document), at: Self.destination(envelope, person: UserID(Self.alice.id)))
            let state = try #require(fake.interaction(interaction.id))
            #expect(state.responseType == 4)
            let answer = try #require(state.originalMessageID.flatMap(fake.message))
            #expect(answer.isEphemeral)
            #expect(answer.attachments.map(\.filename) == ["roastmelater-export.json"])
            #expect(fake.messages(in: Self.channel).allSatisfy { $0.isEphemeral })
            #expect(fake.requests(route: FakeDiscordRoutes.createDM).isEmpty)
        }
    }

    /// The menu as the bot publishes it: `/forgetme` and `/export` answer the person alone.
    static let privateMenu = ["forgetme", "export"].map {
        MenuCommand(
            name: $0, audience: .everyone, summary: MenuText(["en": $0], defaultLanguage: "en"), answersPrivately: true)
    }

    /// A command whose answer is for the person alone (`/forgetme`'s question), deferred because it was slow: its
    /// "thinking…" is theirs alone too, and the answer takes its place — nothing appears in the channel for others.
    @Test func aPrivateCommandDeferredThinksForThePersonAlone() async throws {
        try await withPlatform { fake, platform in
            await platform.learn(Self.privateMenu)
            let (interaction, envelope) = try await command("forgetme", fake, platform)
            let handle = try #require(envelope.interaction)
            try await platform.answer(handle, with: .deferred)
            let thinking = try #require(fake.interaction(interaction.id)?.originalMessageID.flatMap(fake.message))
            #expect(thinking.isEphemeral, "the thinking of a private answer is public")
            let question = OutgoingMessage(
                text: RichText(plain: "Delete all your data?"), buttons: [[Button("Delete everything", data: "x:1:all")]])
            _ = try await platform.perform(.send(question), at: Self.destination(envelope, person: UserID(Self.alice.id)))
            try await platform.answer(handle, with: .handled(notice: nil, replies: 1))
            #expect(fake.messages(in: Self.channel).allSatisfy { $0.isEphemeral })
            let answer = try #require(fake.interaction(interaction.id)?.originalMessageID.flatMap(fake.message))
            #expect(answer.content.contains("Delete all your data"), "\(answer.content)")
            #expect(answer.customIDs == ["x:1:all"])
            #expect(fake.interaction(interaction.id)?.refusedCallbacks == [])
        }
    }

    /// `/export scope:chat` deferred: the file for the admin alone takes the private "thinking…", and the note that
    /// it was sent is a message of its own in the channel — the only public one.
    @Test func aPrivateCommandDeferredStillPostsItsPublicNoteInTheChannel() async throws {
        try await withPlatform { fake, platform in
            await platform.learn(Self.privateMenu)
            let (interaction, envelope) = try await command("export", fake, platform)
            let handle = try #require(envelope.interaction)
            try await platform.answer(handle, with: .deferred)
            let document = OutgoingDocument(filename: "roastmelater-export.json", contents: Array(#"{"a":1}"#.utf8), caption: "Your data")
            _ = try await platform.perform(.document(document), at: Self.destination(envelope, person: UserID(Self.alice.id)))
            let note = OutgoingMessage(text: RichText(plain: "Sent to Alice privately."))
            _ = try await platform.perform(.send(note), at: Self.destination(envelope))
            try await platform.answer(handle, with: .handled(notice: nil, replies: 2))
            let original = try #require(fake.interaction(interaction.id)?.originalMessageID.flatMap(fake.message))
            #expect(original.isEphemeral)
            #expect(original.attachments.map(\.filename) == ["roastmelater-export.json"])
            let inPublic = fake.messages(in: Self.channel).filter { !$0.isEphemeral }
            #expect(inPublic.map(\.content) == ["Sent to Alice privately."])
            #expect(fake.interaction(interaction.id)?.refusedCallbacks == [])
        }
    }

    /// Deferred in public ("thinking…"), then a private answer: the thinking becomes a mark, and the answer is a
    /// follow-up for the person alone — never written into the public message.
    @Test func aDeferredCommandsPrivateAnswerNeverReplacesThePublicThinking() async throws {
        try await withPlatform { fake, platform in
            let (interaction, envelope) = try await command("export", fake, platform)
            let handle = try #require(envelope.interaction)
            try await platform.answer(handle, with: .deferred)
            try await platform.answer(handle, with: .handled(notice: nil, replies: 1))
            _ = try await platform.perform(
                .send(OutgoingMessage(text: "secret")), at: Self.destination(envelope, person: UserID(Self.alice.id)))
            let state = try #require(fake.interaction(interaction.id))
            let original = try #require(state.originalMessageID.flatMap(fake.message))
            #expect(original.content == DiscordPlatform.doneMark)
            #expect(!original.isEphemeral)
            let followup = try #require(state.followupIDs.last.flatMap(fake.message))
            #expect(followup.content == "secret")
            #expect(followup.isEphemeral)
        }
    }

    // MARK: Buttons

    /// The roast posted in its channel, then a press on it: the press is answered by updating the message with the
    /// new counts (type 7), one call.
    @Test func aPressIsAnsweredByUpdatingItsMessage() async throws {
        try await withPlatform { fake, platform in
            let posted = try #require(try await platform.perform(.send(Self.roast), at: Destination(chat: ChatID(Self.guild))).message)
            let press = try #require(fake.dispatchButtonPress(customID: "r:1:fire", messageID: posted.rawValue, by: Self.alice))
            let envelope = try await received(press, fake, platform)
            #expect(envelope.event == .buttonPress(data: "r:1:fire", message: posted))
            try await platform.answer(try #require(envelope.interaction), with: .handled(notice: nil, replies: 1))
            let counted = [[Button("😂", data: "r:1:lol"), Button("🔥 1", data: "r:1:fire")], [Button("⭐", data: "f:1")]]
            _ = try await platform.perform(.editButtons(posted, counted), at: Self.destination(envelope))
            #expect(fake.interaction(press.id)?.responseType == 7)
            let message = try #require(fake.message(posted.rawValue))
            #expect(message.rows.flatMap { $0.compactMap(\.label) } == ["😂", "🔥 1", "⭐"])
            #expect(message.content.contains("sitdown"))
            #expect(fake.requests(route: FakeDiscordRoutes.editMessage).isEmpty)
        }
    }

    /// A press whose replies update its message: that update is the answer, even when the core has a toast for the
    /// presser (no ephemeral message per press).
    @Test func aPressWithANoticeAndRepliesIsAnsweredByTheUpdateAlone() async throws {
        try await withPlatform { fake, platform in
            let posted = try #require(try await platform.perform(.send(Self.roast), at: Destination(chat: ChatID(Self.guild))).message)
            let press = try #require(fake.dispatchButtonPress(customID: "f:1", messageID: posted.rawValue, by: Self.alice))
            let envelope = try await received(press, fake, platform)
            try await platform.answer(try #require(envelope.interaction), with: .handled(notice: "Saved ⭐ (3)", replies: 1))
            _ = try await platform.perform(.editButtons(posted, [[Button("⭐ 1", data: "f:1")]]), at: Self.destination(envelope))
            #expect(fake.interaction(press.id)?.responseType == 7)
            #expect(fake.interaction(press.id)?.followupIDs == [])
            #expect(fake.allMessages.count == 1)
        }
    }

    /// A notice (a stale button, a toast) is for the presser alone; a press with nothing to say is acknowledged
    /// without a visible change.
    @Test(arguments: [("This button is too old.", 4), (nil, 6)] as [(String?, Int)])
    func aPressWithoutRepliesIsAnsweredToThePresser(_ notice: String?, _ callbackType: Int) async throws {
        try await withPlatform { fake, platform in
            let posted = try #require(try await platform.perform(.send(Self.roast), at: Destination(chat: ChatID(Self.guild))).message)
            let press = try #require(fake.dispatchButtonPress(customID: "zz:stale", messageID: posted.rawValue, by: Self.alice))
            let envelope = try await received(press, fake, platform)
            try await platform.answer(try #require(envelope.interaction), with: .handled(notice: notice, replies: 0))
            let state = try #require(fake.interaction(press.id))
            #expect(state.responseType == callbackType)
            if let notice {
                let answer = try #require(state.originalMessageID.flatMap(fake.message))
                #expect(answer.isEphemeral)
                #expect(answer.content == DiscordRenderer.escape(notice))
            }
            #expect(fake.messages(in: Self.channel).filter { !$0.isEphemeral }.count == 1)
        }
    }

    // MARK: Channels

    /// A person reached privately without an interaction: their DM channel is opened once and kept.
    @Test func aPersonsDMChannelIsOpenedOnce() async throws {
        try await withPlatform { fake, platform in
            let alice = UserID(Self.alice.id)
            for text in ["one", "two"] {
                _ = try await platform.perform(
                    .send(OutgoingMessage(text: RichText(plain: text))), at: Destination(chat: ChatID(Self.guild), person: alice))
            }
            #expect(fake.requests(route: FakeDiscordRoutes.createDM).count == 1)
            let dm = try #require(fake.dmChannel(of: Self.alice.id))
            #expect(dm != Self.alice.id)
            #expect(fake.messages(in: dm).map(\.content) == ["one", "two"])
        }
    }

    /// Long text in a channel: parts of at most 2,000 characters, the buttons on the last.
    @Test func longTextIsSplitInTheChannel() async throws {
        try await withPlatform { fake, platform in
            var message = Self.roast
            message.text = RichText(plain: String(repeating: "Họp xong lại họp. ", count: 250))
            _ = try await platform.perform(.send(message), at: Destination(chat: ChatID(Self.guild)))
            let parts = fake.messages(in: Self.channel)
            #expect(parts.count == 3)
            #expect(parts.allSatisfy { $0.content.unicodeScalars.count <= 2_000 })
            #expect(parts.map(\.customIDs.count) == [0, 0, 3])
        }
    }

    /// A server has no main channel: without a topic or an interaction there is nowhere to post.
    @Test func aServerWithoutAChannelIsRefused() async throws {
        try await withPlatform { fake, platform in
            await platform.observe(DiscordDispatch(name: "GUILD_CREATE", json: Data(#"{"id":"\#(Self.guild)","channels":[]}"#.utf8)))
            await #expect(throws: DeliveryError.self) {
                _ = try await platform.perform(.send(OutgoingMessage(text: "hi")), at: Destination(chat: ChatID(Self.guild)))
            }
            #expect(fake.allMessages.isEmpty)
        }
    }

    /// A channel of a server that refuses the bot is a refusal of that message — the server stays (its removal comes
    /// as GUILD_DELETE); a person who refuses DMs cannot be reached privately any more.
    @Test func onlyAPrivateDestinationIsUnavailableForGood() async throws {
        try await withPlatform { fake, platform in
            fake.setChannelFault(.missingPermissions, channelID: Self.channel)
            await #expect(throws: DeliveryError.rejected(reason: DiscordError.missingPermissions.description)) {
                _ = try await platform.perform(.send(Self.roast), at: Destination(chat: ChatID(Self.guild)))
            }
            fake.refuseDMs(from: Self.alice.id)
            await #expect(throws: DeliveryError.chatUnavailable) {
                _ = try await platform.perform(
                    .send(OutgoingMessage(text: "hi")), at: Destination(chat: ChatID(Self.guild), person: UserID(Self.alice.id)))
            }
        }
    }

    /// An interaction the platform does not know (its token died with a restart): the reply goes to its channel.
    @Test func anUnknownInteractionsReplyGoesToItsChannel() async throws {
        try await withPlatform { fake, platform in
            let destination = Destination(chat: ChatID(Self.guild), interaction: Interaction(handle: "1310000000000000777"))
            let delivered = try await platform.perform(.send(Self.roast), at: destination)
            #expect(fake.messages(in: Self.channel).map(\.id) == [delivered.message?.rawValue])
        }
    }

    // MARK: Forums

    static let forum: Int64 = 1_200_000_000_000_000_201
    static let forumPost: Int64 = 1_200_000_000_000_000_301

    /// The Roast of the Day as the core hands it for a forum (the topic of new posts from the forum's posts).
    static let dailyRoast = OutgoingMessage(
        text: RichText([.plain("🔥 "), .bold("Roast of the Day"), .plain(" · 🍜 Food\n\n"), .italic("your standup is a sitdown")]),
        buttons: [[Button("😂", data: "r:1:lol"), Button("🔥", data: "r:1:fire")], [Button("⭐", data: "f:1")]],
        topic: TopicID(forum))

    /// A forum holds only threads: each scheduled post for it is a new post named after its first line, whose first
    /// message (with the thread's id) carries the buttons and is edited in the thread; nothing is sent to the forum
    /// itself.
    @Test func aPostForAForumStartsANewPostEachTime() async throws {
        try await withPlatform { fake, platform in
            fake.registerChannel(FakeDiscordChannel(id: Self.forum, type: 15, guildID: Self.guild, name: "daily"))
            await platform.observe(
                DiscordDispatch(
                    name: "GUILD_CREATE",
                    json: Data(#"{"id":"\#(Self.guild)","channels":[{"id":"\#(Self.forum)","type":15,"guild_id":"\#(Self.guild)"}]}"#.utf8))
            )
            let first = try #require(try await platform.perform(.send(Self.dailyRoast), at: Destination(chat: ChatID(Self.guild))).message)
            let thread = try #require(fake.channel(first.rawValue))
            #expect(thread.type == 11)
            #expect(thread.parentID == Self.forum)
            #expect(thread.name == "🔥 Roast of the Day · 🍜 Food")
            let starter = try #require(fake.messages(in: thread.id).first)
            #expect(starter.id == thread.id)
            #expect(starter.content == "🔥 **Roast of the Day** · 🍜 Food\n\n*your standup is a sitdown*")
            #expect(starter.customIDs == ["r:1:lol", "r:1:fire", "f:1"])

            _ = try await platform.perform(
                .editButtons(first, [[Button("😂 1", data: "r:1:lol")]]), at: Destination(chat: ChatID(Self.guild)))
            #expect(fake.message(thread.id)?.editCount == 1)
            #expect(fake.message(thread.id)?.customIDs == ["r:1:lol"])

            let second = try #require(try await platform.perform(.send(Self.dailyRoast), at: Destination(chat: ChatID(Self.guild))).message)
            #expect(second != first)
            #expect(fake.channel(second.rawValue)?.parentID == Self.forum)
            #expect(fake.requests(route: FakeDiscordRoutes.startForumThread).count == 2)
            #expect(fake.requests(route: FakeDiscordRoutes.createMessage).isEmpty)
            #expect(fake.messages(in: Self.forum).isEmpty)
        }
    }

    /// A forum not known yet (before GUILD_CREATE, after a restart): Discord's refusal (40058, nothing posted) teaches
    /// it, and the post is made the forum's way; a long text's further parts follow in the new post.
    @Test func aForumIsLearntFromDiscordsRefusal() async throws {
        try await withPlatform { fake, platform in
            fake.registerChannel(FakeDiscordChannel(id: Self.forum, type: 15, guildID: Self.guild, name: "daily"))
            var long = Self.dailyRoast
            long.text.append(.plain("\n" + String(repeating: "Họp xong lại họp. ", count: 150)))
            let last = try #require(try await platform.perform(.send(long), at: Destination(chat: ChatID(Self.guild))).message)
            let inForum = { fake.requests(route: FakeDiscordRoutes.createMessage).filter { $0.path.contains("/\(Self.forum)/") } }
            #expect(inForum().map(\.errorCode) == [40058])
            let thread = try #require(fake.allMessages.first { $0.id == last.rawValue }?.channelID)
            #expect(fake.channel(thread)?.parentID == Self.forum)
            let parts = fake.messages(in: thread)
            #expect(parts.count == 2)
            #expect(parts.first?.id == thread)
            #expect(parts.map(\.customIDs.count) == [0, 3])
            _ = try await platform.perform(.send(Self.dailyRoast), at: Destination(chat: ChatID(Self.guild)))
            #expect(inForum().count == 1)
            #expect(fake.requests(route: FakeDiscordRoutes.startForumThread).count == 2)
        }
    }

    /// A command used in a forum's post: its reply stays in the post, and the event names the forum as the place
    /// of new posts.
    @Test func aReplyInAForumsPostStaysInThePost() async throws {
        try await withPlatform { fake, platform in
            fake.registerChannel(FakeDiscordChannel(id: Self.forum, type: 15, guildID: Self.guild, name: "daily"))
            fake.registerChannel(
                FakeDiscordChannel(id: Self.forumPost, type: 11, guildID: Self.guild, parentID: Self.forum, name: "a post"))
            await platform.observe(
                DiscordDispatch(
                    name: "GUILD_CREATE",
                    json: Data(#"{"id":"\#(Self.guild)","channels":[{"id":"\#(Self.forum)","type":15,"guild_id":"\#(Self.guild)"}]}"#.utf8))
            )
            let interaction = fake.dispatchCommand("roast", by: Self.alice, channelID: Self.forumPost, guildID: Self.guild)
            let envelope = try await received(interaction, fake, platform)
            #expect(envelope.topic == TopicID(Self.forumPost))
            #expect(envelope.newPostTopic == TopicID(Self.forum))
            var reply = Self.roast
            reply.topic = envelope.topic
            let answered = try #require(try await platform.perform(.send(reply), at: Self.destination(envelope)).message)
            #expect(fake.message(answered.rawValue)?.channelID == Self.forumPost)
            // The same reply once the interaction is gone (a restart): still in the post, as a message.
            let later = try #require(try await platform.perform(.send(reply), at: Destination(chat: envelope.chat.id)).message)
            #expect(fake.message(later.rawValue)?.channelID == Self.forumPost)
            #expect(fake.requests(route: FakeDiscordRoutes.startForumThread).isEmpty)
        }
    }
}
