/// A platform whose deliveries all go to a chat, a person's private chat included (Telegram, the console):
/// performing an action is calling the method for it in the chat the destination names. Its adapters write the
/// methods; ``perform(_:at:)`` is written once here.
public protocol ChatAddressedPlatform: ChatPlatform {
    /// The private chat with `person`, where a delivery to them goes.
    static func privateChat(of person: UserID) -> ChatID
    /// Posts `message`; returns the last part posted (a long one is split at the platform's limit).
    func send(_ message: OutgoingMessage, to chat: ChatID) async throws(DeliveryError) -> MessageID
    func edit(_ message: MessageID, in chat: ChatID, to content: OutgoingMessage) async throws(DeliveryError)
    func editButtons(_ message: MessageID, in chat: ChatID, to buttons: [[Button]]) async throws(DeliveryError)
    func sendDocument(_ document: OutgoingDocument, to chat: ChatID) async throws(DeliveryError) -> MessageID
    func sendPhoto(_ photo: OutgoingPhoto, to chat: ChatID) async throws(DeliveryError) -> Delivered
    /// Puts `photo` in place of the picture of `message`.
    func editPhoto(_ message: MessageID, in chat: ChatID, to photo: OutgoingPhoto) async throws(DeliveryError) -> Delivered
}

extension ChatAddressedPlatform {
    public func perform(_ action: PlatformAction, at destination: Destination) async throws(DeliveryError) -> Delivered {
        let chat = destination.person.map(Self.privateChat(of:)) ?? destination.chat
        switch action {
        case .send(let message):
            return Delivered(message: try await send(message, to: chat))
        case .edit(let target, let message):
            try await edit(target, in: chat, to: message)
            return Delivered(message: nil)
        case .editButtons(let target, let buttons):
            try await editButtons(target, in: chat, to: buttons)
            return Delivered(message: nil)
        case .document(let document):
            return Delivered(message: try await sendDocument(document, to: chat))
        case .photo(let photo):
            return try await sendPhoto(photo, to: chat)
        case .editPhoto(let target, let photo):
            return try await editPhoto(target, in: chat, to: photo)
        }
    }
}
