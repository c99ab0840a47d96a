import ChatPlatform
import Foundation
import Logging
import Synchronization
import Timekeeping

/// Resolves "is the sender an admin of this group?" before an event's transaction (handlers run
/// inside a SQLite transaction and must not await), for the actions that need it
/// (``ActionNeeds/adminStatus``: `/settings`, settings buttons, `/export chat`).
///
/// An answer the platform gave with the event (``IncomingEnvelope/senderIsAdmin``: Discord sends the
/// member's permissions with each interaction) is taken as it is. Otherwise answers come from the
/// platform (``ChatAdministration``) and are cached for `ttl` seconds of the
/// clock's uptime (setting the machine's clock neither keeps nor drops them); a change of the bot's
/// own membership in a chat, or another member's status, drops that chat's cache. An anonymous admin
/// (posting as the group) is an admin; a channel posting in the group is not. When the platform
/// cannot answer, the sender counts as not an admin (nothing changes; they may retry).
public final class AdminCheck: Sendable {
    private struct Key: Hashable {
        var chat: ChatID
        var user: UserID
    }

    private let administration: (any ChatAdministration)?
    private let clock: any WallClock
    private let ttl: TimeInterval
    private let logger: Logger
    /// Answers and the ``WallClock/uptime`` until which they hold.
    private let cache = Mutex<[Key: (isAdmin: Bool, until: Duration)]>([:])

    public init(administration: (any ChatAdministration)?, clock: any WallClock, ttl: TimeInterval = 300, logger: Logger) {
        self.administration = administration
        self.clock = clock
        self.ttl = ttl
        self.logger = logger
    }

    /// The sender's admin status when the action needs it, else nil.
    public func prepare(_ envelope: IncomingEnvelope, needs: ActionNeeds) async -> Bool? {
        if needs.freshAdmins { invalidate(chat: envelope.chat.id) }
        guard needs.adminStatus else { return nil }
        let sender: Person
        switch envelope.actor {
        case .person(let person): sender = person
        case .anonymousAdmin: return true
        case .channel, .bot: return false
        case .nobody: return nil
        }
        // The event's own word counts for its own chat.
        if needs.adminOf == nil, let known = envelope.senderIsAdmin { return known }
        let chat = needs.adminOf ?? envelope.chat.id
        // Everyone administers their own private chat.
        guard needs.adminOf != nil || envelope.chat.kind != .privateChat else { return true }
        let key = Key(chat: chat, user: sender.id)
        let now = clock.uptime
        if let cached = cache.withLock({ $0[key] }), cached.until > now { return cached.isAdmin }
        guard let administration else { return false }
        do {
            let isAdmin = try await administration.isAdmin(sender.id, in: chat)
            cache.withLock { cache in
                if cache.count > 10_000 { cache = cache.filter { $0.value.until > now } }
                cache[key] = (isAdmin, now + .seconds(ttl))
            }
            return isAdmin
        } catch {
            logger.notice("cannot check admin status", metadata: ["chat": "\(chat)", "error": "\(error)"])
            return false
        }
    }

    /// Forgets every cached answer for `chat` (its admins may have changed).
    public func invalidate(chat: ChatID) {
        cache.withLock { cache in cache = cache.filter { $0.key.chat != chat } }
    }
}
