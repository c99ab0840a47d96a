import ChatPlatform
import Synchronization

/// One chat's webhook deliveries handled one at a time, in the order they arrived; different chats
/// at once. Telegram may deliver on several connections in parallel, and a chat's events must be
/// applied in order (a streak day, a reaction after its roast).
final class ChatTurns: Sendable {
    /// Chats with a delivery being handled, and the deliveries waiting behind it.
    private let queues = Mutex<[ChatID: [CheckedContinuation<Void, Never>]]>([:])

    /// Runs `body` once every earlier delivery of `chat` has finished.
    func run<T: Sendable>(in chat: ChatID, _ body: () async -> T) async -> T {
        await withCheckedContinuation { continuation in
            let now = queues.withLock { queues -> Bool in
                guard queues[chat] != nil else {
                    queues[chat] = []
                    return true
                }
                queues[chat, default: []].append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
        defer { finish(chat) }
        return await body()
    }

    /// Hands `chat` to the next waiting delivery, or frees it.
    private func finish(_ chat: ChatID) {
        let next = queues.withLock { queues -> CheckedContinuation<Void, Never>? in
            guard var waiting = queues[chat], !waiting.isEmpty else {
                queues[chat] = nil
                return nil
            }
            let first = waiting.removeFirst()
            queues[chat] = waiting
            return first
        }
        next?.resume()
    }
}
