import Foundation

/// Everything the fake server knows, guarded by one `Mutex` in ``FakeBotAPI``. Its methods are the
/// synchronous rules of the Bot API; waiting (long polls, delays) lives in ``FakeBotAPI``.
struct FakeBotAPIState: Sendable {
    // Identity.
    var bot: FakeUser
    var canJoinGroups = true
    var canReadAllGroupMessages = false
    var supportsInlineQueries = true

    // Updates.
    var queue: [QueuedUpdate] = []
    /// The client ends (address and port) requests came from: one per TCP connection.
    var clientEnds: Set<String> = []
    var nextUpdateID: Int
    var confirmedOffset: Int
    /// nil means Telegram's default: every kind except chat_member, message_reaction, message_reaction_count.
    var allowedUpdates: Set<String>?
    /// Set by a test to make getUpdates answer 409 without a webhook to deliver to.
    var webhookForced = false
    /// The webhook set with setWebhook, and its deliveries.
    var webhook: FakeWebhook?
    var webhookDeliveries: [FakeWebhookDelivery] = []
    /// Updates being delivered right now, and when each failed one may be tried again.
    var webhookInFlight: Set<Int> = []
    var webhookRetryAt: [Int: ContinuousClock.Instant] = [:]
    var webhookAttempts: [Int: Int] = [:]
    var webhookLastError: (date: Int64, message: String)?
    /// The delay before a failed delivery's first retry (it doubles with each failure).
    var webhookRetryDelay = 0.3
    var webhookActive: Bool { webhook != nil || webhookForced }
    var activePollID: Int?
    var nextPollID = 0
    var pollContinuations: [Int: CheckedContinuation<Void, Never>] = [:]
    var pendingWakes: Set<Int> = []

    // Chats, users, messages.
    var chats: [Int64: FakeChat] = [:]
    var removedFrom: Set<Int64> = []
    var migratedTo: [Int64: Int64] = [:]
    var users: [Int64: FakeUser] = [:]
    var memberStatuses: [Int64: [Int64: FakeMemberStatus]] = [:]
    var lastMessageID: [Int64: Int64] = [:]
    var knownMessages: Set<MessageKey> = []
    /// Each chat's forum topics (their thread ids), and the topic of each message known to be in one.
    var topics: [Int64: Set<Int64>] = [:]
    var messageTopics: [MessageKey: Int64] = [:]
    var sent: [FakeSentMessage] = []
    var sentIndex: [MessageKey: Int] = [:]
    var sentMarkup: [MessageKey: FakeJSON] = [:]

    // Queries and bot-side records.
    var nextQueryID = 1
    var openCallbackQueries: Set<String> = []
    var openInlineQueries: Set<String> = []
    var callbackAnswers: [FakeCallbackAnswer] = []
    var inlineAnswers: [FakeInlineAnswer] = []
    var documents: [FakeDocument] = []
    var photos: [FakePhoto] = []
    /// Every picture `editMessageMedia` put in place of a photo message's, in order.
    var mediaEdits: [FakePhoto] = []
    /// Every photo file id the fake issued, with the sizes of the photo it names.
    var storedPhotos: [String: [FakePhotoSize]] = [:]
    var commandSets: [FakeCommandSet] = []

    // Requests, faults, limits.
    var requests: [FakeRequest] = []
    var faults: [ScheduledFault] = []
    var rateLimiter: SendRateLimiter?
    var rateLimitHits = 0

    struct QueuedUpdate: Sendable {
        var id: Int
        /// The update's kind (its field besides update_id); nil when unknown, e.g. malformed JSON.
        var kind: String?
        var json: String
    }

    struct MessageKey: Hashable, Sendable {
        var chatID: Int64
        var messageID: Int64
    }

    struct ScheduledFault: Sendable {
        var fault: FakeFault
        /// Lowercased method name; nil matches any method.
        var method: String?
    }

    static let defaultExcludedKinds: Set<String> = [
        "chat_member", "message_reaction", "message_reaction_count",
    ]

    init(bot: FakeUser, firstUpdateID: Int) {
        self.bot = bot
        self.nextUpdateID = firstUpdateID
        self.confirmedOffset = 0
    }

    // MARK: Updates

    /// Queues an update object; returns its update_id.
    mutating func enqueue(kind: String, payload: FakeJSON) -> (id: Int, json: String) {
        let id = nextUpdateID
        nextUpdateID += 1
        let json = FakeJSON.object(["update_id": .int(Int64(id)), kind: payload]).jsonText
        insert(QueuedUpdate(id: id, kind: kind, json: json))
        return (id, json)
    }

    /// Queues update JSON verbatim; a top-level integer update_id is honoured, else the next id is used
    /// for bookkeeping only.
    mutating func enqueue(rawJSON: String) -> Int {
        let parsed = FakeJSON.parse(rawJSON)
        var id = nextUpdateID
        if let explicit = parsed?["update_id"]?.intValue, let value = Int(exactly: explicit) {
            id = value
        }
        nextUpdateID = max(nextUpdateID, id + 1)
        let kind = parsed?.objectValue?.keys.first { $0 != "update_id" }
        if let parsed { learn(from: parsed) }
        insert(QueuedUpdate(id: id, kind: kind, json: rawJSON))
        return id
    }

    private mutating func insert(_ update: QueuedUpdate) {
        let position = queue.firstIndex { $0.id > update.id } ?? queue.endIndex
        queue.insert(update, at: position)
    }

    /// Applies getUpdates' offset: confirms (forgets) every update below it; a negative offset keeps only
    /// the last `-offset` updates.
    mutating func confirm(offset: Int) {
        if offset > 0 {
            queue.removeAll { $0.id < offset }
            confirmedOffset = max(confirmedOffset, offset)
        } else if offset < 0 {
            let keep = -offset
            if queue.count > keep { queue.removeFirst(queue.count - keep) }
            if let first = queue.first { confirmedOffset = max(confirmedOffset, first.id) }
        }
    }

    static func isAllowed(_ kind: String?, by allowedUpdates: Set<String>?) -> Bool {
        guard let kind else { return true }
        guard let allowedUpdates, !allowedUpdates.isEmpty else {
            return !defaultExcludedKinds.contains(kind)
        }
        return allowedUpdates.contains(kind)
    }

    /// The updates a poll would receive now; kinds the bot did not ask for are dropped, as Telegram never
    /// creates them.
    mutating func deliverable(limit: Int) -> [QueuedUpdate] {
        let allowed = allowedUpdates
        queue.removeAll { !Self.isAllowed($0.kind, by: allowed) }
        return Array(queue.prefix(limit))
    }

    /// The poll to wake, when one is waiting.
    mutating func wakeTarget(_ pollID: Int) -> CheckedContinuation<Void, Never>? {
        if let continuation = pollContinuations.removeValue(forKey: pollID) { return continuation }
        pendingWakes.insert(pollID)
        return nil
    }

    // MARK: Chats and messages

    mutating func register(_ chat: FakeChat) {
        chats[chat.id] = chat
    }

    mutating func register(_ user: FakeUser) {
        users[user.id] = user
    }

    mutating func allocateMessageID(in chatID: Int64) -> Int64 {
        let id = (lastMessageID[chatID] ?? 0) + 1
        lastMessageID[chatID] = id
        knownMessages.insert(MessageKey(chatID: chatID, messageID: id))
        return id
    }

    /// Learns chats, users and message ids from raw update JSON so later calls about them succeed.
    mutating func learn(from json: FakeJSON) {
        switch json {
        case .object(let members):
            if let chat = members["chat"], let chatID = chat["id"]?.intValue, chats[chatID] == nil {
                let kind = chat["type"]?.stringValue.flatMap(FakeChat.Kind.init(rawValue:)) ?? .private
                chats[chatID] = FakeChat(
                    id: chatID, type: kind, title: chat["title"]?.stringValue,
                    firstName: chat["first_name"]?.stringValue, username: chat["username"]?.stringValue)
            }
            if let chatID = members["chat"]?["id"]?.intValue,
                let messageID = members["message_id"]?.intValue
            {
                knownMessages.insert(MessageKey(chatID: chatID, messageID: messageID))
                lastMessageID[chatID] = max(lastMessageID[chatID] ?? 0, messageID)
                if members["is_topic_message"]?.boolValue == true, let thread = members["message_thread_id"]?.intValue {
                    topics[chatID, default: []].insert(thread)
                    messageTopics[MessageKey(chatID: chatID, messageID: messageID)] = thread
                }
            }
            for key in ["from", "user"] {
                if let user = members[key], let id = user["id"]?.intValue, users[id] == nil {
                    users[id] = FakeUser(
                        id: id, firstName: user["first_name"]?.stringValue ?? "User",
                        username: user["username"]?.stringValue, isBot: user["is_bot"]?.boolValue ?? false)
                }
            }
            for value in members.values { learn(from: value) }
        case .array(let items):
            for item in items { learn(from: item) }
        default:
            break
        }
    }

    // MARK: Requests and faults

    /// Records a request and takes the first scheduled fault for its method.
    mutating func record(method: String, parameters: [String: String], arrivedAt: Date) -> (
        Int, FakeFault?
    ) {
        let lowered = method.lowercased()
        var fault: FakeFault?
        if let index = faults.firstIndex(where: { $0.method == nil || $0.method == lowered }) {
            fault = faults.remove(at: index).fault
        }
        let sequence = requests.count
        requests.append(
            FakeRequest(
                sequence: sequence, method: method, parameters: parameters, arrivedAt: arrivedAt,
                fault: fault))
        return (sequence, fault)
    }

    mutating func finish(_ sequence: Int, with reply: APIReply) {
        guard requests.indices.contains(sequence) else { return }
        requests[sequence].statusCode = reply.status
        requests[sequence].errorDescription = reply.errorDescription
    }
}

/// An answer before HTTP framing: status, JSON body and, for errors, the description.
struct APIReply: Error, Equatable {
    var status: Int
    var body: String
    var errorDescription: String?

    static func ok(_ result: FakeJSON) -> APIReply {
        APIReply(status: 200, body: FakeJSON.object(["ok": true, "result": result]).jsonText)
    }

    static func error(_ code: Int, _ description: String, parameters: FakeJSON? = nil) -> APIReply {
        var members: [String: FakeJSON] = [
            "ok": false, "error_code": .int(Int64(code)), "description": .string(description),
        ]
        if let parameters { members["parameters"] = parameters }
        return APIReply(
            status: code, body: FakeJSON.object(members).jsonText, errorDescription: description)
    }

    static func badRequest(_ reason: String) -> APIReply { .error(400, "Bad Request: \(reason)") }
}
