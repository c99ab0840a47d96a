import ChatPlatform
import Foundation
import Logging
import TelegramBotAPI
import Timekeeping

/// Delivers the bot's messages through the Bot API: renders them, waits for the send throttle,
/// honours flood control and retries transient failures, and maps the rest to ``DeliveryError``.
///
/// - `retry_after`: the gate is told, then the send waits exactly that long and repeats.
/// - 5xx, transport failures, malformed responses: up to `maxTransientRetries` repeats with
///   exponential backoff (1, 2, 4… s, capped at 30 s), then ``DeliveryError/unavailable(reason:)``.
/// - blocked, kicked, chat not found → ``DeliveryError/chatUnavailable``; migrated →
///   ``DeliveryError/migrated(to:)``; any other refusal → ``DeliveryError/rejected(reason:)`` with
///   Telegram's description (never the message text).
/// - A message rendered as several parts is sent part by part, every part in the message's topic;
///   only the first replies to `replyTo`, and the returned id is the last part's.
/// - A forum topic that is gone (an admin deleted the topic scheduled posts go to) is refused as
///   "message thread not found": the message is posted in the chat's main thread instead, rather
///   than lost.
/// - A delivery for one person (``Destination/person``) goes to their private chat, which on
///   Telegram has the person's id (``privateChat(of:)``).
public struct TelegramPlatform: ChatAddressedPlatform {
    private let client: TelegramBotClient
    private let renderer: any TelegramRendering
    private let gate: any SendGate
    private let clock: any WallClock
    private let logger: Logger
    private let maxTransientRetries: Int
    private let maxFloodWaits: Int
    private let metrics: TelegramMetrics
    /// What Telegram is like for this bot (see ``profile(botUsername:)``).
    public let profile: PlatformProfile

    public init(
        client: TelegramBotClient, renderer: any TelegramRendering, gate: any SendGate, clock: any WallClock,
        logger: Logger = Logger(label: "roastbot.telegram.delivery"), maxTransientRetries: Int = 5, maxFloodWaits: Int = 10,
        metrics: TelegramMetrics = .disabled
    ) {
        self.metrics = metrics
        self.client = client
        self.renderer = renderer
        self.gate = gate
        self.clock = clock
        self.logger = logger
        self.maxTransientRetries = maxTransientRetries
        self.maxFloodWaits = maxFloodWaits
        self.profile = Self.profile(botUsername: renderer.botUsername)
    }

    /// A button press's callback query is answered once it was handled (with its notice as the toast),
    /// at once, outside the send throttle, and never repeated: a late answer is useless. Telegram sets
    /// no deadline to defer for.
    public func answer(_ interaction: Interaction, with answer: InteractionAnswer) async throws(DeliveryError) {
        guard case .handled(let notice, _) = answer else { return }
        try await acknowledge(buttonPress: interaction.handle, notice: notice)
    }

    public func send(_ message: OutgoingMessage, to chat: ChatID) async throws(DeliveryError) -> MessageID {
        let parts = try rendered(message)
        guard !parts.isEmpty else { throw .rejected(reason: "empty message") }
        var topic = message.topic
        var replyTo = message.replyTo
        var lastID: MessageID?
        var index = 0
        while index < parts.count {
            let part = parts[index]
            let client = client
            let (thread, reply) = (topic?.rawValue, index == 0 ? replyTo?.rawValue : nil)
            do {
                let sent = try await deliver("sendMessage", to: chat) { () async throws(TelegramError) -> SentMessage in
                    try await client.sendMessage(
                        chatID: chat.rawValue, text: part.html, parseMode: .html, replyMarkup: part.keyboard, messageThreadID: thread,
                        replyToMessageID: reply, disableNotification: message.silent)
                }
                lastID = MessageID(sent.messageID)
                index += 1
            } catch .rejected(let reason) where index == 0 && topic != nil && Self.isTopicGone(reason) {
                logger.notice("forum topic gone; posting in the main thread", metadata: ["chat": "\(chat)"])
                (topic, replyTo) = (nil, nil)
            }
        }
        guard let lastID else { throw .rejected(reason: "empty message") }
        return lastID
    }

    /// Uses the first rendered part's text and the last part's buttons: an edit is one message.
    /// Telegram's "message is not modified" counts as success.
    public func edit(_ message: MessageID, in chat: ChatID, to content: OutgoingMessage) async throws(DeliveryError) {
        let parts = try rendered(content)
        guard let first = parts.first else { throw .rejected(reason: "empty message") }
        let keyboard = parts.last?.keyboard
        let client = client
        try await deliver("editMessageText", to: chat) { () async throws(TelegramError) in
            do throws(TelegramError) {
                try await client.editMessageText(
                    chatID: chat.rawValue, messageID: message.rawValue, text: first.html, parseMode: .html, replyMarkup: keyboard)
            } catch  where error.isEditNotModified {
                return
            } catch {
                throw error
            }
        }
    }

    /// `editMessageReplyMarkup`: only the keyboard travels. Telegram's "message is not modified"
    /// counts as success.
    public func editButtons(_ message: MessageID, in chat: ChatID, to buttons: [[Button]]) async throws(DeliveryError) {
        let keyboard: InlineKeyboardMarkup?
        do {
            keyboard = try renderer.keyboard(buttons)
        } catch {
            logger.error("keyboard cannot be rendered for Telegram", metadata: ["error": "\(error)"])
            throw .rejected(reason: "unrenderable keyboard: \(error)")
        }
        let client = client
        try await deliver("editMessageReplyMarkup", to: chat) { () async throws(TelegramError) in
            do throws(TelegramError) {
                try await client.editMessageReplyMarkup(chatID: chat.rawValue, messageID: message.rawValue, replyMarkup: keyboard)
            } catch  where error.isEditNotModified {
                return
            } catch {
                throw error
            }
        }
    }

    public func sendDocument(_ document: OutgoingDocument, to chat: ChatID) async throws(DeliveryError) -> MessageID {
        let caption: String? =
            try document.caption.map { text throws(DeliveryError) in try rendered(OutgoingMessage(text: text)).first?.html } ?? nil
        let client = client
        var (topic, replyTo) = (document.topic, document.replyTo)
        while true {
            let (thread, reply) = (topic?.rawValue, replyTo?.rawValue)
            do {
                let sent = try await deliver("sendDocument", to: chat) { () async throws(TelegramError) -> SentMessage in
                    try await client.sendDocument(
                        chatID: chat.rawValue, filename: document.filename, data: document.contents, caption: caption,
                        parseMode: caption == nil ? nil : .html, messageThreadID: thread, replyToMessageID: reply)
                }
                return MessageID(sent.messageID)
            } catch .rejected(let reason) where topic != nil && Self.isTopicGone(reason) {
                logger.notice("forum topic gone; posting in the main thread", metadata: ["chat": "\(chat)"])
                (topic, replyTo) = (nil, nil)
            }
        }
    }

    /// `sendPhoto`: a PNG is uploaded, a stored photo sent by its `file_id`; the caption is cut to
    /// Telegram's 1,024 characters. The returned stored id is the largest stored size's `file_id`.
    public func sendPhoto(_ photo: OutgoingPhoto, to chat: ChatID) async throws(DeliveryError) -> Delivered {
        let (input, caption, keyboard) = try prepared(photo)
        let client = client
        var (topic, replyTo) = (photo.topic, photo.replyTo)
        while true {
            let (thread, reply) = (topic?.rawValue, replyTo?.rawValue)
            do {
                let sent = try await deliver("sendPhoto", to: chat) { () async throws(TelegramError) -> SentMessage in
                    try await client.sendPhoto(
                        chatID: chat.rawValue, photo: input, caption: caption, parseMode: caption == nil ? nil : .html,
                        replyMarkup: keyboard, messageThreadID: thread, replyToMessageID: reply)
                }
                return Delivered(message: MessageID(sent.messageID), storedPhoto: sent.largestPhoto.map { StoredPhotoID($0.fileID) })
            } catch .rejected(let reason) where topic != nil && Self.isTopicGone(reason) {
                logger.notice("forum topic gone; posting in the main thread", metadata: ["chat": "\(chat)"])
                (topic, replyTo) = (nil, nil)
            }
        }
    }

    /// `editMessageMedia`: the photo message `message` shows `photo` instead — a PNG uploaded, or a
    /// stored photo by its `file_id` (a card shown before is not uploaded again) — with its caption and
    /// buttons, where it is. The returned stored id is the new picture's largest size's `file_id`.
    /// Telegram's "message is not modified" (the same picture, caption and buttons: a press on the
    /// style a card shows) counts as success.
    public func editPhoto(_ message: MessageID, in chat: ChatID, to photo: OutgoingPhoto) async throws(DeliveryError) -> Delivered {
        let (input, caption, keyboard) = try prepared(photo)
        let client = client
        return try await deliver("editMessageMedia", to: chat) { () async throws(TelegramError) -> Delivered in
            do throws(TelegramError) {
                let edited = try await client.editMessageMedia(
                    chatID: chat.rawValue, messageID: message.rawValue, photo: input, caption: caption,
                    parseMode: caption == nil ? nil : .html, replyMarkup: keyboard)
                return Delivered(message: nil, storedPhoto: edited.largestPhoto.map { StoredPhotoID($0.fileID) })
            } catch  where error.isEditNotModified {
                return Delivered(message: nil)
            } catch {
                throw error
            }
        }
    }

    /// A photo as the Bot API takes it: the upload or the `file_id`, the caption as HTML cut to
    /// ``captionLimit``, the keyboard.
    private func prepared(_ photo: OutgoingPhoto) throws(DeliveryError) -> (InputPhoto, caption: String?, keyboard: InlineKeyboardMarkup?) {
        let caption: String? =
            try photo.caption.map { text throws(DeliveryError) in
                try rendered(OutgoingMessage(text: Self.captionSized(text))).first?.html
            } ?? nil
        let keyboard: InlineKeyboardMarkup?
        do {
            keyboard = try renderer.keyboard(photo.buttons)
        } catch {
            logger.error("keyboard cannot be rendered for Telegram", metadata: ["error": "\(error)"])
            throw .rejected(reason: "unrenderable keyboard: \(error)")
        }
        switch photo.image {
        case .png(let bytes): return (.upload(filename: "roastmelater.png", data: bytes), caption, keyboard)
        case .stored(let stored): return (.fileID(stored.rawValue), caption, keyboard)
        }
    }

    /// `text` cut to ``captionLimit`` characters of visible text (a caption is never split).
    static func captionSized(_ text: RichText) -> RichText {
        guard text.plainText.utf16.count > captionLimit else { return text }
        return RichText(plain: String(text.plainText.prefix(captionLimit - 1)) + "…")
    }

    /// `answerCallbackQuery`.
    func acknowledge(buttonPress callbackID: String, notice: String?) async throws(DeliveryError) {
        do {
            try await client.answerCallbackQuery(id: callbackID, text: notice)
            metrics.request("answerCallbackQuery", .ok)
        } catch {
            metrics.request("answerCallbackQuery", failedWith: error)
            if Task.isCancelled { throw .cancelled }
            switch error {
            case .network(.cancelled): throw .cancelled
            case let error where error.isRetryable: throw .unavailable(reason: error.description)
            default: throw decision(for: error)
            }
        }
    }

    // MARK: Helpers

    /// Telegram's refusal of a forum topic that no longer exists (deleted, or the chat's forum turned off).
    static func isTopicGone(_ reason: String) -> Bool {
        reason.contains("message thread not found")
    }

    /// Renders, turning a payload the platform would refuse (callback data over 64 bytes…) into a
    /// rejection: it is a programming error, never silently truncated.
    private func rendered(_ message: OutgoingMessage) throws(DeliveryError) -> [TelegramRenderedPart] {
        do {
            return try renderer.render(message)
        } catch {
            logger.error("message cannot be rendered for Telegram", metadata: ["error": "\(error)"])
            throw .rejected(reason: "unrenderable message: \(error)")
        }
    }

    /// Runs `operation` through the gate, repeating it after flood control and transient failures.
    ///
    /// Cancellation (shutdown) interrupts waiting for the throttle or between retries, but never a
    /// request already on its way: its outcome is awaited, so a message Telegram accepted is reported
    /// as sent and does not stay queued to be sent again.
    private func deliver<Result: Sendable>(
        _ method: String, to chat: ChatID, _ operation: @escaping @Sendable () async throws(TelegramError) -> Result
    ) async throws(DeliveryError) -> Result {
        var transientFailures = 0
        var floodWaits = 0
        while true {
            do {
                try await gate.acquire(chat: chat, isGroup: chat.rawValue < 0)
            } catch {
                throw .cancelled
            }
            let attempt = await Task { () async -> Swift.Result<Result, TelegramError> in
                do throws(TelegramError) {
                    return .success(try await operation())
                } catch {
                    return .failure(error)
                }
            }.value
            let error: TelegramError
            switch attempt {
            case .success(let value):
                metrics.request(method, .ok)
                return value
            case .failure(let failure):
                metrics.request(method, failedWith: failure)
                error = failure
            }
            if Task.isCancelled { throw .cancelled }

            let delay: Double
            switch error {
            case .retryAfter(let seconds):
                floodWaits += 1
                guard floodWaits <= maxFloodWaits else { throw .unavailable(reason: "flood control persists") }
                await gate.backOff(chat: chat, seconds: seconds)
                delay = Double(seconds)
                logger.warning("flood control", metadata: ["chat": "\(chat)", "retry_after": "\(seconds)"])
            case .network(.cancelled):
                throw .cancelled
            case let error where error.isRetryable:
                transientFailures += 1
                guard transientFailures <= maxTransientRetries else {
                    throw .unavailable(reason: error.description)
                }
                delay = min(30, pow(2, Double(transientFailures - 1)))
                logger.warning(
                    "send failed; retrying",
                    metadata: ["chat": "\(chat)", "error": "\(error)", "attempt": "\(transientFailures)"])
            default:
                throw decision(for: error)
            }
            do {
                try await clock.sleep(for: delay)
            } catch {
                throw .cancelled
            }
        }
    }

    /// The outcome the bot must act on for a failure that repeating will not fix.
    private func decision(for error: TelegramError) -> DeliveryError {
        switch error {
        case .migrated(let chatID): return .migrated(to: ChatID(chatID))
        case let error where error.isChatUnavailable: return .chatUnavailable
        case let error where error.isUnauthorized: return .unavailable(reason: "Telegram refused the bot token")
        case .api(_, let description): return .rejected(reason: description)
        case .retryAfter, .conflict, .network, .invalidResponse: return .unavailable(reason: error.description)
        }
    }
}

/// Turns a neutral message into Telegram HTML. A long message may become several parts; only the
/// last part carries the keyboard.
public protocol TelegramRendering: Sendable {
    func render(_ message: OutgoingMessage) throws(RenderingError) -> [TelegramRenderedPart]
    /// The inline keyboard of `buttons` alone (nil without any), for an edit of a message's buttons.
    func keyboard(_ buttons: [[Button]]) throws(RenderingError) -> InlineKeyboardMarkup?
    /// The bot's username, for buttons that open a private chat with it (`t.me/<bot>?start=…`).
    var botUsername: String? { get }
}

extension TelegramRendering {
    public var botUsername: String? { nil }

    /// Callback buttons, each payload checked against Telegram's limit, and deep-link buttons to the
    /// bot's private chat; empty rows left out.
    public func keyboard(_ buttons: [[Button]]) throws(RenderingError) -> InlineKeyboardMarkup? {
        try CallbackData.validate(buttons)
        let rows = buttons.filter { !$0.isEmpty }
        guard !rows.isEmpty else { return nil }
        var keyboard: [[InlineKeyboardButton]] = []
        for row in rows {
            var rendered: [InlineKeyboardButton] = []
            for button in row {
                if let start = button.startsPrivateChat {
                    guard let username = botUsername, !username.isEmpty else { throw .unknownBotUsername }
                    rendered.append(InlineKeyboardButton(text: button.label, url: "https://t.me/\(username)?start=\(start)"))
                } else {
                    rendered.append(.callback(button.label, data: button.data))
                }
            }
            keyboard.append(rendered)
        }
        return InlineKeyboardMarkup(inlineKeyboard: keyboard)
    }
}

/// One Telegram message's worth of rendered text.
public struct TelegramRenderedPart: Sendable, Hashable {
    /// Text in Telegram's HTML parse mode, already escaped.
    public var html: String
    public var keyboard: InlineKeyboardMarkup?

    public init(html: String, keyboard: InlineKeyboardMarkup? = nil) {
        self.html = html
        self.keyboard = keyboard
    }
}

/// The send throttle: admits one send at a time per its limits and learns from flood control.
public protocol SendGate: Sendable {
    /// Suspends until a send to `chat` is allowed; throws when the calling task is cancelled.
    func acquire(chat: ChatID, isGroup: Bool) async throws
    /// Telegram said to wait `seconds` (for `chat`, or for everything when nil).
    func backOff(chat: ChatID?, seconds: Int) async
}
