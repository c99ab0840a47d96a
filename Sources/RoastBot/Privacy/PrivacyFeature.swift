import ChatPlatform
import Foundation
import RoastCore
import RoastStore

/// `/forgetme` (with a confirmation button) and `/export` (`/export chat` for admins).
public struct PrivacyFeature: Feature {
    public enum Action: Sendable, Hashable {
        /// `/forgetme`: asks for confirmation.
        case forgetMe
        /// `/forgetme`'s confirmation (`confirm` true) or cancel, valid only for `user`.
        case confirmForget(UserID, confirm: Bool, message: MessageID?)
        /// `/export`: the sender's data in this chat.
        case exportMine
        /// `/export chat`: the chat's data (admins, or anyone in a private chat).
        case exportChat
    }

    /// `/forgetme`'s buttons.
    public struct ButtonAction: Sendable, Hashable {
        public var user: UserID
        public var confirm: Bool

        public init(forgetting user: UserID, confirm: Bool) {
            self.user = user
            self.confirm = confirm
        }

        public var payload: String { CallbackPayload("x", confirm ? "1" : "0", String(user.rawValue)).encoded }

        public init?(_ payload: CallbackPayload) {
            guard payload.tag == "x", payload.fields.count == 2, payload.fields[0] == "0" || payload.fields[0] == "1",
                let user = UserID(payloadField: payload.fields[1])
            else { return nil }
            self.user = user
            self.confirm = payload.fields[0] == "1"
        }
    }

    public let commands = [
        CommandSpec("forgetme", summary: LocalizedText(vi: "Xoá dữ liệu của bạn trong nhóm này", en: "Delete your data in this chat")),
        CommandSpec("export", summary: LocalizedText(vi: "Xuất dữ liệu của bạn (JSON)", en: "Export your data as JSON")),
    ]
    public let buttonTags = ["x"]

    public init() {}

    public func decode(_ input: FeatureInput) -> Action? {
        switch input {
        case .command("forgetme", _): .forgetMe
        case .command(_, let arguments): arguments.first?.lowercased() == "chat" ? .exportChat : .exportMine
        case .button(let payload, let message): ButtonAction(payload).map { .confirmForget($0.user, confirm: $0.confirm, message: message) }
        case .event: nil
        }
    }

    public func needs(of action: Action) -> ActionNeeds {
        action == .exportChat ? ActionNeeds(adminStatus: true) : ActionNeeds()
    }

    public func handle(_ action: Action, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64) throws
        -> HandlerOutcome
    {
        switch action {
        case .forgetMe: forgetMe(context)
        case .confirmForget(let user, let confirm, let message): try confirmForget(user, confirm: confirm, message: message, context, tx)
        case .exportMine: try exportMine(context, tx)
        case .exportChat: try exportChat(context, tx)
        }
    }

    /// Asks for confirmation with buttons only the sender can use.
    private func forgetMe(_ context: EventContext) -> HandlerOutcome {
        guard let user = context.sender?.id else { return .nothing }
        let words = context.words
        let buttons = [
            [
                Button(words.forgetMeYes, data: ButtonAction(forgetting: user, confirm: true).payload),
                Button(words.forgetMeNo, data: ButtonAction(forgetting: user, confirm: false).payload),
            ]
        ]
        return HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: words.forgetMeConfirm), buttons: buttons))])
    }

    /// The confirmation or cancel button of `/forgetme`.
    private func confirmForget(
        _ user: UserID, confirm: Bool, message: MessageID?, _ context: EventContext, _ tx: borrowing StoreTransaction
    )
        throws -> HandlerOutcome
    {
        let words = context.words
        guard context.sender?.id == user else { return HandlerOutcome(notice: words.notYourButton) }
        let text = confirm ? words.forgetMeDone : words.forgetMeCancelled
        if confirm { try tx.forgetUser(user, in: context.chatID) }
        let closed = OutgoingMessage(text: RichText(plain: text))
        return HandlerOutcome(replies: message.map { [.edit($0, closed)] } ?? [.send(closed)], notice: text)
    }

    private func exportChat(_ context: EventContext, _ tx: borrowing StoreTransaction) throws -> HandlerOutcome {
        let words = context.words
        guard context.sender != nil else { return .nothing }
        guard SettingsFeature.mayChange(context) else {
            return HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: words.exportChatAdminsOnly)))])
        }
        guard let data = try tx.exportChat(context.chatID) else { return .nothing }
        let document = OutgoingDocument(
            filename: "roastmelater-chat-\(context.chatID.rawValue).json", contents: try Self.json(data),
            caption: RichText(plain: words.exportChatCaption))
        return HandlerOutcome(replies: [.document(document)])
    }

    private func exportMine(_ context: EventContext, _ tx: borrowing StoreTransaction) throws -> HandlerOutcome {
        let words = context.words
        guard let user = context.sender?.id else { return .nothing }
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
