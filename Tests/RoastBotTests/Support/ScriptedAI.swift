import AIRoasts
import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import RoastTesting
import Synchronization
import Testing

/// An AI source that answers from a script and counts its calls.
final class ScriptedAI: AIRoastSource {
    private let replies: Mutex<[Result<String, AIRoastError>]>
    private let prompts = Mutex<[RoastPrompt]>([])

    init(_ replies: Result<String, AIRoastError>...) { self.replies = Mutex(replies) }

    var received: [RoastPrompt] { prompts.withLock { $0 } }

    func roast(_ prompt: RoastPrompt) async throws(AIRoastError) -> String {
        prompts.withLock { $0.append(prompt) }
        let next = replies.withLock { $0.isEmpty ? .failure(.timedOut) : $0.removeFirst() }
        return try next.get()
    }
}

func storedRoast(_ bot: BotFixture, message: MessageID) throws -> StoredRoast? {
    try bot.database.read { try $0.roast(chat: BotFixture.group.id, message: message) }
}
