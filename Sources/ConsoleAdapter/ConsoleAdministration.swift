import ChatPlatform
import Synchronization

/// Admin status in the console chat: everyone is an admin unless switched off with `:admin off`.
public final class ConsoleAdministration: ChatAdministration {
    private let nonAdmins = Mutex<Set<UserID>>([])

    public init() {}

    public func isAdmin(_ user: UserID, in chat: ChatID) async throws(DeliveryError) -> Bool {
        !nonAdmins.withLock { $0.contains(user) }
    }

    /// `:admin on|off` for the person speaking.
    public func setAdmin(_ user: UserID, _ isAdmin: Bool) {
        nonAdmins.withLock { set in
            if isAdmin { set.remove(user) } else { set.insert(user) }
        }
    }
}
