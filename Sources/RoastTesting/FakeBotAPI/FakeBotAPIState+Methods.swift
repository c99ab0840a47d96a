import Foundation

/// The bot-side Bot API methods (all but getUpdates, which waits), validated the way Telegram does.
extension FakeBotAPIState {
    /// Applies one method call; `monotonicSeconds` feeds the rate limiter.
    mutating func perform(
        method: String, _ parameters: RequestParameters, now: Date, monotonicSeconds: Double
    )
        -> APIReply
    {
        switch method.lowercased() {
        case "getme": return .ok(botJSON)
        case "sendmessage": return sendMessage(parameters, now: now, monotonic: monotonicSeconds)
        case "senddocument": return sendDocument(parameters, now: now, monotonic: monotonicSeconds)
        case "sendphoto": return sendPhoto(parameters, now: now, monotonic: monotonicSeconds)
        case "editmessagetext":
            return editMessage(parameters, textToo: true, now: now, monotonic: monotonicSeconds)
        case "editmessagereplymarkup":
            return editMessage(parameters, textToo: false, now: now, monotonic: monotonicSeconds)
        case "editmessagemedia": return editMessageMedia(parameters, now: now, monotonic: monotonicSeconds)
        case "deletemessage": return deleteMessage(parameters)
        case "answercallbackquery": return answerCallbackQuery(parameters)
        case "answerinlinequery": return answerInlineQuery(parameters)
        case "setmycommands": return setMyCommands(parameters)
        case "getmycommands": return getMyCommands(parameters)
        case "deletemycommands": return deleteMyCommands(parameters)
        case "getchatmember": return getChatMember(parameters)
        case "getchat":
            return knownChat(parameters).map { .ok($0.json) } ?? .badRequest("chat not found")
        case "sendchataction": return sendChatAction(parameters)
        case "deletewebhook":
            webhookForced = false
            webhook = nil
            if parameters.bool("drop_pending_updates") == true {
                queue.removeAll()
                confirmedOffset = nextUpdateID
            }
            return .ok(true)
        case "setwebhook":
            return setWebhook(parameters)
        case "getwebhookinfo":
            var info: [String: FakeJSON] = [
                "url": .string(webhook?.url ?? ""), "has_custom_certificate": false, "pending_update_count": .int(Int64(queue.count)),
            ]
            if let webhook {
                info["max_connections"] = .int(Int64(webhook.maxConnections))
                if let allowed = webhook.allowedUpdates { info["allowed_updates"] = .array(allowed.sorted().map { .string($0) }) }
            }
            if let error = webhookLastError {
                info["last_error_date"] = .int(error.date)
                info["last_error_message"] = .string(error.message)
            }
            return .ok(.object(info))
        default:
            return .error(404, "Not Found")
        }
    }

    var botJSON: FakeJSON {
        guard case .object(var members) = bot.json else { return bot.json }
        members["is_bot"] = true
        members["can_join_groups"] = .bool(canJoinGroups)
        members["can_read_all_group_messages"] = .bool(canReadAllGroupMessages)
        members["supports_inline_queries"] = .bool(supportsInlineQueries)
        return .object(members)
    }

    /// The bot as `from` of its messages: a plain User, without getMe's capability fields.
    var botAsSender: FakeJSON {
        var sender = bot
        sender.isBot = true
        return sender.json
    }

    // MARK: Sending

    private mutating func sendMessage(_ parameters: RequestParameters, now: Date, monotonic: Double)
        -> APIReply
    {
        let target: FakeChat
        switch sendableChat(parameters) {
        case .success(let chat): target = chat
        case .failure(let reply): return reply
        }
        let message: FakeSentMessage
        switch post(parameters, to: target, text: "text", limit: 4096, now: now, monotonic: monotonic) {
        case .success(let value): message = value
        case .failure(let reply): return reply
        }
        return .ok(messageJSON(message, extra: ["text": .string(message.text)]))
    }

    /// What every send method checks and records alike: the text or caption (`text` names the
    /// parameter, at most `limit` characters after parsing), the keyboard, the message replied to
    /// (it must exist unless sending without it is allowed), the topic, the rate limits; then the
    /// message is stored. `documentFilename` marks a document.
    private mutating func post(
        _ parameters: RequestParameters, to target: FakeChat, text: String, limit: Int, documentFilename: String? = nil, now: Date,
        monotonic: Double
    ) -> Result<FakeSentMessage, APIReply> {
        let parseMode = parameters.string("parse_mode")
        let rendered: (plain: String, html: String?)
        let isCaption = text == "caption"
        switch Self.render(
            isCaption ? parameters.string(text) ?? "" : parameters.string(text), parseMode: parseMode, limit: limit, allowEmpty: isCaption)
        {
        case .success(let value): rendered = value
        case .failure(let reply): return .failure(reply)
        }
        let markup: (buttons: [[FakeButton]], inline: FakeJSON?)
        switch Self.parseMarkup(parameters.json("reply_markup")) {
        case .success(let value): markup = value
        case .failure(let reply): return .failure(reply)
        }
        let replyTo =
            parameters.int("reply_to_message_id")
            ?? parameters.json("reply_parameters")?["message_id"]?.intValue
        if let replyTo, !knownMessages.contains(MessageKey(chatID: target.id, messageID: replyTo)),
            parameters.bool("allow_sending_without_reply") != true,
            parameters.json("reply_parameters")?["allow_sending_without_reply"]?.boolValue != true
        {
            return .failure(.badRequest("message to be replied not found"))
        }
        let thread: Int64?
        switch self.thread(parameters, chat: target, replyTo: replyTo) {
        case .success(let value): thread = value
        case .failure(let reply): return .failure(reply)
        }
        if let reply = admit(chat: target, countsGlobally: true, monotonic: monotonic) { return .failure(reply) }
        let message = FakeSentMessage(
            messageID: allocateMessageID(in: target.id), chatID: target.id, text: rendered.plain, html: rendered.html, parseMode: parseMode,
            buttons: markup.buttons, replyToMessageID: replyTo, messageThreadID: thread, date: now, editDate: nil, edits: [],
            isDeleted: false, documentFilename: documentFilename)
        store(message, markup: markup.inline)
        return .success(message)
    }

    private mutating func sendDocument(_ parameters: RequestParameters, now: Date, monotonic: Double)
        -> APIReply
    {
        let target: FakeChat
        switch sendableChat(parameters) {
        case .success(let chat): target = chat
        case .failure(let reply): return reply
        }
        let file = parameters.files["document"]
        let reference = parameters.string("document")
        guard file != nil || !(reference ?? "").isEmpty else {
            return .badRequest("there is no document in the request")
        }
        let message: FakeSentMessage
        switch post(
            parameters, to: target, text: "caption", limit: 1024, documentFilename: file?.filename, now: now, monotonic: monotonic)
        {
        case .success(let value): message = value
        case .failure(let reply): return reply
        }
        let caption = (plain: message.text, html: message.html)
        documents.append(
            FakeDocument(
                chatID: target.id, messageID: message.messageID, filename: file?.filename,
                contentType: file?.contentType, contents: file?.contents ?? Data(),
                caption: caption.plain.isEmpty ? nil : caption.plain))
        var document: [String: FakeJSON] = [
            "file_id": .string("doc-\(target.id)-\(message.messageID)"),
            "file_unique_id": .string("u\(target.id)\(message.messageID)"),
            "file_size": .int(Int64(file?.contents.count ?? 0)),
        ]
        if let file {
            document["file_name"] = .string(file.filename)
            document["mime_type"] = .string(file.contentType ?? "application/octet-stream")
        }
        var extra: [String: FakeJSON] = ["document": .object(document)]
        if !caption.plain.isEmpty { extra["caption"] = .string(caption.plain) }
        return .ok(messageJSON(message, extra: extra))
    }

    /// Telegram's rules for a photo: an upload of at most 10 MB that is an image (this fake reads PNG
    /// only), or a file id it issued before; a caption of at most 1,024 characters. The answer lists
    /// three sizes, each with a file id of its own, the largest being the image itself.
    private mutating func sendPhoto(_ parameters: RequestParameters, now: Date, monotonic: Double) -> APIReply {
        let target: FakeChat
        switch sendableChat(parameters) {
        case .success(let chat): target = chat
        case .failure(let reply): return reply
        }
        let file = parameters.files["photo"]
        let reference = parameters.string("photo")
        let sizes: [FakePhotoSize]?
        if let file {
            guard file.contents.count <= 10 << 20 else { return .badRequest("file is too big") }
            guard let (width, height) = Self.pngSize(file.contents) else { return .badRequest("IMAGE_PROCESS_FAILED") }
            guard width + height <= 10_000, max(width, height) <= 20 * min(width, height) else {
                return .badRequest("PHOTO_INVALID_DIMENSIONS")
            }
            sizes = nil
        } else if let reference, !reference.isEmpty {
            guard let known = storedPhotos[reference] else { return .badRequest("wrong file identifier/HTTP URL specified") }
            sizes = known
        } else {
            return .badRequest("there is no photo in the request")
        }
        let message: FakeSentMessage
        switch post(parameters, to: target, text: "caption", limit: 1024, now: now, monotonic: monotonic) {
        case .success(let value): message = value
        case .failure(let reply): return reply
        }
        let caption = (plain: message.text, html: message.html)
        let (replyTo, thread) = (message.replyToMessageID, message.messageThreadID)
        let photoSizes = sizes ?? storePhoto(file?.contents ?? Data())
        let largest = photoSizes[photoSizes.count - 1]
        if let index = sentIndex[MessageKey(chatID: target.id, messageID: message.messageID)] {
            sent[index].photoFileID = largest.fileID
        }
        photos.append(
            FakePhoto(
                chatID: target.id, messageID: message.messageID, uploaded: file?.contents, sentByFileID: file == nil ? reference : nil,
                fileID: largest.fileID, width: largest.width, height: largest.height, caption: caption.plain.isEmpty ? nil : caption.plain,
                messageThreadID: thread, replyToMessageID: replyTo))
        var extra: [String: FakeJSON] = ["photo": .array(photoSizes.map(\.json))]
        if !caption.plain.isEmpty { extra["caption"] = .string(caption.plain) }
        return .ok(messageJSON(message, extra: extra))
    }

    /// Stores an uploaded image as Telegram does: three sizes, each with a file id of its own, the
    /// largest being the image itself; returns them, smallest first.
    private mutating func storePhoto(_ contents: Data) -> [FakePhotoSize] {
        let (width, height) = Self.pngSize(contents) ?? (0, 0)
        let number = storedPhotos.count + 1
        let sizes =
            [90, 320].map { side in
                let scale = Double(side) / Double(max(width, height))
                return FakePhotoSize(
                    fileID: "photo-\(number)-\(side)", width: Int(Double(width) * scale), height: Int(Double(height) * scale),
                    fileSize: side * 40)
            } + [FakePhotoSize(fileID: "photo-\(number)", width: width, height: height, fileSize: contents.count)]
        for size in sizes { storedPhotos[size.fileID] = sizes }
        return sizes
    }

    /// Telegram's rules for replacing a photo message's picture: `media` is an `InputMediaPhoto` (JSON,
    /// also as a form field) whose `media` is `attach://<name>` of a PNG uploaded in the same request
    /// under that name, or a file id the fake issued; its caption (with its `parse_mode`) replaces the
    /// message's, `reply_markup` its buttons. Only photo messages of the bot are edited here; the same
    /// picture with the same caption and buttons is "message is not modified", as for any edit.
    private mutating func editMessageMedia(_ parameters: RequestParameters, now: Date, monotonic: Double) -> APIReply {
        guard parameters.string("inline_message_id") == nil else { return .badRequest("message to edit not found") }
        let target: FakeChat
        let key: MessageKey
        switch targetMessage(parameters) {
        case .success(let found): (target, key) = found
        case .failure(let reply): return reply
        }
        guard let media = parameters.json("media"), media.objectValue != nil else {
            return .badRequest("can't parse InputMedia JSON object")
        }
        guard media["type"]?.stringValue == "photo" else { return .badRequest("can't parse InputMedia: unsupported type") }
        guard let reference = media["media"]?.stringValue, !reference.isEmpty else {
            return .badRequest("there is no media in the request")
        }
        var upload: RequestParameters.UploadedFile?
        var sizes: [FakePhotoSize]?
        if reference.hasPrefix("attach://") {
            guard let file = parameters.files[String(reference.dropFirst("attach://".count))] else {
                return .badRequest("wrong HTTP URL specified")
            }
            guard file.contents.count <= 10 << 20 else { return .badRequest("file is too big") }
            guard let (width, height) = Self.pngSize(file.contents) else { return .badRequest("IMAGE_PROCESS_FAILED") }
            guard width + height <= 10_000, max(width, height) <= 20 * min(width, height) else {
                return .badRequest("PHOTO_INVALID_DIMENSIONS")
            }
            upload = file
        } else {
            guard let known = storedPhotos[reference] else { return .badRequest("wrong file identifier/HTTP URL specified") }
            sizes = known
        }
        let caption: (plain: String, html: String?)
        switch Self.render(media["caption"]?.stringValue ?? "", parseMode: media["parse_mode"]?.stringValue, limit: 1024, allowEmpty: true)
        {
        case .success(let value): caption = value
        case .failure(let reply): return reply
        }
        let markup: (buttons: [[FakeButton]], inline: FakeJSON?)
        switch Self.parseMarkup(parameters.json("reply_markup")) {
        case .success(let value): markup = value
        case .failure(let reply): return reply
        }
        guard let index = sentIndex[key], !sent[index].isDeleted else {
            return knownMessages.contains(key) ? .badRequest("message can't be edited") : .badRequest("message to edit not found")
        }
        let current = sent[index]
        guard let currentPhoto = current.photoFileID else { return .badRequest("there is no media in the message to edit") }
        if let sizes, sizes[sizes.count - 1].fileID == currentPhoto, caption.plain == current.text, caption.html == current.html,
            markup.inline == sentMarkup[key]
        {
            return .badRequest(
                "message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message"
            )
        }
        if let reply = admit(chat: target, countsGlobally: false, monotonic: monotonic) { return reply }
        let photoSizes = sizes ?? storePhoto(upload?.contents ?? Data())
        let largest = photoSizes[photoSizes.count - 1]
        var edited = current
        edited.text = caption.plain
        edited.html = caption.html
        edited.parseMode = media["parse_mode"]?.stringValue
        edited.buttons = markup.buttons
        edited.photoFileID = largest.fileID
        edited.editDate = now
        edited.edits.append(
            FakeMessageEdit(text: caption.plain, html: caption.html, buttons: markup.buttons, date: now, photoFileID: largest.fileID))
        sent[index] = edited
        sentMarkup[key] = markup.inline
        mediaEdits.append(
            FakePhoto(
                chatID: target.id, messageID: key.messageID, uploaded: upload?.contents, sentByFileID: upload == nil ? reference : nil,
                fileID: largest.fileID, width: largest.width, height: largest.height, caption: caption.plain.isEmpty ? nil : caption.plain,
                messageThreadID: current.messageThreadID, replyToMessageID: current.replyToMessageID))
        var extra: [String: FakeJSON] = ["photo": .array(photoSizes.map(\.json)), "edit_date": .int(Int64(now.timeIntervalSince1970))]
        if !caption.plain.isEmpty { extra["caption"] = .string(caption.plain) }
        return .ok(messageJSON(edited, extra: extra))
    }

    /// Width and height from a PNG's header; nil when `data` is not a PNG.
    static func pngSize(_ data: Data) -> (Int, Int)? {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], bytes[12..<16] == [73, 72, 68, 82] else {
            return nil
        }
        func number(_ offset: Int) -> Int { bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let (width, height) = (number(16), number(20))
        return width > 0 && height > 0 ? (width, height) : nil
    }

    private mutating func editMessage(
        _ parameters: RequestParameters, textToo: Bool, now: Date, monotonic: Double
    )
        -> APIReply
    {
        guard parameters.string("inline_message_id") == nil else {
            return .badRequest("message to edit not found")
        }
        let target: FakeChat
        let key: MessageKey
        switch targetMessage(parameters) {
        case .success(let found): (target, key) = found
        case .failure(let reply): return reply
        }
        var rendered: (plain: String, html: String?)?
        if textToo {
            switch Self.render(
                parameters.string("text"), parseMode: parameters.string("parse_mode"), limit: 4096,
                allowEmpty: false)
            {
            case .success(let value): rendered = value
            case .failure(let reply): return reply
            }
        }
        let markup: (buttons: [[FakeButton]], inline: FakeJSON?)
        switch Self.parseMarkup(parameters.json("reply_markup")) {
        case .success(let value): markup = value
        case .failure(let reply): return reply
        }
        guard let index = sentIndex[key], !sent[index].isDeleted else {
            return knownMessages.contains(key)
                ? .badRequest("message can't be edited") : .badRequest("message to edit not found")
        }
        let current = sent[index]
        let newText = rendered?.plain ?? current.text
        let newHTML = rendered.map(\.html) ?? current.html
        if newText == current.text, newHTML == current.html, markup.inline == sentMarkup[key] {
            return .badRequest(
                "message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message"
            )
        }
        if let reply = admit(chat: target, countsGlobally: false, monotonic: monotonic) { return reply }
        var edited = current
        edited.text = newText
        edited.html = newHTML
        if textToo { edited.parseMode = parameters.string("parse_mode") }
        edited.buttons = markup.buttons
        edited.editDate = now
        edited.edits.append(
            FakeMessageEdit(text: newText, html: newHTML, buttons: markup.buttons, date: now))
        sent[index] = edited
        sentMarkup[key] = markup.inline
        var extra: [String: FakeJSON] = ["edit_date": .int(Int64(now.timeIntervalSince1970))]
        if edited.documentFilename == nil {
            extra["text"] = .string(edited.text)
        } else {
            extra["caption"] = .string(edited.text)
        }
        return .ok(messageJSON(edited, extra: extra))
    }

    /// The chat (which must accept the bot's requests) and the message that `chat_id` and
    /// `message_id` name, or Telegram's refusal.
    private func targetMessage(_ parameters: RequestParameters) -> Result<(chat: FakeChat, key: MessageKey), APIReply> {
        switch sendableChat(parameters) {
        case .success(let chat):
            guard let messageID = parameters.int("message_id") else { return .failure(.badRequest("message_id is empty")) }
            return .success((chat, MessageKey(chatID: chat.id, messageID: messageID)))
        case .failure(let reply):
            return .failure(reply)
        }
    }

    private mutating func deleteMessage(_ parameters: RequestParameters) -> APIReply {
        let key: MessageKey
        switch targetMessage(parameters) {
        case .success(let found): key = found.key
        case .failure(let reply): return reply
        }
        guard knownMessages.contains(key), sentIndex[key].map({ !sent[$0].isDeleted }) ?? true else {
            return .badRequest("message to delete not found")
        }
        if let index = sentIndex[key] { sent[index].isDeleted = true }
        knownMessages.remove(key)
        return .ok(true)
    }

    private mutating func sendChatAction(_ parameters: RequestParameters) -> APIReply {
        switch sendableChat(parameters) {
        case .success: return .ok(true)
        case .failure(let reply): return reply
        }
    }

    // MARK: Queries and commands

    private mutating func answerCallbackQuery(_ parameters: RequestParameters) -> APIReply {
        guard let id = parameters.string("callback_query_id"), openCallbackQueries.remove(id) != nil
        else {
            return .badRequest("query is too old and response timeout expired or query ID is invalid")
        }
        callbackAnswers.append(
            FakeCallbackAnswer(
                callbackQueryID: id, text: parameters.string("text"),
                showAlert: parameters.bool("show_alert") ?? false,
                url: parameters.string("url"), cacheTime: parameters.int("cache_time").map { Int($0) }))
        return .ok(true)
    }

    private mutating func answerInlineQuery(_ parameters: RequestParameters) -> APIReply {
        guard let id = parameters.string("inline_query_id"), openInlineQueries.contains(id) else {
            return .badRequest("query is too old and response timeout expired or query ID is invalid")
        }
        guard let results = parameters.json("results")?.arrayValue else {
            return .badRequest("can't parse inline query results JSON object")
        }
        guard results.count <= 50 else { return .badRequest("RESULTS_TOO_MUCH") }
        for result in results where result["type"]?.stringValue == "photo" {
            guard let fileID = result["photo_file_id"]?.stringValue, storedPhotos[fileID] != nil else {
                return .badRequest("wrong file identifier/HTTP URL specified")
            }
        }
        openInlineQueries.remove(id)
        inlineAnswers.append(
            FakeInlineAnswer(
                inlineQueryID: id, resultsJSON: FakeJSON.array(results).jsonText, resultCount: results.count
            ))
        return .ok(true)
    }

    private mutating func setMyCommands(_ parameters: RequestParameters) -> APIReply {
        guard let list = parameters.json("commands")?.arrayValue else {
            return .badRequest("can't parse commands JSON object")
        }
        guard list.count <= 100 else { return .badRequest("too many commands") }
        var commands: [FakeBotCommand] = []
        for item in list {
            guard let command = item["command"]?.stringValue,
                let description = item["description"]?.stringValue
            else {
                return .badRequest("can't parse BotCommand")
            }
            let validName =
                (1...32).contains(command.count)
                && command.unicodeScalars.allSatisfy {
                    ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
                }
            guard validName else { return .badRequest("BOT_COMMAND_INVALID") }
            guard (1...256).contains(description.utf16.count) else {
                return .badRequest("BOT_COMMAND_DESCRIPTION_INVALID")
            }
            commands.append(FakeBotCommand(command: command, description: description))
        }
        let scope = commandScope(parameters)
        let language = parameters.string("language_code") ?? ""
        commandSets.removeAll {
            $0.scopeType == scope.type && $0.scopeChatID == scope.chatID && $0.languageCode == language
        }
        commandSets.append(
            FakeCommandSet(
                scopeType: scope.type, scopeChatID: scope.chatID, languageCode: language, commands: commands
            ))
        return .ok(true)
    }

    private func getMyCommands(_ parameters: RequestParameters) -> APIReply {
        let scope = commandScope(parameters)
        let language = parameters.string("language_code") ?? ""
        let set = commandSets.first {
            $0.scopeType == scope.type && $0.scopeChatID == scope.chatID && $0.languageCode == language
        }
        return .ok(
            .array(
                (set?.commands ?? []).map {
                    ["command": .string($0.command), "description": .string($0.description)]
                }))
    }

    private mutating func deleteMyCommands(_ parameters: RequestParameters) -> APIReply {
        let scope = commandScope(parameters)
        let language = parameters.string("language_code") ?? ""
        commandSets.removeAll {
            $0.scopeType == scope.type && $0.scopeChatID == scope.chatID && $0.languageCode == language
        }
        return .ok(true)
    }

    private func commandScope(_ parameters: RequestParameters) -> (type: String, chatID: Int64?) {
        let scope = parameters.json("scope")
        return (scope?["type"]?.stringValue ?? "default", scope?["chat_id"]?.intValue)
    }

    private func getChatMember(_ parameters: RequestParameters) -> APIReply {
        guard let target = knownChat(parameters) else { return .badRequest("chat not found") }
        guard let userID = parameters.int("user_id") else { return .badRequest("user_id is empty") }
        let user = userID == bot.id ? bot : users[userID]
        guard let user else { return .badRequest("user not found") }
        let status = memberStatuses[target.id]?[userID] ?? .member
        return .ok(status.json(user: user))
    }

    // MARK: Shared rules

    /// The chat named by `chat_id` if the bot knows it.
    private func knownChat(_ parameters: RequestParameters) -> FakeChat? {
        guard let id = parameters.int("chat_id") else { return nil }
        return chats[id]
    }

    /// The chat named by `chat_id` if the bot may post there, else Telegram's error.
    private func sendableChat(_ parameters: RequestParameters) -> Result<FakeChat, APIReply> {
        guard let raw = parameters.string("chat_id"), !raw.isEmpty else {
            return .failure(.badRequest("chat_id is empty"))
        }
        guard let id = parameters.int("chat_id") else { return .failure(.badRequest("chat not found")) }
        if let newID = migratedTo[id] {
            return .failure(
                .error(
                    400, "Bad Request: group chat was upgraded to a supergroup chat",
                    parameters: ["migrate_to_chat_id": .int(newID)]))
        }
        guard let chat = chats[id] else { return .failure(.badRequest("chat not found")) }
        if removedFrom.contains(id) {
            let description =
                switch chat.type {
                case .private: "Forbidden: bot was blocked by the user"
                case .group: "Forbidden: bot was kicked from the group chat"
                case .supergroup: "Forbidden: bot was kicked from the supergroup chat"
                case .channel: "Forbidden: bot is not a member of the channel chat"
                }
            return .failure(.error(403, description))
        }
        return .success(chat)
    }

    /// The forum topic a new message goes to: `message_thread_id` when the chat has that topic (else
    /// Telegram's refusal), or else the topic of the message it replies to.
    private func thread(_ parameters: RequestParameters, chat: FakeChat, replyTo: Int64?) -> Result<Int64?, APIReply> {
        if parameters.string("message_thread_id") != nil {
            guard let thread = parameters.int("message_thread_id"), topics[chat.id]?.contains(thread) == true else {
                return .failure(.badRequest("message thread not found"))
            }
            return .success(thread)
        }
        return .success(replyTo.flatMap { messageTopics[MessageKey(chatID: chat.id, messageID: $0)] })
    }

    /// Counts a message against the configured limits; the 429 to send when over them.
    private mutating func admit(chat: FakeChat, countsGlobally: Bool, monotonic: Double) -> APIReply? {
        guard var limiter = rateLimiter else { return nil }
        let isGroup = chat.type == .group || chat.type == .supergroup
        let wait = limiter.admit(
            chatID: chat.id, isGroup: isGroup, countsGlobally: countsGlobally, now: monotonic)
        rateLimiter = limiter
        guard let wait else { return nil }
        rateLimitHits += 1
        return .error(
            429, "Too Many Requests: retry after \(wait)", parameters: ["retry_after": .int(Int64(wait))])
    }

    /// The text a user would see, and the HTML source when parse_mode is HTML.
    static func render(_ text: String?, parseMode: String?, limit: Int, allowEmpty: Bool)
        -> Result<(plain: String, html: String?), APIReply>
    {
        let source = text ?? ""
        var plain = source
        var html: String?
        if parseMode?.lowercased() == "html" {
            switch TelegramHTML.plainText(of: source) {
            case .success(let value): plain = value
            case .failure(let error):
                return .failure(.badRequest("can't parse entities: \(error.description)"))
            }
            html = source
        }
        if !allowEmpty, plain.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return .failure(.badRequest("message text is empty"))
        }
        if plain.utf16.count > limit {
            return .failure(
                .badRequest(allowEmpty ? "message caption is too long" : "message is too long"))
        }
        return .success((plain, html))
    }

    /// The inline keyboard's buttons and the markup to echo back; other keyboards are accepted silently.
    static func parseMarkup(_ markup: FakeJSON?) -> Result<
        (buttons: [[FakeButton]], inline: FakeJSON?), APIReply
    > {
        guard let markup else { return .success(([], nil)) }
        guard markup.objectValue != nil else {
            return .failure(.badRequest("can't parse reply keyboard markup JSON object"))
        }
        guard let keyboard = markup["inline_keyboard"] else { return .success(([], nil)) }
        guard let rows = keyboard.arrayValue else {
            return .failure(
                .badRequest(
                    "can't parse inline keyboard button: field \"inline_keyboard\" must be an Array"))
        }
        var buttons: [[FakeButton]] = []
        for row in rows {
            guard let items = row.arrayValue else {
                return .failure(
                    .badRequest("can't parse inline keyboard button: InlineKeyboardButton must be an Array"))
            }
            var parsedRow: [FakeButton] = []
            for item in items {
                guard let text = item["text"]?.stringValue else {
                    return .failure(
                        .badRequest("can't parse inline keyboard button: Field \"text\" must be of type String")
                    )
                }
                let data = item["callback_data"]?.stringValue
                if let data, !(1...64).contains(data.utf8.count) {
                    return .failure(.badRequest("BUTTON_DATA_INVALID"))
                }
                let url = item["url"]?.stringValue
                let hasAction =
                    data != nil || url != nil
                    || [
                        "switch_inline_query", "switch_inline_query_current_chat", "login_url", "web_app",
                        "pay", "copy_text",
                    ]
                    .contains { item[$0] != nil }
                guard hasAction else {
                    return .failure(
                        .badRequest(
                            "can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard"
                        ))
                }
                parsedRow.append(FakeButton(text: text, callbackData: data, url: url))
            }
            buttons.append(parsedRow)
        }
        return .success((buttons, rows.isEmpty ? nil : markup))
    }

    private mutating func store(_ message: FakeSentMessage, markup: FakeJSON?) {
        let key = MessageKey(chatID: message.chatID, messageID: message.messageID)
        if let thread = message.messageThreadID { messageTopics[key] = thread }
        sentIndex[key] = sent.count
        sent.append(message)
        sentMarkup[key] = markup
    }

    /// https://core.telegram.org/bots/api#message for a message the bot sent.
    func messageJSON(_ message: FakeSentMessage, extra: [String: FakeJSON] = [:]) -> FakeJSON {
        var members: [String: FakeJSON] = [
            "message_id": .int(message.messageID), "from": botAsSender,
            "chat": (chats[message.chatID] ?? FakeChat(id: message.chatID, type: .private)).json,
            "date": .int(Int64(message.date.timeIntervalSince1970)),
        ]
        if extra["document"] == nil, extra["photo"] == nil, extra["caption"] == nil { members["text"] = .string(message.text) }
        let key = MessageKey(chatID: message.chatID, messageID: message.messageID)
        if let markup = sentMarkup[key] { members["reply_markup"] = markup }
        if let replyTo = message.replyToMessageID {
            members["reply_to_message"] = [
                "message_id": .int(replyTo),
                "chat": (chats[message.chatID] ?? FakeChat(id: message.chatID, type: .private)).json,
                "date": .int(Int64(message.date.timeIntervalSince1970)),
            ]
        }
        if let editDate = message.editDate {
            members["edit_date"] = .int(Int64(editDate.timeIntervalSince1970))
        }
        if let thread = message.messageThreadID {
            members["message_thread_id"] = .int(thread)
            members["is_topic_message"] = true
        }
        members.merge(extra) { _, new in new }
        return .object(members)
    }
}
