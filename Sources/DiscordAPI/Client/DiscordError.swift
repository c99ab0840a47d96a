import CurlHTTP

/// Why a Discord request failed; each case is a decision for the caller.
///
/// Descriptions never contain the bot token or an interaction token: tokens travel only in headers and paths, and
/// no case keeps a URL.
public enum DiscordError: Error, Sendable, Hashable {
    /// Still rate limited after the client waited as long as it may (``DiscordClient/Configuration/maximumRateLimitWait``):
    /// try again after `retryAfter` seconds, or give up. `global` when the whole bot is limited.
    case rateLimited(retryAfter: Double, global: Bool)
    /// 10062: the interaction's 3 seconds passed (or it was never known). Nothing can answer it any more.
    case unknownInteraction
    /// 40060: the interaction was already answered; edit `@original` or follow up instead.
    case interactionAlreadyAcknowledged
    /// 10015 / 50027 on an interaction webhook: its token expired (15 minutes) or is wrong. Post in the channel instead.
    case interactionExpired
    /// 50001: the bot cannot see the channel (not invited there, or removed).
    case missingAccess
    /// 50013: the bot lacks a permission there (send messages, attach files, …).
    case missingPermissions
    /// 50007: the person does not accept DMs from the bot (or shares no server with it).
    case cannotMessageUser
    /// 10008: the message is gone.
    case unknownMessage
    /// 10003: the channel is gone.
    case unknownChannel
    /// 50083: the thread is archived (locked): no edits there.
    case archivedThread
    /// 50035: Discord refused a field; `fields` names each as `path: CODE`
    /// (`components.0.components.1.custom_id: BASE_TYPE_MAX_LENGTH`), never its value.
    case invalidFormBody(fields: [String])
    /// 401: the bot token is wrong or was reset. Fatal: the client sends nothing more with it.
    case unauthorized
    /// 5xx: Discord failed; repeating later may work (a create may have happened: the outbox decides).
    case server(status: Int)
    /// No complete HTTP response arrived; repeating later may work.
    case network(HTTPError)
    /// Refused before sending: the request breaks a documented limit (``DiscordLimits``) or cannot be encoded.
    case invalidRequest(String)
    /// A response that is not what Discord sends (truncated, wrong shape).
    case invalidResponse(String)
    /// Any other refusal: HTTP status, Discord's JSON error code (0 when absent) and its message.
    case api(status: Int, code: Int, message: String)

    /// Whether repeating the same request later may succeed: network failures, 5xx, rate limits and malformed
    /// responses. Never for refusals that will repeat (permissions, gone resources, a bad token, a bad body).
    public var isRetryable: Bool {
        switch self {
        case .rateLimited, .server, .invalidResponse: true
        case .network(let error):
            switch error {
            case .cancelled, .invalidRequest: false
            default: true
            }
        case .unknownInteraction, .interactionAlreadyAcknowledged, .interactionExpired, .missingAccess, .missingPermissions,
            .cannotMessageUser, .unknownMessage, .unknownChannel, .archivedThread, .invalidFormBody, .unauthorized,
            .invalidRequest, .api:
            false
        }
    }

    /// Whether the bot can no longer write where it tried (the channel is gone or closed to it): stop sending there.
    public var isDestinationUnavailable: Bool {
        switch self {
        case .missingAccess, .missingPermissions, .unknownChannel, .archivedThread, .cannotMessageUser: true
        default: false
        }
    }
}

extension DiscordError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .rateLimited(let retryAfter, let global):
            "Discord rate limit\(global ? " (global)" : ""): retry after \(retryAfter) s"
        case .unknownInteraction: "Discord: unknown interaction (10062; answered too late)"
        case .interactionAlreadyAcknowledged: "Discord: interaction already acknowledged (40060)"
        case .interactionExpired: "Discord: the interaction token expired"
        case .missingAccess: "Discord: missing access (50001)"
        case .missingPermissions: "Discord: missing permissions (50013)"
        case .cannotMessageUser: "Discord: cannot send messages to this user (50007)"
        case .unknownMessage: "Discord: unknown message (10008)"
        case .unknownChannel: "Discord: unknown channel (10003)"
        case .archivedThread: "Discord: the thread is archived (50083)"
        case .invalidFormBody(let fields): "Discord: invalid form body (50035): \(fields.joined(separator: "; "))"
        case .unauthorized: "Discord: 401 Unauthorized (the bot token is wrong or was reset)"
        case .server(let status): "Discord: server error \(status)"
        case .network(let error): "network error talking to Discord: \(error)"
        case .invalidRequest(let reason): "Discord request not sent: \(reason)"
        case .invalidResponse(let reason): "invalid response from Discord: \(reason)"
        case .api(let status, let code, let message): "Discord error \(code) (HTTP \(status)): \(message)"
        }
    }
}
