import ChatPlatform
import DiscordAPI
import DiscordAdapter
import Foundation
import Testing

/// What each gateway dispatch becomes for the core, from JSON shaped as Discord sends it.
struct DiscordEventTranslatorTests {
    static let bot: Int64 = 1_100_000_000_000_000_001
    static let application: Int64 = 1_100_000_000_000_000_001
    static let guild: Int64 = 1_200_000_000_000_000_001
    static let channel: Int64 = 1_200_000_000_000_000_101
    static let dm: Int64 = 1_200_000_000_000_000_901
    static let alice: Int64 = 1_300_000_000_000_000_001
    static let interactionID: Int64 = 1_310_000_000_000_000_777
    static let roastMessage: Int64 = 1_320_000_000_000_000_555
    static let receivedAt = Date(timeIntervalSince1970: 1_800_000_000)

    static let translator = DiscordEventTranslator(botUserID: DiscordUserID(bot), applicationID: DiscordApplicationID(application))

    static func user(_ id: Int64, _ name: String, bot: Bool = false) -> String {
        #"{"id":"\#(id)","username":"\#(name)","global_name":"\#(name.capitalized)"\#(bot ? #","bot":true"# : "")}"#
    }

    static let aliceJSON = user(alice, "alice")

    /// INTERACTION_CREATE in the server's channel (or, with `guild: false`, in a DM).
    static func interaction(
        type: Int, data: String, permissions: String = "2248473465835073", guild: Bool = true, application: Int64 = application,
        message: String? = nil, by invoker: String = aliceJSON
    ) -> String {
        var fields = [
            #""id":"\#(interactionID)""#, #""application_id":"\#(application)""#, #""type":\#(type)"#, #""token":"secret-token""#,
            #""data":\#(data)"#, #""locale":"vi""#, #""version":1"#,
        ]
        if guild {
            fields += [
                #""guild_id":"\#(Self.guild)""#, #""channel_id":"\#(channel)""#, #""guild_locale":"en-US""#, #""context":0"#,
                #""member":{"user":\#(invoker),"roles":[],"permissions":"\#(permissions)","nick":null}"#,
            ]
        } else {
            fields += [#""channel_id":"\#(dm)""#, #""context":1"#, #""user":\#(invoker)"#]
        }
        if let message { fields.append(#""message":\#(message)"#) }
        return "{" + fields.joined(separator: ",") + "}"
    }

    static func message(
        id: Int64 = roastMessage, author: String = user(bot, "RoastMeLater", bot: true), content: String = "",
        guild: Bool = true, mentions: String = "[]"
    ) -> String {
        #"{"id":"\#(id)","channel_id":"\#(guild ? channel : dm)",\#(guild ? #""guild_id":"\#(Self.guild)","# : "")"author":\#(author),"content":"\#(content)","timestamp":"2027-01-15T10:00:00.000000+00:00","type":0,"mentions":\#(mentions),"components":[]}"#
    }

    static let roastCommand =
        #"{"id":"1400000000000000001","name":"roast","type":1,"options":[{"name":"category","type":3,"value":"meetings"},{"name":"spice","type":4,"value":3}]}"#
    static let press = #"{"custom_id":"r:42:fire","component_type":2}"#

    static func reaction(_ name: String, author: Int64? = bot, emoji: String = #"{"id":null,"name":"🤣"}"#, member: Bool = true)
        -> DiscordDispatch
    {
        var fields = [
            #""user_id":"\#(alice)""#, #""channel_id":"\#(channel)""#, #""message_id":"\#(roastMessage)""#, #""guild_id":"\#(guild)""#,
            #""emoji":\#(emoji)"#, #""burst":false"#,
        ]
        if let author { fields.append(#""message_author_id":"\#(author)""#) }
        if member { fields.append(#""member":{"user":\#(aliceJSON),"roles":[],"nick":"Ali"}"#) }
        return DiscordDispatch(name: name, json: Data(("{" + fields.joined(separator: ",") + "}").utf8))
    }

    static func dispatch(_ name: String, _ json: String) -> DiscordDispatch { DiscordDispatch(name: name, json: Data(json.utf8)) }

    static func translate(_ dispatch: DiscordDispatch, known: Person? = nil) -> DiscordEventTranslator.Translation {
        translator.translate(dispatch, receivedAt: receivedAt, knownPerson: { _ in known })
    }

    static var server: ChatRef { ChatRef(id: ChatID(guild), kind: .group, isForum: true, languageCode: "en-US") }
    static var interactionDate: Date { DiscordInteractionID(interactionID).timestamp }

    // MARK: Events

    /// What each dispatch becomes: its event, or a skip (the reason is only logged).
    @Test(
        arguments: [
            (
                "slash command", dispatch("INTERACTION_CREATE", interaction(type: 2, data: roastCommand)),
                IncomingEvent?.some(.command(name: "roast", arguments: "meetings 3", message: nil, addressed: true))
            ),
            (
                "button press on the bot's roast", dispatch("INTERACTION_CREATE", interaction(type: 3, data: press, message: message())),
                .buttonPress(data: "r:42:fire", message: MessageID(roastMessage))
            ),
            (
                "forged or stale custom_id: passed on for the core to refuse",
                dispatch(
                    "INTERACTION_CREATE",
                    interaction(type: 3, data: #"{"custom_id":"zz:forged\u0000","component_type":2}"#, message: message())),
                .buttonPress(data: "zz:forged\u{0}", message: MessageID(roastMessage))
            ),
            (
                "press on a message someone else wrote",
                dispatch("INTERACTION_CREATE", interaction(type: 3, data: press, message: message(author: aliceJSON))), nil
            ),
            ("press without its message", dispatch("INTERACTION_CREATE", interaction(type: 3, data: press)), nil),
            (
                "select menu",
                dispatch(
                    "INTERACTION_CREATE",
                    interaction(type: 3, data: #"{"custom_id":"s","component_type":3,"values":["a"]}"#, message: message())), nil
            ),
            (
                "interaction of another application",
                dispatch("INTERACTION_CREATE", interaction(type: 2, data: roastCommand, application: 99)), nil
            ),
            ("autocomplete", dispatch("INTERACTION_CREATE", interaction(type: 4, data: roastCommand)), nil),
            (
                "user command",
                dispatch("INTERACTION_CREATE", interaction(type: 2, data: #"{"id":"1","name":"Roast them","type":2,"target_id":"5"}"#)), nil
            ),
            ("modal", dispatch("INTERACTION_CREATE", interaction(type: 5, data: #"{"custom_id":"m","components":[]}"#)), nil),
            (
                "message mentioning the bot",
                dispatch(
                    "MESSAGE_CREATE",
                    message(
                        id: 1_330_000_000_000_000_001, author: aliceJSON, content: "<@\(bot)> roast me about deadlines",
                        mentions: "[\(user(bot, "RoastMeLater", bot: true))]")),
                .mention(text: "roast me about deadlines", message: MessageID(1_330_000_000_000_000_001))
            ),
            (
                "server chatter", dispatch("MESSAGE_CREATE", message(id: 1_330_000_000_000_000_002, author: aliceJSON, content: "lunch?")),
                nil
            ),
            (
                "a bot's message",
                dispatch(
                    "MESSAGE_CREATE",
                    message(
                        id: 1_330_000_000_000_000_003, author: user(5, "otherbot", bot: true), content: "<@\(bot)> hi",
                        mentions: "[\(user(bot, "RoastMeLater", bot: true))]")), nil
            ),
            (
                "a DM",
                dispatch("MESSAGE_CREATE", message(id: 1_330_000_000_000_000_004, author: aliceJSON, content: "roast me", guild: false)),
                .mention(text: "roast me", message: MessageID(1_330_000_000_000_000_004))
            ),
            ("reaction on the bot's roast", reaction("MESSAGE_REACTION_ADD"), .reactionAdded(message: MessageID(roastMessage), emoji: "🤣")),
            ("reaction on someone else's message", reaction("MESSAGE_REACTION_ADD", author: alice), nil),
            ("custom emoji", reaction("MESSAGE_REACTION_ADD", emoji: #"{"id":"123","name":"partyparrot"}"#), nil),
            (
                "reaction removed by a person seen before", reaction("MESSAGE_REACTION_REMOVE", author: nil, member: false),
                .reactionRemoved(message: MessageID(roastMessage), emoji: "🤣")
            ),
            (
                "bot added to a server",
                dispatch("GUILD_CREATE", #"{"id":"\#(guild)","name":"Engineering","preferred_locale":"vi","channels":[],"threads":[]}"#),
                .botMembership(.member)
            ),
            ("server outage", dispatch("GUILD_CREATE", #"{"id":"\#(guild)","unavailable":true}"#), nil),
            ("bot removed from a server", dispatch("GUILD_DELETE", #"{"id":"\#(guild)"}"#), .botMembership(.left)),
            ("server outage, still a member", dispatch("GUILD_DELETE", #"{"id":"\#(guild)","unavailable":true}"#), nil),
            ("unknown dispatch", dispatch("TYPING_START", #"{"user_id":"1"}"#), nil),
            ("malformed interaction", dispatch("INTERACTION_CREATE", #"{"id":"x"}"#), nil),
            ("resumed", dispatch("RESUMED", "{}"), nil),
        ] as [(String, DiscordDispatch, IncomingEvent?)])
    func eachDispatchBecomesItsEventOrASkip(_ name: String, _ dispatch: DiscordDispatch, _ expected: IncomingEvent?) {
        let known = Person(id: UserID(Self.alice), displayName: "Alice", username: "alice")
        let translation = Self.translate(dispatch, known: known)
        #expect(translation.envelope?.event == expected, "\(name): \(translation)")
        if let envelope = translation.envelope {
            #expect(envelope.source == .discord)
        }
    }

    // MARK: Envelopes

    /// A slash command: the server is the chat, the channel its topic; keyed and dated by its snowflake; the
    /// interaction to answer is its id (never its token); the person's language and the server's.
    @Test func aSlashCommandIsAnInteractionInTheServersChannel() throws {
        let envelope = try #require(
            Self.translate(Self.dispatch("INTERACTION_CREATE", Self.interaction(type: 2, data: Self.roastCommand))).envelope)
        #expect(envelope.chat == Self.server)
        #expect(envelope.topic == TopicID(Self.channel))
        #expect(envelope.key == Self.interactionID)
        #expect(envelope.date == Self.interactionDate)
        #expect(envelope.interaction == Interaction(handle: String(Self.interactionID)))
        #expect(!envelope.interaction!.handle.contains("secret"))
        #expect(envelope.sender == Person(id: UserID(Self.alice), displayName: "Alice", username: "alice", languageCode: "vi"))
        #expect(envelope.actor == .person(envelope.sender!))
    }

    /// Admin status comes from the member's permissions: Administrator or Manage Server, nothing else.
    @Test(arguments: [
        ("0", false), ("2248473465835073", false), ("32", true), ("8", true), (String(UInt64(1) << 5 | 1 << 11), true),
        ("16", false),
    ])
    func adminStatusComesFromTheMembersPermissions(_ permissions: String, _ isAdmin: Bool) throws {
        let json = Self.interaction(type: 2, data: #"{"id":"1","name":"settings","type":1}"#, permissions: permissions)
        let envelope = try #require(Self.translate(Self.dispatch("INTERACTION_CREATE", json)).envelope)
        #expect(envelope.senderIsAdmin == isAdmin)
    }

    /// In a DM the DM channel is the private chat, with its own id (not the person's), and no topic.
    @Test func aCommandInADMIsInThePrivateChatOfTheDMChannel() throws {
        let json = Self.interaction(type: 2, data: #"{"id":"1","name":"export","type":1}"#, guild: false)
        let envelope = try #require(Self.translate(Self.dispatch("INTERACTION_CREATE", json)).envelope)
        #expect(envelope.chat == ChatRef(id: ChatID(Self.dm), kind: .privateChat))
        #expect(envelope.chat.id.rawValue != Self.alice)
        #expect(envelope.topic == nil)
        #expect(envelope.senderIsAdmin == nil)
        #expect(envelope.event == .command(name: "export", arguments: "", message: nil, addressed: true))
    }

    /// An interaction by a bot account is a bot's: the core keeps no profile for it (but still answers it).
    @Test func anInteractionByABotIsTheBots() throws {
        let json = Self.interaction(type: 2, data: Self.roastCommand, by: Self.user(5, "otherbot", bot: true))
        let envelope = try #require(Self.translate(Self.dispatch("INTERACTION_CREATE", json)).envelope)
        guard case .bot = envelope.actor else {
            Issue.record("not a bot: \(envelope.actor)")
            return
        }
        #expect(envelope.interaction != nil)
    }

    /// Subcommands and typed options become the words of the arguments, in order.
    @Test func subcommandsAndOptionsBecomeWords() throws {
        let data =
            #"{"id":"1","name":"settings","type":1,"options":[{"name":"language","type":1,"options":[{"name":"value","type":3,"value":"en"}]}]}"#
        let envelope = try #require(Self.translate(Self.dispatch("INTERACTION_CREATE", Self.interaction(type: 2, data: data))).envelope)
        #expect(envelope.event == .command(name: "settings", arguments: "language en", message: nil, addressed: true))
    }

    /// A reaction has no id: no key, set semantics; dated when received; its sender named from the member, or
    /// as last seen for a removal (which carries no member) — never blanked.
    @Test func aReactionHasNoKeyAndKeepsTheSendersName() throws {
        let added = try #require(Self.translate(Self.reaction("MESSAGE_REACTION_ADD")).envelope)
        #expect(added.key == nil)
        #expect(added.date == Self.receivedAt)
        #expect(added.sender?.displayName == "Ali")
        #expect(added.topic == TopicID(Self.channel))
        let known = Person(id: UserID(Self.alice), displayName: "Ali", username: "alice")
        let removed = try #require(
            Self.translate(Self.reaction("MESSAGE_REACTION_REMOVE", author: nil, member: false), known: known).envelope)
        #expect(removed.sender == known)
        #expect(Self.translate(Self.reaction("MESSAGE_REACTION_REMOVE", author: nil, member: false), known: nil).envelope == nil)
    }

    /// The server's preferred locale starts its language when the bot joins.
    @Test func aServerJoinedCarriesItsLocale() throws {
        let json = #"{"id":"\#(Self.guild)","name":"Engineering","preferred_locale":"vi","channels":[],"threads":[]}"#
        let envelope = try #require(Self.translate(Self.dispatch("GUILD_CREATE", json)).envelope)
        #expect(envelope.chat == ChatRef(id: ChatID(Self.guild), kind: .group, title: "Engineering", isForum: true, languageCode: "vi"))
        #expect(envelope.key == nil)
    }

    // MARK: Forums

    /// An event in a forum's post: its replies go to the post (the topic), a post that answers nothing to the forum.
    @Test func anEventInAForumsPostNamesTheForumForNewPosts() throws {
        let forum = DiscordChannelID(1_200_000_000_000_000_201)
        let inForum: (DiscordChannelID) -> DiscordChannelID? = { $0 == DiscordChannelID(Self.channel) ? forum : nil }
        let dispatches = [
            Self.dispatch("INTERACTION_CREATE", Self.interaction(type: 2, data: Self.roastCommand)),
            Self.dispatch(
                "MESSAGE_CREATE",
                Self.message(
                    id: 1_320_000_000_000_000_556, author: Self.aliceJSON, content: "<@\(Self.bot)> roast me",
                    mentions: "[\(Self.user(Self.bot, "RoastMeLater", bot: true))]")),
        ]
        for dispatch in dispatches {
            let envelope = try #require(Self.translator.translate(dispatch, receivedAt: Self.receivedAt, newPostChannel: inForum).envelope)
            #expect(envelope.topic == TopicID(Self.channel))
            #expect(envelope.newPostTopic == TopicID(forum.rawValue))
            #expect(envelope.topicOfNewPosts == TopicID(forum.rawValue))
            // Anywhere else, new posts go where the event was.
            let elsewhere = try #require(Self.translator.translate(dispatch, receivedAt: Self.receivedAt).envelope)
            #expect(elsewhere.newPostTopic == nil)
            #expect(elsewhere.topicOfNewPosts == TopicID(Self.channel))
        }
    }
}
