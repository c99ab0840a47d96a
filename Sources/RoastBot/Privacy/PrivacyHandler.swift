import ChatPlatform
import Foundation
import RoastCore
import RoastStore

/// `/forgetme` (with a confirmation button) and `/export` (`/export chat` for admins).
public struct PrivacyHandler: Sendable {
    public init() {}

    /// `/forgetme`: asks for confirmation with buttons only the sender can use.
    public func forgetMe(_ context: EventContext) -> HandlerOutcome {
        guard let user = context.sender?.id else { return .nothing }
        let words = context.words
        let buttons = [
            [
                Button(words.forgetMeYes, data: ButtonAction.forget(user, confirm: true).payload),
                Button(words.forgetMeNo, data: ButtonAction.forget(user, confirm: false).payload),
            ]
        ]
        return HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: words.forgetMeConfirm), buttons: buttons))])
    }

    /// The confirmation or cancel button of `/forgetme`.
    public func confirmForget(_ user: UserID, confirm: Bool, message: MessageID?, _ context: EventContext, _ tx: borrowing StoreTransaction)
        throws -> HandlerOutcome
    {
        let words = context.words
        guard context.sender?.id == user else { return HandlerOutcome(notice: words.notYourButton) }
        let text = confirm ? words.forgetMeDone : words.forgetMeCancelled
        if confirm { try tx.forgetUser(user, in: context.chatID) }
        let closed = OutgoingMessage(text: RichText(plain: text))
        return HandlerOutcome(replies: message.map { [.edit($0, closed)] } ?? [.send(closed)], notice: text)
    }

    /// `/export`: the sender's data in this chat; `/export chat`: the chat's (admins, or anyone in private).
    public func export(_ arguments: [String], _ context: EventContext, _ tx: borrowing StoreTransaction) throws -> HandlerOutcome {
        let words = context.words
        guard let user = context.sender?.id else { return .nothing }
        if arguments.first?.lowercased() == "chat" {
            guard SettingsHandler.mayChange(context) else {
                return HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: words.exportChatAdminsOnly)))])
            }
            guard let data = try tx.exportChat(context.chatID) else { return .nothing }
            let document = OutgoingDocument(
                filename: "roastmelater-chat-\(context.chatID.rawValue).json", contents: try Self.json(data),
                caption: RichText(plain: words.exportChatCaption))
            return HandlerOutcome(replies: [.document(document)])
        }
        let data = try tx.exportUser(user, in: context.chatID)
        let document = OutgoingDocument(
            filename: "roastmelater-\(context.chatID.rawValue)-\(user.rawValue).json", contents: try Self.json(data),
            caption: RichText(plain: words.exportCaption))
        return HandlerOutcome(replies: [.document(document)])
    }

    static func json(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return Array(try encoder.encode(value))
    }
}
