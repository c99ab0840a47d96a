import APIDecoding
import Foundation

/// A slash command or a button press (INTERACTION_CREATE). It must be answered within 3 seconds of its dispatch
/// (``DiscordClient/createInteractionResponse(to:token:response:files:)``) and can then be edited and followed up
/// for 15 minutes with its ``token``.
///
/// Decoding fails only when what is needed to answer is missing (`id`, `application_id`, `type`, `token`): a
/// `data` this library cannot read becomes ``Payload/unsupported(_:)``, so the bot can still answer it.
/// <https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object>
public struct DiscordInteraction: Sendable, Hashable {
    public var id: DiscordInteractionID
    public var applicationID: DiscordApplicationID
    public var type: DiscordInteractionType
    public var payload: Payload
    public var token: DiscordInteractionToken
    public var guildID: DiscordGuildID?
    public var channelID: DiscordChannelID?
    /// The channel it was used in (partial: id, type, parent, guild).
    public var channel: DiscordChannel?
    /// In a guild: the person, with their permissions in this channel.
    public var member: DiscordGuildMember?
    /// In a DM: the person.
    public var user: DiscordUser?
    /// The person's language (not sent for pings).
    public var locale: DiscordLocale?
    /// The guild's preferred language.
    public var guildLocale: DiscordLocale?
    /// For a button press, the message the button is on.
    public var message: DiscordMessage?
    /// What the bot may do where the interaction happened (`ATTACH_FILES` for cards, …).
    public var appPermissions: DiscordPermissions?
    /// The largest file, in bytes, an answer may attach.
    public var attachmentSizeLimit: Int?
    public var context: DiscordInteractionContext?

    /// What the interaction carries.
    public enum Payload: Sendable, Hashable {
        case command(DiscordCommandInvocation)
        case component(DiscordComponentPress)
        /// A ping (HTTP interactions only) or a kind without data.
        case none
        /// A kind this library does not read, or data that did not decode. The reason names keys, never values.
        case unsupported(String)
    }

    public init(
        id: DiscordInteractionID, applicationID: DiscordApplicationID, type: DiscordInteractionType, payload: Payload,
        token: DiscordInteractionToken, guildID: DiscordGuildID? = nil, channelID: DiscordChannelID? = nil,
        member: DiscordGuildMember? = nil, user: DiscordUser? = nil, locale: DiscordLocale? = nil
    ) {
        self.id = id
        self.applicationID = applicationID
        self.type = type
        self.payload = payload
        self.token = token
        self.guildID = guildID
        self.channelID = channelID
        self.member = member
        self.user = user
        self.locale = locale
    }

    /// Who used it: the member's user in a guild, the user in a DM.
    public var invoker: DiscordUser? { member?.user ?? user }

    /// When it was made (from its id): its day for streaks, and the start of its 3-second deadline.
    public var createdAt: Date { id.timestamp }

    /// The type of the channel it was used in, when Discord sent the channel.
    public var channelType: DiscordChannelType? { channel?.type }
}

extension DiscordInteraction: Decodable {
    enum CodingKeys: String, CodingKey {
        case id, type, data, token, channel, member, user, locale, message, context
        case applicationID = "application_id"
        case guildID = "guild_id"
        case channelID = "channel_id"
        case guildLocale = "guild_locale"
        case appPermissions = "app_permissions"
        case attachmentSizeLimit = "attachment_size_limit"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(DiscordInteractionID.self, forKey: .id)
        applicationID = try c.decode(DiscordApplicationID.self, forKey: .applicationID)
        type = try c.decode(DiscordInteractionType.self, forKey: .type)
        token = try c.decode(DiscordInteractionToken.self, forKey: .token)
        guildID = try? c.decodeIfPresent(DiscordGuildID.self, forKey: .guildID)
        channel = try? c.decodeIfPresent(DiscordChannel.self, forKey: .channel)
        channelID = (try? c.decodeIfPresent(DiscordChannelID.self, forKey: .channelID)) ?? channel?.id
        member = try? c.decodeIfPresent(DiscordGuildMember.self, forKey: .member)
        user = try? c.decodeIfPresent(DiscordUser.self, forKey: .user)
        locale = try? c.decodeIfPresent(DiscordLocale.self, forKey: .locale)
        guildLocale = try? c.decodeIfPresent(DiscordLocale.self, forKey: .guildLocale)
        message = try? c.decodeIfPresent(DiscordMessage.self, forKey: .message)
        appPermissions = try? c.decodeIfPresent(DiscordPermissions.self, forKey: .appPermissions)
        attachmentSizeLimit = try? c.decodeIfPresent(Int.self, forKey: .attachmentSizeLimit)
        context = try? c.decodeIfPresent(DiscordInteractionContext.self, forKey: .context)
        payload = Self.payload(of: type, in: c)
    }

    private static func payload(of type: DiscordInteractionType, in c: KeyedDecodingContainer<CodingKeys>) -> Payload {
        do {
            switch type {
            case .applicationCommand, .autocomplete:
                return .command(try c.decode(DiscordCommandInvocation.self, forKey: .data))
            case .messageComponent:
                return .component(try c.decode(DiscordComponentPress.self, forKey: .data))
            case .ping:
                return .none
            case .modalSubmit, .unknown:
                return .unsupported("interaction type \(type.rawValue)")
            }
        } catch let error as DecodingError {
            return .unsupported("malformed data: \(error.safeSummary())")
        } catch {
            return .unsupported("malformed data")
        }
    }
}
