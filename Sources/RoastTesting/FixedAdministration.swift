import ChatPlatform
import Synchronization

/// Admin status from a fixed list, counting how often it was asked (to observe caching).
public final class FixedAdministration: ChatAdministration {
    private let state: Mutex<(admins: Set<UserID>, lookups: Int)>

    public init(admins: Set<UserID>) { state = Mutex((admins, 0)) }

    public var lookups: Int { state.withLock { $0.lookups } }

    public func setAdmins(_ admins: Set<UserID>) { state.withLock { $0.admins = admins } }

    public func isAdmin(_ user: UserID, in chat: ChatID) async throws(DeliveryError) -> Bool {
        state.withLock { state in
            state.lookups += 1
            return state.admins.contains(user)
        }
    }
}

/// Records inline answers instead of sending them.
public final class RecordingInlineAnswers: InlineAnswering {
    private let answers = Mutex<[(queryID: String, results: [InlineResult])]>([])

    public init() {}

    public var recorded: [(queryID: String, results: [InlineResult])] { answers.withLock { $0 } }

    public func answerInline(_ queryID: String, results: [InlineResult]) async throws(DeliveryError) {
        answers.withLock { $0.append((queryID, results)) }
    }
}
