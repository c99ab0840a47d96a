import CurlHTTP
import Foundation

/// Why a Bot API call failed; each case is a decision for the caller.
///
/// Descriptions never contain the bot token: the client scrubs it out of anything the server or
/// the transport reports before building one of these.
public enum TelegramError: Error, Sendable, Hashable {
    /// Flood control (HTTP 429): repeat after this many seconds, not sooner.
    case retryAfter(seconds: Int)
    /// The group became a supergroup with this id; repeat there.
    case migrated(to: Int64)
    /// HTTP 409: another process is calling `getUpdates` with this token, or a webhook is set.
    case conflict(String)
    /// Any other refusal (`ok: false`), and HTTP errors without a JSON body (`"HTTP 502"`).
    case api(code: Int, description: String)
    /// No complete HTTP response arrived.
    case network(HTTPError)
    /// A response that is not the Bot API's JSON (truncated, wrong shape).
    case invalidResponse(String)

    /// Whether repeating the same request later may succeed: transport failures, 5xx, flood control,
    /// and malformed responses (a proxy cut the body).
    public var isRetryable: Bool {
        switch self {
        case .retryAfter: true
        case .network(let error):
            switch error {
            case .cancelled, .invalidRequest: false
            default: true
            }
        case .api(let code, _): code >= 500
        case .invalidResponse: true
        case .migrated, .conflict: false
        }
    }

    /// An edit (`editMessageText`, `editMessageReplyMarkup`, `editMessageMedia`) with the same content:
    /// nothing to do.
    public var isEditNotModified: Bool {
        guard case .api(400, let description) = self else { return false }
        return description.localizedCaseInsensitiveContains("message is not modified")
    }

    /// The bot can no longer post in the chat: blocked, kicked, not a member, deactivated user,
    /// or the chat does not exist.
    public var isChatUnavailable: Bool {
        switch self {
        case .api(403, _): true
        case .api(400, let description):
            description.localizedCaseInsensitiveContains("chat not found")
                || description.localizedCaseInsensitiveContains("group chat was deactivated")
        default: false
        }
    }

    /// The token was refused (401 Unauthorized, or 404 for a token Telegram does not know).
    public var isUnauthorized: Bool {
        switch self {
        case .api(401, _), .api(404, _): true
        default: false
        }
    }
}

extension TelegramError: CustomStringConvertible, LocalizedError {
    public var description: String {
        switch self {
        case .retryAfter(let seconds): "Telegram flood control: retry after \(seconds) s"
        case .migrated(let chatID): "the group migrated to supergroup \(chatID)"
        case .conflict(let description): "Telegram conflict (409): \(description)"
        case .api(let code, let description): "Telegram error \(code): \(description)"
        case .network(let error): "network error talking to Telegram: \(error)"
        case .invalidResponse(let reason): "invalid response from Telegram: \(reason)"
        }
    }

    public var errorDescription: String? { description }
}
