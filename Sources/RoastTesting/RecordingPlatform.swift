import ChatPlatform
import Synchronization

/// A `ChatPlatform` that records everything the bot delivers, and can be told to fail.
///
/// It behaves as its ``PlatformProfile`` says, as a real adapter would: a message longer than
/// ``PlatformProfile/messageLimit`` is posted in parts (``MessageSplitter``; the first replies, the
/// last carries the buttons), a button payload over ``PlatformProfile/buttonPayloadLimit`` or a deep
/// link on a platform without them is refused, and a delivery for one person goes to the chat
/// `privateChat` says is theirs.
public final class RecordingPlatform: ChatPlatform {
    public enum Delivery: Sendable, Hashable {
        case sent(ChatID, MessageID, OutgoingMessage)
        case edited(ChatID, MessageID, OutgoingMessage)
        case editedButtons(ChatID, MessageID, [[Button]])
        case document(ChatID, MessageID, OutgoingDocument)
        /// A photo posted; `stored` is the id the platform gave it.
        case photo(ChatID, MessageID, OutgoingPhoto, stored: StoredPhotoID)
        /// A photo's picture, caption and buttons replaced; `stored` is the id the platform gave the picture.
        case editedPhoto(ChatID, MessageID, OutgoingPhoto, stored: StoredPhotoID)
        /// An interaction answered.
        case answered(Interaction, InteractionAnswer)
    }

    private struct State {
        var deliveries: [Delivery] = []
        var performed: [(action: PlatformAction, destination: Destination)] = []
        var nextMessage: Int64 = 500
        var nextPhoto = 0
        var failures: [DeliveryError] = []

        /// The id of a photo's image: an uploaded image is stored as `photo-N`; a stored one keeps its id.
        mutating func store(_ image: PhotoImage) -> StoredPhotoID {
            switch image {
            case .png:
                nextPhoto += 1
                return StoredPhotoID("photo-\(nextPhoto)")
            case .stored(let existing):
                return existing
            }
        }
    }

    /// Test platforms: Telegram's limits and rules, without a deadline for interactions.
    public static let standardProfile = PlatformProfile(
        name: "Telegram", messageLimit: 4_000, captionLimit: 1_000, buttonPayloadLimit: 64, privateChats: .openedByThePerson,
        interactions: .init(commands: false, deadline: nil, privateAnswers: false),
        deepLinks: .init(publicPrefix: "t.me/RoastMeLaterBot?start="), inlineMode: true,
        reactions: .init(
            equivalents: ["😂": ["🤣", "😁", "😂"], "🔥": ["🔥", "❤‍🔥", "❤️‍🔥"], "😐": ["😐", "🥱"], "👎": ["👎", "💩"]],
            visibility: .asAdministrator),
        hasMainThread: true)

    public let profile: PlatformProfile
    private let privateChat: @Sendable (UserID) -> ChatID
    private let state = Mutex(State())

    /// - Parameters:
    ///   - profile: what the platform is like.
    ///   - privateChat: the chat where a person's private deliveries go (by default, as on Telegram,
    ///     the chat with the person's id).
    public init(profile: PlatformProfile = standardProfile, privateChat: @escaping @Sendable (UserID) -> ChatID = { ChatID($0.rawValue) }) {
        self.profile = profile
        self.privateChat = privateChat
    }

    /// Every delivery so far, in order.
    public var deliveries: [Delivery] { state.withLock { $0.deliveries } }

    /// Every action performed so far and where, in order (one per outbox row, however many parts).
    public var performed: [(action: PlatformAction, destination: Destination)] { state.withLock { $0.performed } }

    /// Messages sent (not edits), in order.
    public var sentMessages: [(chat: ChatID, message: MessageID, content: OutgoingMessage)] {
        deliveries.compactMap { delivery in
            if case .sent(let chat, let message, let content) = delivery { return (chat, message, content) }
            return nil
        }
    }

    /// Photos posted, in order.
    public var sentPhotos: [(chat: ChatID, message: MessageID, photo: OutgoingPhoto, stored: StoredPhotoID)] {
        deliveries.compactMap { delivery in
            if case .photo(let chat, let message, let photo, let stored) = delivery { return (chat, message, photo, stored) }
            return nil
        }
    }

    /// Photos whose picture was replaced, in order.
    public var editedPhotos: [(chat: ChatID, message: MessageID, photo: OutgoingPhoto, stored: StoredPhotoID)] {
        deliveries.compactMap { delivery in
            if case .editedPhoto(let chat, let message, let photo, let stored) = delivery { return (chat, message, photo, stored) }
            return nil
        }
    }

    /// Interactions answered, in order.
    public var answers: [(interaction: Interaction, answer: InteractionAnswer)] {
        deliveries.compactMap { delivery in
            if case .answered(let interaction, let answer) = delivery { return (interaction, answer) }
            return nil
        }
    }

    /// Interactions answered as handled, with their notices, in order (what Telegram shows as a
    /// button press's toast).
    public var acknowledgements: [(handle: String, notice: String?)] {
        answers.compactMap { answer in
            guard case .handled(let notice, _) = answer.answer else { return nil }
            return (answer.interaction.handle, notice)
        }
    }

    /// Whether the interaction `handle` was answered as handled with `notice`.
    public func acknowledged(_ handle: String, notice: String?) -> Bool {
        acknowledgements.contains { $0.handle == handle && $0.notice == notice }
    }

    /// The next sends/edits fail with these errors, one each, in order.
    public func failNext(_ errors: DeliveryError...) {
        state.withLock { $0.failures.append(contentsOf: errors) }
    }

    public func perform(_ action: PlatformAction, at destination: Destination) async throws(DeliveryError) -> Delivered {
        let chat = destination.person.map(privateChat) ?? destination.chat
        let refusal = refusal(of: action)
        let result: Result<Delivered, DeliveryError> = state.withLock { state in
            if !state.failures.isEmpty { return .failure(state.failures.removeFirst()) }
            if let refusal { return .failure(refusal) }
            state.performed.append((action, destination))
            switch action {
            case .send(let message):
                let parts =
                    MessageSplitter.visibleLength(message.text) > profile.messageLimit
                    ? MessageSplitter(limit: profile.messageLimit).split(message.text) : [message.text]
                var last: MessageID?
                for (index, text) in parts.enumerated() {
                    state.nextMessage += 1
                    var part = message
                    part.text = text
                    if index > 0 { part.replyTo = nil }
                    if index < parts.count - 1 { part.buttons = [] }
                    last = MessageID(state.nextMessage)
                    state.deliveries.append(.sent(chat, MessageID(state.nextMessage), part))
                }
                return .success(Delivered(message: last))
            case .edit(let target, let content):
                state.deliveries.append(.edited(chat, target, content))
                return .success(Delivered(message: nil))
            case .editButtons(let target, let buttons):
                state.deliveries.append(.editedButtons(chat, target, buttons))
                return .success(Delivered(message: nil))
            case .document(let document):
                state.nextMessage += 1
                state.deliveries.append(.document(chat, MessageID(state.nextMessage), document))
                return .success(Delivered(message: MessageID(state.nextMessage)))
            case .photo(let photo):
                state.nextMessage += 1
                let id = MessageID(state.nextMessage)
                let stored = state.store(photo.image)
                state.deliveries.append(.photo(chat, id, photo, stored: stored))
                return .success(Delivered(message: id, storedPhoto: stored))
            case .editPhoto(let target, let photo):
                let stored = state.store(photo.image)
                state.deliveries.append(.editedPhoto(chat, target, photo, stored: stored))
                return .success(Delivered(message: nil, storedPhoto: stored))
            }
        }
        return try result.get()
    }

    public func answer(_ interaction: Interaction, with answer: InteractionAnswer) async throws(DeliveryError) {
        state.withLock { $0.deliveries.append(.answered(interaction, answer)) }
    }

    /// Why the platform would refuse `action`'s buttons, if it would.
    private func refusal(of action: PlatformAction) -> DeliveryError? {
        let buttons: [[Button]]
        switch action {
        case .send(let message), .edit(_, let message): buttons = message.buttons
        case .editButtons(_, let rows): buttons = rows
        case .photo(let photo), .editPhoto(_, let photo): buttons = photo.buttons
        case .document: buttons = []
        }
        for button in buttons.joined() {
            if button.startsPrivateChat != nil {
                if profile.deepLinks == nil { return .rejected(reason: "no deep links on this platform") }
            } else if button.data.isEmpty || button.data.utf8.count > profile.buttonPayloadLimit {
                return .rejected(reason: "button payload of \(button.data.utf8.count) bytes")
            }
        }
        return nil
    }
}
