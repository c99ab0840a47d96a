import ChatPlatform
import Foundation
import RoastCore
import RoastStore

/// `/forgetme` (with a confirmation button) and `/export` (`/export chat` for admins).
///
/// `/forgetme` forgets the person in the chat it is sent in; in their private chat with the bot it
/// can also forget them in every chat at once — groups they left (where they can no longer send it)
/// included. Each forget is recorded without data of theirs, so that a restore forgets them again.
/// `/forgetme`'s question is answered privately in place where the platform can.
///
/// Exports go to the person, never to a group. Asked for in a group, the file is answered to the
/// requester alone in place where the platform can (a Discord ephemeral answer); else it is sent in
/// their private chat with the bot and the group sees a short note — when the bot can write there
/// (they opened it before, or the platform lets the bot open it); else they get a button that opens
/// it (a deep link: the file is made and sent there when they do, through the button's link or by
/// opening the chat any other way: their first words there deliver it), or, on a platform without
/// deep links, the advice to open it themselves. A chat's export holds its settings and totals, none
/// of the members' names, usernames, languages or dates, and the group sees which admin asked for it.
public struct PrivacyFeature: Feature {
    public enum Action: Sendable, Hashable {
        /// `/forgetme`: asks for confirmation.
        case forgetMe
        /// `/forgetme`'s answer (here, everywhere, or cancel) by `user`, who asked (their button: the
        /// router lets no one else's press through).
        case confirmForget(UserID, ForgetChoice, message: MessageID?)
        /// `/export`: the sender's data in this chat.
        case exportMine
        /// `/export chat`: the chat's data (admins, or anyone in a private chat).
        case exportChat
        /// The private chat opened through an export's link (`/start export_<request>`, and the
        /// group's id for a chat's export, whose requester must still be an admin there).
        case deliverExport(request: Int64, chat: ChatID?)
    }

    /// What `/forgetme`'s buttons answer.
    public enum ForgetChoice: String, Sendable, Hashable {
        case cancel = "0"
        /// Forget me in this chat.
        case here = "1"
        /// Forget me in every chat (offered in the private chat).
        case everywhere = "e"
    }

    /// `/forgetme`'s buttons.
    public struct ButtonAction: Sendable, Hashable {
        public var user: UserID
        public var choice: ForgetChoice

        public init(forgetting user: UserID, _ choice: ForgetChoice) {
            self.user = user
            self.choice = choice
        }

        public var payload: String { CallbackPayload("x", choice.rawValue, for: user).encoded }

        public init?(_ payload: CallbackPayload) {
            guard payload.tag == "x", let user = payload.owner, payload.fields.count == 1,
                let choice = ForgetChoice(rawValue: payload.fields[0])
            else { return nil }
            self.user = user
            self.choice = choice
        }
    }

    /// How long an export's link stays valid.
    public static let exportLinkValidity: TimeInterval = 7 * 86_400

    public let commands = [
        CommandSpec(
            "forgetme", vi: "xoá_dữ_liệu",
            summary: LocalizedText(vi: "Xoá dữ liệu của bạn trong nhóm này", en: "Delete your data in this chat"),
            personal: true, answersPrivately: true),
        CommandSpec(
            "export", vi: "xuất_dữ_liệu",
            summary: LocalizedText(vi: "Xuất dữ liệu của bạn (JSON, gửi riêng)", en: "Export your data as JSON, privately"),
            options: [
                .choice(
                    "scope", vi: "phạm_vi", LocalizedText(vi: "Dữ liệu của ai", en: "Whose data"),
                    [("chat", LocalizedText(vi: "Cả nhóm (quản trị viên)", en: "The whole chat (admins)"))])
            ], personal: true, answersPrivately: true),
    ]
    public let buttonTags = ["x"]
    public let startLinks = ["export"]
    /// Whether the operator configured an AI provider: a chat's export says AI is on only then.
    private let aiAvailable: Bool

    public init(aiAvailable: Bool = false) {
        self.aiAvailable = aiAvailable
    }

    public func decode(_ input: FeatureInput) -> Action? {
        switch input {
        case .command("forgetme", _): .forgetMe
        case .command(_, let arguments): arguments.first?.lowercased() == "chat" ? .exportChat : .exportMine
        case .button(let payload, let message): ButtonAction(payload).map { .confirmForget($0.user, $0.choice, message: message) }
        case .startLink(let link):
            Self.exportLink(link)
        case .event: nil
        }
    }

    public func needs(of action: Action) -> ActionNeeds {
        switch action {
        case .exportChat: ActionNeeds(adminStatus: true)
        case .deliverExport(_, let chat?): ActionNeeds(adminStatus: true, adminOf: chat)
        case .forgetMe, .confirmForget, .exportMine, .deliverExport: ActionNeeds()
        }
    }

    /// `export_<request>` (a person's export) or `export_<request>_<group>` (a chat's).
    private static func exportLink(_ link: StartLink) -> Action? {
        guard (1...2).contains(link.fields.count), let request = Int64(link.fields[0]), request > 0 else { return nil }
        guard link.fields.count == 2 else { return .deliverExport(request: request, chat: nil) }
        guard let chat = Int64(link.fields[1]) else { return nil }
        return .deliverExport(request: request, chat: ChatID(chat))
    }

    /// Answering `/forgetme`'s question is not activity: a "yes" must not keep, or re-create, what it deletes.
    public func confirmsActivity(_ action: Action, in chat: ChatID, _ tx: borrowing StoreTransaction) throws -> Bool {
        if case .confirmForget = action { return false }
        return true
    }

    public func handle(_ action: Action, _ context: EventContext, _ tx: borrowing StoreTransaction, _ random: inout SplitMix64) throws
        -> HandlerOutcome
    {
        switch action {
        case .forgetMe: forgetMe(context)
        case .confirmForget(let user, let choice, let message): try confirmForget(user, choice, message: message, context, tx)
        case .exportMine: try export(.person, context, tx)
        case .exportChat: try export(.chat, context, tx)
        case .deliverExport(let request, let chat): try deliverExport(request, linkedTo: chat, context, tx)
        }
    }

    public var accompanies: Bool { true }

    /// Someone who speaks to the bot in their private chat can be reached there: the exports of their
    /// own data they asked for in a group before they ever opened it are delivered now, whatever
    /// opened the chat (a plain /start as well as the button's link). A chat's export waits for its
    /// link, which checks the admin status again.
    public func accompany(_ traits: ActionTraits, _ context: EventContext, _ tx: borrowing StoreTransaction) throws -> [Reply] {
        guard traits.isRequest, context.envelope.chat.kind == .privateChat, let user = context.sender?.id else { return [] }
        let notBefore = context.envelope.date.addingTimeInterval(-Self.exportLinkValidity)
        var replies: [Reply] = []
        for request in try tx.pendingExportRequests(user: user, notBefore: notBefore) where request.scope == .person {
            guard try tx.takeExportRequest(request.id, user: user, notBefore: notBefore) != nil,
                let document = try document(.person, of: user, in: request.chat, context.words, tx)
            else { continue }
            replies.append(.document(document))
        }
        return replies
    }

    /// Asks for confirmation with buttons only the sender can use; in the private chat, also offers
    /// to forget them in every chat.
    private func forgetMe(_ context: EventContext) -> HandlerOutcome {
        guard let user = context.sender?.id else { return .nothing }
        let words = context.privateWords
        func button(_ label: String, _ choice: ForgetChoice) -> Button {
            Button(label, data: ButtonAction(forgetting: user, choice).payload)
        }
        guard context.envelope.chat.kind == .privateChat else {
            let buttons = [[button(words.forgetMeYes, .here), button(words.forgetMeNo, .cancel)]]
            let question = Reply.send(OutgoingMessage(text: RichText(plain: words.forgetMeConfirm), buttons: buttons))
            return HandlerOutcome(replies: [context.answersPrivatelyInPlace ? question.privately(to: user) : question])
        }
        let buttons = [
            [button(words.forgetMeEverywhere, .everywhere)], [button(words.forgetMeHereOnly, .here), button(words.forgetMeNo, .cancel)],
        ]
        return HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: words.forgetMeConfirmPrivately), buttons: buttons))])
    }

    /// An answer to `/forgetme`'s question: forget here, everywhere, or nothing.
    private func confirmForget(
        _ user: UserID, _ choice: ForgetChoice, message: MessageID?, _ context: EventContext, _ tx: borrowing StoreTransaction
    )
        throws -> HandlerOutcome
    {
        // The question was the asker's alone where the platform answers privately in place: so is its answer.
        let words = context.privateWords
        let text: String
        switch choice {
        case .cancel:
            text = words.forgetMeCancelled
        case .here:
            try tx.forgetAtTheirRequest(user, in: context.chatID, at: context.envelope.date)
            text = words.forgetMeDone
        case .everywhere:
            let chats = try tx.forgetEverywhereAtTheirRequest(user, at: context.envelope.date)
            text = words.forgetMeDoneEverywhere(chats: chats.count)
        }
        let closed = OutgoingMessage(text: RichText(plain: text))
        return HandlerOutcome(replies: message.map { [.edit($0, closed)] } ?? [.send(closed)], notice: text)
    }

    /// `/export` and `/export chat`: the file in a private chat, made now or when the person opens it.
    private func export(_ scope: ExportScope, _ context: EventContext, _ tx: borrowing StoreTransaction) throws -> HandlerOutcome {
        let words = context.words
        guard let user = context.envelope.actor.person?.id else { return .nothing }
        if scope == .chat, !SettingsFeature.mayChange(context) {
            return HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: words.exportChatAdminsOnly)))])
        }
        if context.envelope.chat.kind == .privateChat {
            return HandlerOutcome(replies: try document(scope, of: user, in: context.chatID, words, tx).map { [.document($0)] } ?? [])
        }
        // A chat's export is the chat's business: the group sees who asked for it.
        let requester = context.envelope.actor.person?.displayName ?? ""
        let note = scope == .chat ? words.exportChatSentPrivately(to: requester) : words.exportSentPrivately
        if context.answersPrivatelyInPlace {
            guard let document = try document(scope, of: user, in: context.chatID, context.privateWords, tx) else { return .nothing }
            let privately = Reply.document(document).privately(to: user)
            return HandlerOutcome(replies: scope == .chat ? [privately, .send(OutgoingMessage(text: RichText(plain: note)))] : [privately])
        }
        if try context.platform.privateChats == .openedByTheBot || tx.reachesPrivately(user) {
            guard let document = try document(scope, of: user, in: context.chatID, words, tx) else { return .nothing }
            return HandlerOutcome(replies: [
                Reply.document(document).privately(to: user), .send(OutgoingMessage(text: RichText(plain: note))),
            ])
        }
        guard context.platform.deepLinks != nil else {
            return HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: words.exportNeedsPrivateChatOpened)))])
        }
        let request = String(try tx.requestExport(scope, user: user, chat: context.chatID, at: context.envelope.date))
        let payload = scope == .chat ? StartLink("export", request, String(context.chatID.rawValue)) : StartLink("export", request)
        let link = Button.privateChat(words.exportOpenPrivateChat, start: payload.encoded)
        let asked = scope == .chat ? words.exportChatNeedsPrivateChat(requester) : words.exportNeedsPrivateChat
        return HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: asked), buttons: [[link]]))])
    }

    /// The private chat opened through an export's link: the file, if the link is the sender's own
    /// and still valid — and, for a chat's export, if they are still an admin of that group (the
    /// status is checked again when the link is opened: a demoted admin gets nothing).
    private func deliverExport(_ request: Int64, linkedTo linkChat: ChatID?, _ context: EventContext, _ tx: borrowing StoreTransaction)
        throws -> HandlerOutcome
    {
        let words = context.words
        guard let user = context.sender?.id else { return .nothing }
        guard context.envelope.chat.kind == .privateChat,
            let (chat, scope) = try tx.takeExportRequest(
                request, user: user, notBefore: context.envelope.date.addingTimeInterval(-Self.exportLinkValidity))
        else { return HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: words.exportLinkInvalid)))]) }
        if scope == .chat, linkChat != chat || context.senderIsAdmin != true {
            return HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: words.exportChatAdminsOnly)))])
        }
        guard let document = try document(scope, of: user, in: chat, words, tx) else {
            return HandlerOutcome(replies: [.send(OutgoingMessage(text: RichText(plain: words.exportLinkInvalid)))])
        }
        return HandlerOutcome(replies: [.document(document)])
    }

    /// The export file of `scope`: `user`'s data in `chat`, or the chat's; nil for an unknown chat.
    private func document(
        _ scope: ExportScope, of user: UserID, in chat: ChatID, _ words: Phrasebook, _ tx: borrowing StoreTransaction
    ) throws -> OutgoingDocument? {
        let title = try tx.chat(chat).flatMap { $0.kind == .privateChat ? nil : ($0.title ?? "\(chat.rawValue)") }
        switch scope {
        case .person:
            return OutgoingDocument(
                filename: "roastmelater-\(chat.rawValue)-\(user.rawValue).json", contents: try Self.json(try tx.exportUser(user, in: chat)),
                caption: RichText(plain: words.exportCaption(from: title)))
        case .chat:
            guard var data = try tx.exportChat(chat) else { return nil }
            data.aiConfigured = aiAvailable
            data.settings.aiEnabled = data.settings.aiEnabled && aiAvailable
            return OutgoingDocument(
                filename: "roastmelater-chat-\(chat.rawValue).json", contents: try Self.json(data),
                caption: RichText(plain: words.exportChatCaption(from: title)))
        }
    }

    /// An export as people read it: instants in ISO 8601, and days as ISO dates like the badges' and
    /// moods' (never an object of year, month and day).
    static func json(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        encoder.userInfo[.localDatesAsISO] = true
        return Array(try encoder.encode(value))
    }
}
