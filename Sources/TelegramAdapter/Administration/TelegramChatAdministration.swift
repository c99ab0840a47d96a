import ChatPlatform
import TelegramBotAPI

/// Admin status from `getChatMember`: creators and administrators count.
/// https://core.telegram.org/bots/api#getchatmember
public struct TelegramChatAdministration: ChatAdministration {
    private let client: TelegramBotClient

    public init(client: TelegramBotClient) { self.client = client }

    public func isAdmin(_ user: UserID, in chat: ChatID) async throws(DeliveryError) -> Bool {
        do {
            let member = try await client.getChatMember(chatID: chat.rawValue, userID: user.rawValue)
            return member.status == .creator || member.status == .administrator
        } catch .network(.cancelled) {
            throw .cancelled
        } catch {
            throw .unavailable(reason: error.description)
        }
    }
}
