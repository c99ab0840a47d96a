import ChatPlatform
import DiscordAPI
import Foundation

/// Turns gateway dispatches into neutral events, or says why one is skipped. Pure: no I/O.
///
/// A server (guild) is the chat (`kind: .group`, `isForum: true`: its channels and threads are its topics, and its
/// `guild_locale`/`preferred_locale` is the chat's language); a DM channel is a private chat with the channel's own
/// id. An event's key is its own snowflake (interaction id, message id) — the gateway's sequence restarts every
/// session, a resume replays — and its date is the snowflake's time (an interaction has no date field).
///
/// - INTERACTION_CREATE for this application: a slash command → ``IncomingEvent/command(name:arguments:message:addressed:)``
///   (addressed, no message; subcommand names, then each option's value, as the words of the arguments); a button
///   press on one of the bot's messages → ``IncomingEvent/buttonPress(data:message:)`` with its `custom_id` as
///   it came (the core decides whether it is stale or forged). Both carry the ``Interaction`` to answer, named by
///   the interaction's id (its token stays in the adapter, see ``DiscordPlatform/observe(_:)``), and in a server
///   the member's admin status from `member.permissions` (Administrator or Manage Server).
/// - MESSAGE_CREATE by a person that mentions the bot, or in a DM → ``IncomingEvent/mention(text:message:)``
///   without the mention (other chatter, bots and webhooks are skipped).
/// - MESSAGE_REACTION_ADD / _REMOVE of one Unicode emoji by a person → ``IncomingEvent/reactionAdded(message:emoji:)``
///   / ``IncomingEvent/reactionRemoved(message:emoji:)`` without a key (set semantics); an added reaction on a
///   message someone else wrote is skipped (only the bot's own roasts count; a removal does not say whose message
///   it was, and the core counts reactions on roasts only).
/// - GUILD_CREATE → ``BotMembership/member``; GUILD_DELETE without `unavailable` (the bot was removed) →
///   ``BotMembership/left``; an outage is skipped. Other members leaving is not visible without the privileged
///   members intent, which the bot does not ask for.
/// - Anything else (READY, channels, threads, an unknown or malformed dispatch) is skipped.
///
/// An event in a forum's post (a thread of a forum or media channel) has the thread as its topic — the replies go
/// there — and the forum as its ``IncomingEnvelope/newPostTopic``: a post that answers nothing (the Roast of the Day)
/// is a new post of the forum, not a reply in the thread where the bot was last used.
public struct DiscordEventTranslator: Sendable {
    /// The outcome for one dispatch.
    public typealias Translation = IncomingTranslation

    /// The bot's own account (READY's `user`): its messages are the ones whose reactions and buttons count.
    public let botUserID: DiscordUserID
    /// The application (READY's `application.id`): interactions for another application are not the bot's.
    public let applicationID: DiscordApplicationID

    public init(botUserID: DiscordUserID, applicationID: DiscordApplicationID) {
        self.botUserID = botUserID
        self.applicationID = applicationID
    }

    /// - Parameters:
    ///   - receivedAt: the date of events that carry none of their own (reactions, guild membership).
    ///   - knownPerson: a person as last seen (``DiscordDirectory/person(_:)``), for a reaction removal, which names
    ///     only the user's id: without it, their profile's name would be blanked.
    ///   - newPostChannel: where a new post started from a channel goes when not there
    ///     (``DiscordDirectory/newPostChannel(from:)``: a forum post's forum), for the event's
    ///     ``IncomingEnvelope/newPostTopic``.
    public func translate(
        _ dispatch: DiscordDispatch, receivedAt: Date, knownPerson: (DiscordUserID) -> Person? = { _ in nil },
        newPostChannel: (DiscordChannelID) -> DiscordChannelID? = { _ in nil }
    ) -> Translation {
        let translation = translate(dispatch, receivedAt: receivedAt, knownPerson: knownPerson)
        guard case .event(var envelope) = translation, let topic = envelope.topic,
            let channel = newPostChannel(DiscordChannelID(topic.rawValue))
        else { return translation }
        envelope.newPostTopic = TopicID(channel.rawValue)
        return .event(envelope)
    }

    private func translate(_ dispatch: DiscordDispatch, receivedAt: Date, knownPerson: (DiscordUserID) -> Person?) -> Translation {
        switch dispatch {
        case .interactionCreate(let interaction):
            return translate(interaction)
        case .messageCreate(let message):
            return translate(message)
        case .messageReactionAdd(let reaction):
            return translate(reaction, added: true, receivedAt: receivedAt, knownPerson: knownPerson)
        case .messageReactionRemove(let reaction):
            return translate(reaction, added: false, receivedAt: receivedAt, knownPerson: knownPerson)
        case .guildCreate(let guild):
            guard !guild.unavailable else { return .skip(reason: "guild unavailable") }
            return .event(
                IncomingEnvelope(
                    source: .discord, key: nil, date: receivedAt,
                    chat: Self.server(guild.id, title: guild.name, locale: guild.preferredLocale),
                    sender: nil, event: .botMembership(.member)))
        case .guildDelete(let guild):
            guard guild.meansRemoved else { return .skip(reason: "guild outage") }
            return .event(
                IncomingEnvelope(
                    source: .discord, key: nil, date: receivedAt, chat: Self.server(guild.id, title: nil, locale: nil), sender: nil,
                    event: .botMembership(.left)))
        case .ready, .resumed, .guildUpdate, .channelCreate, .channelUpdate, .channelDelete, .threadCreate, .threadUpdate, .threadDelete,
            .threadListSync:
            return .skip(reason: "\(dispatch.name) is not an event for the bot")
        case .unsupported(let name, let reason):
            return .skip(reason: "\(name): \(reason)")
        }
    }

    // MARK: Interactions

    private func translate(_ interaction: DiscordInteraction) -> Translation {
        guard interaction.applicationID == applicationID else { return .skip(reason: "interaction for another application") }
        guard let invoker = interaction.invoker else { return .skip(reason: "interaction without a user") }
        let event: IncomingEvent
        switch interaction.payload {
        case .command(let command):
            guard interaction.type == .applicationCommand else { return .skip(reason: "autocomplete is not offered") }
            guard command.commandType == 1 else { return .skip(reason: "not a slash command") }
            event = .command(name: command.name.lowercased(), arguments: Self.arguments(of: command), message: nil, addressed: true)
        case .component(let press):
            guard press.componentType == .button else { return .skip(reason: "not a button") }
            guard let message = interaction.message else { return .skip(reason: "button press without its message") }
            guard message.author.id == botUserID else { return .skip(reason: "button press on a message the bot did not write") }
            event = .buttonPress(data: press.customID, message: MessageID(message.id.rawValue))
        case .none:
            return .skip(reason: "interaction without data")
        case .unsupported(let reason):
            return .skip(reason: "unsupported interaction: \(reason)")
        }
        let chat: ChatRef
        let topic: TopicID?
        if let guild = interaction.guildID {
            guard let channel = interaction.channelID else { return .skip(reason: "interaction without a channel") }
            chat = Self.server(guild, title: nil, locale: interaction.guildLocale)
            topic = TopicID(channel.rawValue)
        } else {
            guard interaction.context == nil || interaction.context == .botDM, let channel = interaction.channelID else {
                return .skip(reason: "interaction outside a server and the bot's DMs")
            }
            chat = ChatRef(id: ChatID(channel.rawValue), kind: .privateChat)
            topic = nil
        }
        return .event(
            IncomingEnvelope(
                source: .discord, key: interaction.id.rawValue, date: interaction.createdAt, chat: chat, topic: topic,
                sender: Self.person(invoker, locale: interaction.locale),
                senderIsAdmin: interaction.guildID == nil ? nil : (interaction.member?.permissions?.canManageGuild ?? false),
                interaction: Self.interaction(interaction.id), event: event))
    }

    /// The handle an interaction is answered by: its id (its token never leaves the adapter's memory).
    public static func interaction(_ id: DiscordInteractionID) -> Interaction { Interaction(handle: String(id.rawValue)) }

    /// A slash command's subcommand names, then each given option's value, as words.
    static func arguments(of command: DiscordCommandInvocation) -> String {
        var words = command.subcommandPath
        for argument in command.arguments {
            switch argument.value {
            case .string(let text): words.append(text.trimmingCharacters(in: .whitespacesAndNewlines))
            case .integer(let value): words.append(String(value))
            case .number(let value): words.append(String(value))
            case .boolean(let value): words.append(value ? "on" : "off")
            case .user(let id): words.append("<@\(id)>")
            case .channel, .role, .mentionable, .attachment, .unsupported: continue
            }
        }
        return words.filter { !$0.isEmpty }.joined(separator: " ")
    }

    // MARK: Messages

    private func translate(_ message: DiscordMessage) -> Translation {
        guard message.isFromPerson else { return .skip(reason: "message from a bot or a webhook") }
        guard message.type.isRegular else { return .skip(reason: "system message") }
        let mention = "<@\(botUserID)>"
        let nickMention = "<@!\(botUserID)>"
        let chat: ChatRef
        let topic: TopicID?
        if let guild = message.guildID {
            guard message.mentions.contains(where: { $0.id == botUserID }) else {
                return .skip(reason: "server message not addressed to the bot")
            }
            chat = Self.server(guild, title: nil, locale: nil)
            topic = TopicID(message.channelID.rawValue)
        } else {
            chat = ChatRef(id: ChatID(message.channelID.rawValue), kind: .privateChat)
            topic = nil
        }
        let text = message.content.replacingOccurrences(of: nickMention, with: " ").replacingOccurrences(of: mention, with: " ")
            .split(whereSeparator: { $0 == " " }).joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return .skip(reason: "message without text") }
        return .event(
            IncomingEnvelope(
                source: .discord, key: message.id.rawValue, date: message.createdAt, chat: chat, topic: topic,
                sender: Self.person(message.author, locale: nil, nick: message.member?.nick),
                event: .mention(text: text, message: MessageID(message.id.rawValue))))
    }

    // MARK: Reactions

    private func translate(
        _ reaction: DiscordReactionEvent, added: Bool, receivedAt: Date, knownPerson: (DiscordUserID) -> Person?
    ) -> Translation {
        guard reaction.userID != botUserID else { return .skip(reason: "the bot's own reaction") }
        if reaction.member?.user?.isBot == true { return .skip(reason: "reaction by a bot") }
        if let author = reaction.messageAuthorID, author != botUserID {
            return .skip(reason: "reaction on a message the bot did not write")
        }
        guard let emoji = reaction.emoji.unicodeValue, !emoji.isEmpty else { return .skip(reason: "custom emoji") }
        let chat: ChatRef
        let topic: TopicID?
        if let guild = reaction.guildID {
            chat = Self.server(guild, title: nil, locale: nil)
            topic = TopicID(reaction.channelID.rawValue)
        } else {
            chat = ChatRef(id: ChatID(reaction.channelID.rawValue), kind: .privateChat)
            topic = nil
        }
        let sender: Person
        if let user = reaction.member?.user {
            sender = Self.person(user, locale: nil, nick: reaction.member?.nick)
        } else if let known = knownPerson(reaction.userID) {
            sender = known
        } else {
            return .skip(reason: "reaction by a person not seen yet")
        }
        let message = MessageID(reaction.messageID.rawValue)
        return .event(
            IncomingEnvelope(
                source: .discord, key: nil, date: receivedAt, chat: chat, topic: topic, sender: sender,
                event: added ? .reactionAdded(message: message, emoji: emoji) : .reactionRemoved(message: message, emoji: emoji)))
    }

    // MARK: Vocabulary

    /// A server as a chat: its channels are its topics; its language, when Discord says.
    static func server(_ guild: DiscordGuildID, title: String?, locale: DiscordLocale?) -> ChatRef {
        ChatRef(id: ChatID(guild.rawValue), kind: .group, title: title, isForum: true, languageCode: locale?.rawValue)
    }

    static func person(_ user: DiscordUser, locale: DiscordLocale?, nick: String? = nil) -> Person {
        Person(
            id: UserID(user.id.rawValue), displayName: nick ?? user.displayName, username: user.username, languageCode: locale?.rawValue,
            isBot: user.isBot)
    }
}
