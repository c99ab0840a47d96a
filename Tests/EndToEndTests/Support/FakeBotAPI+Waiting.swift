import Foundation
import RoastTesting

extension FakeBotAPI {
    /// Waits until the bot has sent at least `count` messages in `chat` (or `timeout` passes).
    @discardableResult
    func waitForMessages(_ count: Int, in chat: Int64, timeout: Double = 45) async -> [FakeSentMessage] {
        _ = await waitFor(timeout: .seconds(timeout)) { self.sentMessages(chat: chat).count >= count }
        return sentMessages(chat: chat)
    }
}
