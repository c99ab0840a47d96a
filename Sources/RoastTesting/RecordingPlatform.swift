import ChatPlatform
import Synchronization

/// A `ChatPlatform` that records everything the bot delivers, and can be told to fail.
public final class RecordingPlatform: ChatPlatform {
    public enum Delivery: Sendable, Hashable {
        case sent(ChatID, MessageID, OutgoingMessage)
        case edited(ChatID, MessageID, OutgoingMessage)
        case editedButtons(ChatID, MessageID, [[Button]])
        case document(ChatID, MessageID, OutgoingDocument)
        /// A photo posted; `stored` is the id the platform gave it.
        case photo(ChatID, MessageID, OutgoingPhoto, stored: StoredPhotoID)
        case acknowledged(callbackID: String, notice: String?)
    }

    private struct State {
        var deliveries: [Delivery] = []
        var nextMessage: Int64 = 500
        var nextPhoto = 0
        var failures: [DeliveryError] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// Every delivery so far, in order.
    public var deliveries: [Delivery] { state.withLock { $0.deliveries } }

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

    /// The next sends/edits fail with these errors, one each, in order.
    public func failNext(_ errors: DeliveryError...) {
        state.withLock { $0.failures.append(contentsOf: errors) }
    }

    public func send(_ message: OutgoingMessage, to chat: ChatID) async throws(DeliveryError) -> MessageID {
        let result: Result<MessageID, DeliveryError> = state.withLock { state in
            if !state.failures.isEmpty { return .failure(state.failures.removeFirst()) }
            state.nextMessage += 1
            let id = MessageID(state.nextMessage)
            state.deliveries.append(.sent(chat, id, message))
            return .success(id)
        }
        return try result.get()
    }

    public func edit(_ message: MessageID, in chat: ChatID, to content: OutgoingMessage) async throws(DeliveryError) {
        let result: Result<Void, DeliveryError> = state.withLock { state in
            if !state.failures.isEmpty { return .failure(state.failures.removeFirst()) }
            state.deliveries.append(.edited(chat, message, content))
            return .success(())
        }
        try result.get()
    }

    public func editButtons(_ message: MessageID, in chat: ChatID, to buttons: [[Button]]) async throws(DeliveryError) {
        let result: Result<Void, DeliveryError> = state.withLock { state in
            if !state.failures.isEmpty { return .failure(state.failures.removeFirst()) }
            state.deliveries.append(.editedButtons(chat, message, buttons))
            return .success(())
        }
        try result.get()
    }

    public func sendDocument(_ document: OutgoingDocument, to chat: ChatID) async throws(DeliveryError) -> MessageID {
        state.withLock { state in
            state.nextMessage += 1
            let id = MessageID(state.nextMessage)
            state.deliveries.append(.document(chat, id, document))
            return id
        }
    }

    /// An uploaded image is stored as `photo-N`; a stored one keeps its id.
    public func sendPhoto(_ photo: OutgoingPhoto, to chat: ChatID) async throws(DeliveryError) -> SentPhoto {
        let result: Result<SentPhoto, DeliveryError> = state.withLock { state in
            if !state.failures.isEmpty { return .failure(state.failures.removeFirst()) }
            state.nextMessage += 1
            let id = MessageID(state.nextMessage)
            let stored: StoredPhotoID
            switch photo.image {
            case .png:
                state.nextPhoto += 1
                stored = StoredPhotoID("photo-\(state.nextPhoto)")
            case .stored(let existing):
                stored = existing
            }
            state.deliveries.append(.photo(chat, id, photo, stored: stored))
            return .success(SentPhoto(message: id, stored: stored))
        }
        return try result.get()
    }

    public func acknowledge(buttonPress callbackID: String, notice: String?) async throws(DeliveryError) {
        state.withLock { $0.deliveries.append(.acknowledged(callbackID: callbackID, notice: notice)) }
    }
}
