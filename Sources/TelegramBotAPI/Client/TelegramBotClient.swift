import APIDecoding
import CurlHTTP
import Foundation

/// The Bot API methods the bot uses, over an ``HTTPClient``. No bot logic, no logging of texts.
///
/// Every method throws ``TelegramError``; none of its descriptions contains the token.
/// <https://core.telegram.org/bots/api#making-requests>
public struct TelegramBotClient: Sendable {
    public let baseURL: String
    /// Whole-request deadline for every method except `getUpdates`.
    public let requestTimeout: Double
    /// Connection-phase deadline for every method.
    public let connectTimeout: Double = 10

    let token: BotToken
    let http: any HTTPClient

    /// - Parameter baseURL: Telegram's (default) or a self-hosted Bot API server, without `/bot…`.
    public init(token: BotToken, baseURL: String = "https://api.telegram.org", http: any HTTPClient, requestTimeout: Double = 15) {
        self.token = token
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        self.baseURL = base
        self.http = http
        self.requestTimeout = requestTimeout
    }

    // MARK: Methods

    /// The bot's own account. <https://core.telegram.org/bots/api#getme>
    public func getMe() async throws(TelegramError) -> User {
        try await call("getMe", json: Empty())
    }

    /// Long-polls for updates. The HTTP deadline is `timeout + 15` s so that an empty long poll
    /// ends on Telegram's side first. An update whose payload fails to decode comes back as
    /// ``Update/Kind/unsupported(_:)``; the batch never fails because of one update.
    /// <https://core.telegram.org/bots/api#getupdates>
    public func getUpdates(
        offset: Int64?, limit: Int? = nil, timeout: Int, allowedUpdates: [String]? = nil
    ) async throws(TelegramError) -> [Update] {
        let body = GetUpdatesBody(offset: offset, limit: limit, timeout: timeout, allowedUpdates: allowedUpdates)
        let batch: LossyArray<Update> = try await call("getUpdates", json: body, timeout: Double(timeout) + 15)
        return batch.elements
    }

    /// Removes a webhook so that `getUpdates` works. <https://core.telegram.org/bots/api#deletewebhook>
    public func deleteWebhook(dropPendingUpdates: Bool = false) async throws(TelegramError) {
        let _: Ignored = try await call("deleteWebhook", json: DeleteWebhookBody(dropPendingUpdates: dropPendingUpdates))
    }

    /// Asks Telegram to deliver updates by HTTPS POST to `url`, each carrying `secretToken` in the
    /// `X-Telegram-Bot-Api-Secret-Token` header, at most `maxConnections` at a time (1–100).
    /// Pending updates are kept unless `dropPendingUpdates`. <https://core.telegram.org/bots/api#setwebhook>
    public func setWebhook(
        url: String, secretToken: String, allowedUpdates: [String], maxConnections: Int, dropPendingUpdates: Bool = false
    ) async throws(TelegramError) {
        let body = SetWebhookBody(
            url: url, secretToken: secretToken, allowedUpdates: allowedUpdates, maxConnections: maxConnections,
            dropPendingUpdates: dropPendingUpdates)
        let _: Ignored = try await call("setWebhook", json: body)
    }

    /// The webhook Telegram has for the bot. <https://core.telegram.org/bots/api#getwebhookinfo>
    public func getWebhookInfo() async throws(TelegramError) -> WebhookInfo {
        try await call("getWebhookInfo", json: Empty())
    }

    /// Posts a text message, in forum topic `messageThreadID` when given. A reply to a message that no
    /// longer exists is sent as a plain message (in the same topic).
    /// <https://core.telegram.org/bots/api#sendmessage>
    public func sendMessage(
        chatID: Int64, text: String, parseMode: ParseMode? = .html, replyMarkup: InlineKeyboardMarkup? = nil,
        messageThreadID: Int64? = nil, replyToMessageID: Int64? = nil, disableNotification: Bool = false, linkPreviewDisabled: Bool = true
    ) async throws(TelegramError) -> SentMessage {
        let body = SendMessageBody(
            chatID: chatID, messageThreadID: messageThreadID, text: text, parseMode: parseMode, replyMarkup: replyMarkup,
            replyParameters: replyToMessageID.map { ReplyParameters(messageID: $0, allowSendingWithoutReply: true) },
            disableNotification: disableNotification ? true : nil,
            linkPreviewOptions: linkPreviewDisabled ? LinkPreviewOptions(isDisabled: true) : nil)
        return try await call("sendMessage", json: body)
    }

    /// Replaces a message's text (and buttons: `nil` removes them).
    /// <https://core.telegram.org/bots/api#editmessagetext>
    public func editMessageText(
        chatID: Int64, messageID: Int64, text: String, parseMode: ParseMode? = .html,
        replyMarkup: InlineKeyboardMarkup? = nil, linkPreviewDisabled: Bool = true
    ) async throws(TelegramError) {
        let body = EditMessageTextBody(
            chatID: chatID, messageID: messageID, text: text, parseMode: parseMode, replyMarkup: replyMarkup,
            linkPreviewOptions: linkPreviewDisabled ? LinkPreviewOptions(isDisabled: true) : nil)
        let _: Ignored = try await call("editMessageText", json: body)
    }

    /// Replaces a message's buttons only (`nil` removes them).
    /// <https://core.telegram.org/bots/api#editmessagereplymarkup>
    public func editMessageReplyMarkup(
        chatID: Int64, messageID: Int64, replyMarkup: InlineKeyboardMarkup?
    ) async throws(TelegramError) {
        let body = EditMessageReplyMarkupBody(chatID: chatID, messageID: messageID, replyMarkup: replyMarkup)
        let _: Ignored = try await call("editMessageReplyMarkup", json: body)
    }

    /// Stops the button's spinner, optionally showing a notice (or an alert) to the presser.
    /// <https://core.telegram.org/bots/api#answercallbackquery>
    public func answerCallbackQuery(id: String, text: String? = nil, showAlert: Bool = false) async throws(TelegramError) {
        let body = AnswerCallbackQueryBody(callbackQueryID: id, text: text, showAlert: showAlert ? true : nil)
        let _: Ignored = try await call("answerCallbackQuery", json: body)
    }

    /// Sets the command menu for a scope and language. <https://core.telegram.org/bots/api#setmycommands>
    public func setMyCommands(
        _ commands: [BotCommand], scope: BotCommandScope? = nil, languageCode: String? = nil
    ) async throws(TelegramError) {
        let body = SetMyCommandsBody(commands: commands, scope: scope, languageCode: languageCode)
        let _: Ignored = try await call("setMyCommands", json: body)
    }

    /// A user's membership in a chat. <https://core.telegram.org/bots/api#getchatmember>
    public func getChatMember(chatID: Int64, userID: Int64) async throws(TelegramError) -> ChatMember {
        try await call("getChatMember", json: GetChatMemberBody(chatID: chatID, userID: userID))
    }

    /// Answers an inline query. <https://core.telegram.org/bots/api#answerinlinequery>
    public func answerInlineQuery(
        id: String, results: [InlineQueryResult], cacheTime: Int? = nil, isPersonal: Bool = false
    ) async throws(TelegramError) {
        let body = AnswerInlineQueryBody(
            inlineQueryID: id, results: results, cacheTime: cacheTime, isPersonal: isPersonal ? true : nil)
        let _: Ignored = try await call("answerInlineQuery", json: body)
    }

    /// Uploads a file as `multipart/form-data`, in forum topic `messageThreadID` when given, as a reply
    /// to `replyToMessageID` (sent anyway if that message is gone).
    /// <https://core.telegram.org/bots/api#senddocument>
    public func sendDocument(
        chatID: Int64, filename: String, data: [UInt8], caption: String? = nil, parseMode: ParseMode? = nil,
        messageThreadID: Int64? = nil, replyToMessageID: Int64? = nil
    ) async throws(TelegramError) -> SentMessage {
        var form = MultipartForm()
        form.addField("chat_id", String(chatID))
        if let messageThreadID { form.addField("message_thread_id", String(messageThreadID)) }
        if let replyToMessageID,
            let parameters = try? Self.encoder.encode(ReplyParameters(messageID: replyToMessageID, allowSendingWithoutReply: true))
        {
            form.addField("reply_parameters", String(decoding: parameters, as: UTF8.self))
        }
        if let caption {
            form.addField("caption", caption)
            if let parseMode { form.addField("parse_mode", parseMode.rawValue) }
        }
        form.addFile("document", filename: filename, contentType: "application/octet-stream", data: data)
        let request = HTTPRequest(
            method: .post, url: url("sendDocument"), headers: [("Content-Type", form.contentType)], body: form.finished,
            timeout: max(requestTimeout, 60), connectTimeout: connectTimeout)
        return try await send(request)
    }

    /// Posts a photo: an upload as `multipart/form-data`, or a stored `file_id` as JSON. In forum topic
    /// `messageThreadID` when given, as a reply to `replyToMessageID` (sent anyway if that message is
    /// gone). The returned message lists the stored sizes (``SentMessage/largestPhoto``).
    /// <https://core.telegram.org/bots/api#sendphoto>
    public func sendPhoto(
        chatID: Int64, photo: InputPhoto, caption: String? = nil, parseMode: ParseMode? = nil, replyMarkup: InlineKeyboardMarkup? = nil,
        messageThreadID: Int64? = nil, replyToMessageID: Int64? = nil
    ) async throws(TelegramError) -> SentMessage {
        let replyParameters = replyToMessageID.map { ReplyParameters(messageID: $0, allowSendingWithoutReply: true) }
        switch photo {
        case .fileID(let fileID):
            let body = SendPhotoBody(
                chatID: chatID, messageThreadID: messageThreadID, photo: fileID, caption: caption,
                parseMode: caption == nil ? nil : parseMode,
                replyMarkup: replyMarkup, replyParameters: replyParameters)
            return try await call("sendPhoto", json: body)
        case .upload(let filename, let data):
            var form = MultipartForm()
            form.addField("chat_id", String(chatID))
            if let messageThreadID { form.addField("message_thread_id", String(messageThreadID)) }
            if let replyParameters, let encoded = try? Self.encoder.encode(replyParameters) {
                form.addField("reply_parameters", String(decoding: encoded, as: UTF8.self))
            }
            if let caption {
                form.addField("caption", caption)
                if let parseMode { form.addField("parse_mode", parseMode.rawValue) }
            }
            if let replyMarkup, let encoded = try? Self.encoder.encode(replyMarkup) {
                form.addField("reply_markup", String(decoding: encoded, as: UTF8.self))
            }
            form.addFile("photo", filename: filename, contentType: "image/png", data: data)
            let request = HTTPRequest(
                method: .post, url: url("sendPhoto"), headers: [("Content-Type", form.contentType)], body: form.finished,
                timeout: max(requestTimeout, 60), connectTimeout: connectTimeout)
            return try await send(request)
        }
    }

    /// Replaces the photo of a photo message, with its caption and buttons (`nil` removes them): an
    /// upload as `multipart/form-data` (the `InputMediaPhoto` names it `attach://card`), or a stored
    /// `file_id` as JSON. The returned message lists the new photo's stored sizes
    /// (``SentMessage/largestPhoto``). <https://core.telegram.org/bots/api#editmessagemedia>
    public func editMessageMedia(
        chatID: Int64, messageID: Int64, photo: InputPhoto, caption: String? = nil, parseMode: ParseMode? = nil,
        replyMarkup: InlineKeyboardMarkup? = nil
    ) async throws(TelegramError) -> SentMessage {
        var media = InputMediaPhotoBody(media: "", caption: caption, parseMode: caption == nil ? nil : parseMode)
        switch photo {
        case .fileID(let fileID):
            media.media = fileID
            let body = EditMessageMediaBody(chatID: chatID, messageID: messageID, media: media, replyMarkup: replyMarkup)
            return try await call("editMessageMedia", json: body)
        case .upload(let filename, let data):
            let part = "card"
            media.media = "attach://" + part
            var form = MultipartForm()
            form.addField("chat_id", String(chatID))
            form.addField("message_id", String(messageID))
            guard let encoded = try? Self.encoder.encode(media) else {
                throw .invalidResponse("could not encode the editMessageMedia request")
            }
            form.addField("media", String(decoding: encoded, as: UTF8.self))
            if let replyMarkup, let encoded = try? Self.encoder.encode(replyMarkup) {
                form.addField("reply_markup", String(decoding: encoded, as: UTF8.self))
            }
            form.addFile(part, filename: filename, contentType: "image/png", data: data)
            let request = HTTPRequest(
                method: .post, url: url("editMessageMedia"), headers: [("Content-Type", form.contentType)], body: form.finished,
                timeout: max(requestTimeout, 60), connectTimeout: connectTimeout)
            return try await send(request)
        }
    }

    // MARK: Transport

    /// Calls `method` with a JSON body and decodes its `result`.
    func call<Result: Decodable>(
        _ method: String, json body: some Encodable, timeout: Double? = nil
    ) async throws(TelegramError) -> Result {
        let encoded: Data
        do {
            encoded = try Self.encoder.encode(body)
        } catch {
            throw .invalidResponse("could not encode the \(method) request")
        }
        return try await send(jsonRequest(method, body: Array(encoded), timeout: timeout))
    }

    /// Calls `method` with a body that writes its own JSON (the methods called for nearly every
    /// update), and decodes its `result`.
    func call<Result: Decodable>(
        _ method: String, json body: some JSONBody, timeout: Double? = nil
    ) async throws(TelegramError) -> Result {
        try await send(jsonRequest(method, body: body.jsonBytes, timeout: timeout))
    }

    private func jsonRequest(_ method: String, body: [UInt8], timeout: Double?) -> HTTPRequest {
        HTTPRequest(
            method: .post, url: url(method), headers: [("Content-Type", "application/json")], body: body,
            timeout: timeout ?? requestTimeout, connectTimeout: connectTimeout)
    }

    func send<Result: Decodable>(_ request: HTTPRequest) async throws(TelegramError) -> Result {
        let response: HTTPResponse
        do {
            response = try await http.send(request)
        } catch {
            throw .network(scrubbed(error))
        }
        return try decodeResponse(response)
    }

    /// Turns an HTTP response into the method's result or the error it stands for, in one pass:
    /// read straight from the bytes (``JSONReader``) for the results the bot gets on every update,
    /// decoded with `JSONDecoder` for the others and for any body the reader cannot read exactly.
    func decodeResponse<Result: Decodable>(_ response: HTTPResponse) throws(TelegramError) -> Result {
        let decoded: APIResponse<Result>
        if let read = APIResponse<Result>.read(response.body) {
            decoded = read
        } else {
            decoded = try decodeWithFoundation(response)
        }
        return try result(of: decoded, status: response.status)
    }

    /// The frame and result as `JSONDecoder` decodes them; the reference the fast reader matches.
    func decodeWithFoundation<Result: Decodable>(_ response: HTTPResponse) throws(TelegramError) -> APIResponse<Result> {
        do {
            return try Self.decoder.decode(APIResponse<Result>.self, from: Data(response.body))
        } catch {
            if response.status >= 400 { throw .api(code: response.status, description: "HTTP \(response.status)") }
            throw .invalidResponse("HTTP \(response.status) with a body that is not Bot API JSON (\(response.body.count) bytes)")
        }
    }

    /// The result of a response whose frame was read, or the error the frame stands for.
    func result<Result>(of decoded: APIResponse<Result>, status: Int) throws(TelegramError) -> Result {
        guard decoded.ok else { throw self.error(from: decoded, status: status) }
        switch decoded.result {
        case .success(let result):
            return result
        case .failure(let error as DecodingError):
            throw .invalidResponse("unexpected result: \(error.safeSummary())")
        case .failure, nil:
            throw .invalidResponse("unexpected result")
        }
    }

    private func error<Result>(from envelope: APIResponse<Result>, status: Int) -> TelegramError {
        let code = envelope.errorCode ?? status
        let description = token.scrub(envelope.description ?? "HTTP \(status)")
        if let seconds = envelope.parameters?.retryAfter { return .retryAfter(seconds: max(seconds, 0)) }
        if let chatID = envelope.parameters?.migrateToChatID { return .migrated(to: chatID) }
        switch code {
        case 409: return .conflict(description)
        case 429: return .retryAfter(seconds: 1)
        default: return .api(code: code, description: description)
        }
    }

    private func scrubbed(_ error: HTTPError) -> HTTPError {
        switch error {
        case .tls(let message): .tls(token.scrub(message))
        case .connectionLost(let message): .connectionLost(token.scrub(message))
        case .invalidRequest(let message): .invalidRequest(token.scrub(message))
        case .other(let code, let message): .other(code: code, message: token.scrub(message))
        case .timedOut, .connectionRefused, .dnsFailure, .cancelled, .responseTooLarge: error
        }
    }

    private func url(_ method: String) -> String { "\(baseURL)/bot\(token.secret)/\(method)" }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    private static let decoder = JSONDecoder()
}

extension TelegramBotClient: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "TelegramBotClient(\(baseURL), token: <redacted>)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["baseURL": baseURL], displayStyle: .struct) }
}
