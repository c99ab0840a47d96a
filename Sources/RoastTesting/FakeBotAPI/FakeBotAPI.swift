import FlyingFox
import FlyingSocks
import Foundation
import Synchronization

/// A fake `api.telegram.org` on 127.0.0.1 for end-to-end tests: it serves the Bot API methods the bot uses
/// with Telegram's semantics (getUpdates offsets and long polling, 409 conflicts, validation errors,
/// flood limits) and lets tests inject updates and faults and inspect everything the bot did.
///
/// Point the bot's API base URL at ``baseURL``; requests go to `POST|GET /bot<token>/<method>`.
public final class FakeBotAPI: Sendable {
    /// The token requests must carry; any other gets 401.
    public let token: String
    /// Whether a connection stays open for the client's next request (HTTP/1.1 keep-alive, as
    /// Telegram does), instead of `Connection: close` after every answer.
    public let keepsConnectionsOpen: Bool

    let state: Mutex<FakeBotAPIState>
    private let running = Mutex<Running?>(nil)
    /// Webhook deliveries under way (see `FakeBotAPI+Webhook.swift`).
    let webhookLoop = Mutex<Task<Void, Never>?>(nil)
    let webhookSignal = FakeSignal()

    private struct Running: Sendable {
        var server: HTTPServer
        var task: Task<Void, any Error>
        var port: UInt16
    }

    public enum StartError: Error {
        case alreadyStarted
        case noListeningPort
    }

    /// - Parameters:
    ///   - token: the bot token requests must use.
    ///   - bot: what getMe returns (is_bot is always true).
    ///   - firstUpdateID: the update_id given to the first injected update.
    ///   - keepsConnectionsOpen: keep connections open between requests, as Telegram does (see
    ///     ``connectionCount``); off by default, every answer closing its connection.
    public init(
        token: String = "123456:TEST-fake-token",
        bot: FakeUser = FakeUser(
            id: 777_000_001, firstName: "Roast Me Later", username: "RoastMeLaterBot", isBot: true),
        firstUpdateID: Int = 100_000, keepsConnectionsOpen: Bool = false
    ) {
        self.token = token
        self.keepsConnectionsOpen = keepsConnectionsOpen
        self.state = Mutex(FakeBotAPIState(bot: bot, firstUpdateID: firstUpdateID))
    }

    // MARK: Lifecycle

    /// Starts serving on a free port of 127.0.0.1.
    public func start() async throws {
        guard running.withLock({ $0 == nil }) else { throw StartError.alreadyStarted }
        // 60 s: FlyingFox's 15 s default would turn long polls into HTTP 500.
        let server = HTTPServer(
            address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 60, logger: .disabled)
        await server.appendRoute("*") { [weak self] request in
            guard let self else { return HTTPResponse(statusCode: .serviceUnavailable) }
            return await self.serve(request)
        }
        let task = Task { try await server.run() }
        try await server.waitUntilListening(timeout: 60)
        guard case .ip4(_, let port)? = await server.listeningAddress else {
            task.cancel()
            throw StartError.noListeningPort
        }
        // FlyingFox writes an answer's head and body separately; with Nagle's algorithm on, a kept
        // connection holds the body back until the client's delayed ACK (~40 ms per request).
        if keepsConnectionsOpen { ListeningSocket.disableNagle(port: port) }
        running.withLock { $0 = Running(server: server, task: task, port: port) }
    }

    /// Stops serving; pending requests (long polls, stalls) end at once.
    public func stop() async {
        guard
            let current = running.withLock({ value -> Running? in
                defer { value = nil }
                return value
            })
        else { return }
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            defer { state.pollContinuations.removeAll() }
            return Array(state.pollContinuations.values)
        }
        for continuation in waiting { continuation.resume() }
        await stopWebhookDeliveries()
        await current.server.stop(timeout: 0)
        current.task.cancel()
    }

    /// The port the fake listens on (0 before ``start()``).
    public var port: UInt16 { running.withLock { $0?.port ?? 0 } }

    /// "http://127.0.0.1:PORT": what replaces "https://api.telegram.org".
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// The full URL of one method, for clients in tests.
    public func url(method: String) -> String { "\(baseURL)/bot\(token)/\(method)" }

    // MARK: Configuration

    /// What getMe returns and what `from` says on messages the bot sent.
    public var botUser: FakeUser {
        get { state.withLock { $0.bot } }
        set { state.withLock { $0.bot = newValue } }
    }

    /// getMe's `can_read_all_group_messages` (privacy mode off).
    public var canReadAllGroupMessages: Bool {
        get { state.withLock { $0.canReadAllGroupMessages } }
        set { state.withLock { $0.canReadAllGroupMessages = newValue } }
    }

    /// Telegram's flood limits, enforced on sends and edits when set; nil (the default) disables them.
    public var rateLimits: FakeRateLimits? {
        get { state.withLock { $0.rateLimiter?.limits } }
        set { state.withLock { $0.rateLimiter = newValue.map(SendRateLimiter.init(limits:)) } }
    }

    /// Whether getUpdates answers 409 because a webhook is set; setting it true makes it so without
    /// a webhook to deliver to. deleteWebhook clears it.
    public var webhookActive: Bool {
        get { state.withLock { $0.webhookActive } }
        set { state.withLock { $0.webhookForced = newValue } }
    }

    /// Makes a chat known, so sends to it succeed (injected updates do this for their chats).
    public func registerChat(_ chat: FakeChat) {
        state.withLock { $0.register(chat) }
    }

    /// Makes a user known to getChatMember (injected updates do this for their users).
    public func registerUser(_ user: FakeUser) {
        state.withLock { $0.register(user) }
    }

    /// What getChatMember reports for this user in this chat (default: member).
    public func setMemberStatus(_ status: FakeMemberStatus, of user: FakeUser, in chat: FakeChat) {
        state.withLock {
            $0.register(chat)
            $0.register(user)
            $0.memberStatuses[chat.id, default: [:]][user.id] = status
        }
    }

    /// Marks the bot as blocked by the user (private chats) or kicked (groups): sends get 403.
    public func setBotRemoved(_ removed: Bool = true, fromChat chatID: Int64) {
        state.withLock {
            if removed { $0.removedFrom.insert(chatID) } else { $0.removedFrom.remove(chatID) }
        }
    }

    // MARK: Faults

    /// Schedules a fault for the next matching request(s); faults are consumed in the order scheduled.
    /// - Parameters:
    ///   - method: only requests to this method (case-insensitive) take it; nil means any method.
    ///   - times: how many consecutive matching requests get it.
    public func injectFault(_ fault: FakeFault, method: String? = nil, times: Int = 1) {
        state.withLock { state in
            for _ in 0..<max(0, times) {
                state.faults.append(.init(fault: fault, method: method?.lowercased()))
            }
        }
    }

    /// Faults scheduled but not yet consumed.
    public var pendingFaultCount: Int { state.withLock { $0.faults.count } }

    // MARK: Inspection

    /// Messages the bot sent to one chat, oldest first (deleted ones included, flagged).
    public func sentMessages(chat chatID: Int64) -> [FakeSentMessage] {
        state.withLock { $0.sent.filter { $0.chatID == chatID } }
    }

    /// Every message the bot sent, in order.
    public var allSentMessages: [FakeSentMessage] { state.withLock { $0.sent } }

    /// TCP connections requests arrived on so far (each client end, address and port, counts once).
    public var connectionCount: Int { state.withLock { $0.clientEnds.count } }

    /// Requests received, in arrival order; only those to `method` (case-insensitive) when given.
    public func requests(method: String? = nil) -> [FakeRequest] {
        state.withLock { state in
            guard let method else { return state.requests }
            return state.requests.filter { $0.method.caseInsensitiveCompare(method) == .orderedSame }
        }
    }

    public var callbackAnswers: [FakeCallbackAnswer] { state.withLock { $0.callbackAnswers } }
    public var inlineAnswers: [FakeInlineAnswer] { state.withLock { $0.inlineAnswers } }
    /// Current command lists, one per (scope, chat, language).
    public var commandsSet: [FakeCommandSet] { state.withLock { $0.commandSets } }
    /// The command list for a scope type ("default", "all_group_chats", …) and language ("" for all).
    public func commands(scope: String = "default", chatID: Int64? = nil, languageCode: String = "")
        -> [FakeBotCommand]?
    {
        state.withLock { state in
            state.commandSets.first {
                $0.scopeType == scope && $0.scopeChatID == chatID && $0.languageCode == languageCode
            }?
            .commands
        }
    }
    public var documents: [FakeDocument] { state.withLock { $0.documents } }
    /// Photos the bot posted with `sendPhoto`, in order.
    public var photos: [FakePhoto] { state.withLock { $0.photos } }
    /// Every picture `editMessageMedia` put in place of a photo message's, in order (`messageID` is the
    /// edited message's).
    public var mediaEdits: [FakePhoto] { state.withLock { $0.mediaEdits } }
    /// Updates queued and not yet confirmed by an offset.
    public var pendingUpdateCount: Int { state.withLock { $0.queue.count } }
    /// The highest offset a getUpdates call has confirmed (0 before any).
    public var confirmedOffset: Int { state.withLock { $0.confirmedOffset } }
    /// How many 429s the rate limiter (not injected faults) has sent.
    public var rateLimitHits: Int { state.withLock { $0.rateLimitHits } }
    /// The allowed_updates in force (nil: Telegram's default set).
    public var allowedUpdates: Set<String>? { state.withLock { $0.allowedUpdates } }
    /// Whether a getUpdates long poll is waiting right now.
    public var isPollPending: Bool { state.withLock { $0.activePollID != nil } }

    /// Waits until `condition` holds, checking every 10 ms; false if `timeout` passes first (``PatientWait``).
    public func waitFor(timeout: Duration = .seconds(30), _ condition: @Sendable () -> Bool) async
        -> Bool
    {
        await PatientWait.until(timeout: timeout, step: .milliseconds(10), condition)
    }
}
