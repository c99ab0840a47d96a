import CurlHTTP
import Foundation

/// One REST endpoint called with concrete ids: its method, path, and what its rate limit is keyed on.
///
/// Discord keys a route's limit on its bucket plus the route's top-level resource (the "major parameter": a channel,
/// a guild, or a webhook with its token), so `/channels/1/messages` and `/channels/2/messages` limit independently.
/// <https://discord.com/developers/docs/topics/rate-limits>
struct DiscordRoute: Sendable, Hashable {
    enum Authorization: Sendable, Hashable {
        /// `Authorization: Bot <token>`.
        case bot
        /// The interaction token in the path authorizes it; no bot token is sent.
        case interactionToken
    }

    var method: HTTPRequest.Method
    /// The path with placeholders (`/channels/{channel_id}/messages`): names the route in logs and bucket learning.
    var template: String
    /// The path with ids (and tokens) filled in. Never logged.
    var path: String
    /// The top-level resource the limit is keyed on; interaction tokens appear only as a digest.
    var majorParameter: String
    var authorization: Authorization
    /// Interaction endpoints are not bound by the global 50 requests per second.
    var exemptFromGlobalLimit: Bool
    /// The longest this route's request may wait for a rate limit, when shorter than the client's: an interaction
    /// callback later than 3 seconds after the dispatch is refused anyway (10062).
    var maximumWait: Double? = nil

    /// Method and template: what bucket hashes are learned for.
    var routeKey: String { "\(method.rawValue) \(template)" }

    static func gatewayBot() -> DiscordRoute {
        DiscordRoute(
            method: .get, template: "/gateway/bot", path: "/gateway/bot", majorParameter: "", authorization: .bot,
            exemptFromGlobalLimit: false)
    }

    static func createMessage(channel: DiscordChannelID) -> DiscordRoute {
        DiscordRoute(
            method: .post, template: "/channels/{channel_id}/messages", path: "/channels/\(channel)/messages",
            majorParameter: "channel:\(channel)", authorization: .bot, exemptFromGlobalLimit: false)
    }

    static func editMessage(channel: DiscordChannelID, message: DiscordMessageID) -> DiscordRoute {
        DiscordRoute(
            method: .patch, template: "/channels/{channel_id}/messages/{message_id}", path: "/channels/\(channel)/messages/\(message)",
            majorParameter: "channel:\(channel)", authorization: .bot, exemptFromGlobalLimit: false)
    }

    static func startForumThread(channel: DiscordChannelID) -> DiscordRoute {
        DiscordRoute(
            method: .post, template: "/channels/{channel_id}/threads", path: "/channels/\(channel)/threads",
            majorParameter: "channel:\(channel)", authorization: .bot, exemptFromGlobalLimit: false)
    }

    static func createDM() -> DiscordRoute {
        DiscordRoute(
            method: .post, template: "/users/@me/channels", path: "/users/@me/channels", majorParameter: "", authorization: .bot,
            exemptFromGlobalLimit: false)
    }

    static func bulkOverwriteGlobalCommands(application: DiscordApplicationID) -> DiscordRoute {
        DiscordRoute(
            method: .put, template: "/applications/{application_id}/commands", path: "/applications/\(application)/commands",
            majorParameter: "", authorization: .bot, exemptFromGlobalLimit: false)
    }

    static func bulkOverwriteGuildCommands(application: DiscordApplicationID, guild: DiscordGuildID) -> DiscordRoute {
        DiscordRoute(
            method: .put, template: "/applications/{application_id}/guilds/{guild_id}/commands",
            path: "/applications/\(application)/guilds/\(guild)/commands", majorParameter: "guild:\(guild)", authorization: .bot,
            exemptFromGlobalLimit: false)
    }

    static func interactionCallback(interaction: DiscordInteractionID, token: DiscordInteractionToken) -> DiscordRoute {
        DiscordRoute(
            method: .post, template: "/interactions/{interaction_id}/{interaction_token}/callback",
            path: "/interactions/\(interaction)/\(escaped(token))/callback", majorParameter: "interaction:\(interaction)",
            authorization: .interactionToken, exemptFromGlobalLimit: true, maximumWait: 3)
    }

    static func editOriginalResponse(application: DiscordApplicationID, token: DiscordInteractionToken) -> DiscordRoute {
        DiscordRoute(
            method: .patch, template: "/webhooks/{application_id}/{interaction_token}/messages/@original",
            path: "/webhooks/\(application)/\(escaped(token))/messages/@original", majorParameter: webhook(application, token),
            authorization: .interactionToken, exemptFromGlobalLimit: true)
    }

    static func createFollowup(application: DiscordApplicationID, token: DiscordInteractionToken) -> DiscordRoute {
        DiscordRoute(
            method: .post, template: "/webhooks/{application_id}/{interaction_token}", path: "/webhooks/\(application)/\(escaped(token))",
            majorParameter: webhook(application, token), authorization: .interactionToken, exemptFromGlobalLimit: true)
    }

    static func editFollowup(application: DiscordApplicationID, token: DiscordInteractionToken, message: DiscordMessageID) -> DiscordRoute {
        DiscordRoute(
            method: .patch, template: "/webhooks/{application_id}/{interaction_token}/messages/{message_id}",
            path: "/webhooks/\(application)/\(escaped(token))/messages/\(message)", majorParameter: webhook(application, token),
            authorization: .interactionToken, exemptFromGlobalLimit: true)
    }

    private static func webhook(_ application: DiscordApplicationID, _ token: DiscordInteractionToken) -> String {
        "webhook:\(application):\(String(token.digest, radix: 16))"
    }

    /// The token as one path segment.
    private static func escaped(_ token: DiscordInteractionToken) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return token.secret.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}

extension DiscordRoute: CustomStringConvertible {
    /// `POST /channels/{channel_id}/messages`: safe to log (no ids, no tokens).
    var description: String { routeKey }
}
