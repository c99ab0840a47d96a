import ChatPlatform
import Foundation
import RoastCore
import Synchronization

/// Throttles whoever spams commands, per chat and actor — a person, a channel posting in the group,
/// or the group's anonymous admins together — judged by each event's own timestamp.
///
/// The state lives in memory: it is advisory, so after a restart everyone starts fresh. Each event
/// is judged once, before its transaction, and the verdict is applied in that transaction; an event
/// replayed after a crash (its transaction never committed) is judged again by the fresh limiter,
/// which can only let it through, never apply it twice.
public final class AbuseGate: Sendable {
    private struct Key: Hashable {
        var chat: ChatID
        var actor: Throttled
    }

    /// Who is throttled: a person, or a chat that signed messages (a channel; the group itself for
    /// its anonymous admins). Kept apart by kind, whatever numbers the platform uses for either.
    private enum Throttled: Hashable {
        case person(UserID)
        case chat(ChatID)
    }

    private let limiter: Mutex<CommandRateLimiter<Key>>
    private let judged = Mutex(0)

    public init(limit: Int = 5, window: TimeInterval = 10, cooldown: TimeInterval = 30) {
        limiter = Mutex(CommandRateLimiter(limit: limit, window: window, cooldown: cooldown))
    }

    /// The verdict for one event: only requests (commands, text to the bot) count.
    public func judge(_ envelope: IncomingEnvelope, _ traits: ActionTraits) -> ThrottleVerdict {
        guard traits.isRequest, let actor = Self.actor(of: envelope) else { return .allow }
        let key = Key(chat: envelope.chat.id, actor: actor)
        let verdict = limiter.withLock { limiter in
            let count = judged.withLock { count in
                count += 1
                return count
            }
            if count.isMultiple(of: 1000) { limiter.prune(at: envelope.date) }
            return limiter.admit(key, at: envelope.date)
        }
        return verdict
    }

    /// Who is throttled for `envelope`: the person, the channel, or the group for its anonymous admins.
    private static func actor(of envelope: IncomingEnvelope) -> Throttled? {
        switch envelope.actor {
        case .person(let person): .person(person.id)
        case .channel(let channel): .chat(channel)
        case .anonymousAdmin: .chat(envelope.chat.id)
        case .bot, .nobody: nil
        }
    }
}
