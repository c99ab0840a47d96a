import Foundation

/// Channel messages, forum posts and DMs.
extension FakeDiscordRESTState {
    /// `POST /channels/{channel_id}/messages`.
    mutating func createMessage(_ request: FakeDiscordIncoming, channelID: Int64) -> FakeDiscordReply {
        guard var channel = channels[channelID] else { return .error(404, code: 10003, "Unknown Channel") }
        if [15, 16].contains(channel.type) { return .error(400, code: 40058, "Cannot send a message in a forum channel") }
        if [2, 4, 13].contains(channel.type) { return .error(400, code: 50008, "Cannot send messages in a non-text channel") }
        if channel.type == 1, let recipient = channel.recipientID, refusingDMs.contains(recipient) {
            return .error(403, code: 50007, "Cannot send messages to this user")
        }
        if channel.archived {
            // An archived thread reopens on a new message unless it is locked.
            guard !channel.locked else { return .error(400, code: 50083, "Thread is archived") }
            channel.archived = false
            channels[channelID] = channel
        }
        let check: FakeDiscordMessageCheck
        switch FakeDiscordMessageCheck.check(request.json, files: request.files, write: .create, maximumFileSize: maximumFileSize) {
        case .success(let value): check = value
        case .failure(let reply): return reply
        }
        var replyTo: Int64?
        if let target = check.replyTo {
            if knowsMessage(target, in: channelID) {
                replyTo = target
            } else if check.failIfNotExists {
                return .formError([("message_reference", "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", "Unknown message")])
            }
        }
        let message = appendMessage(check, channelID: channelID, id: nil, replyTo: replyTo, interactionID: nil, at: request.date)
        return .json(json(of: message))
    }

    /// `PATCH /channels/{channel_id}/messages/{message_id}`.
    mutating func editChannelMessage(_ request: FakeDiscordIncoming, channelID: Int64, messageID: Int64) -> FakeDiscordReply {
        guard let channel = channels[channelID] else { return .error(404, code: 10003, "Unknown Channel") }
        guard let index = messages.firstIndex(where: { $0.id == messageID && $0.channelID == channelID }) else {
            return .error(404, code: 10008, "Unknown Message")
        }
        guard messages[index].authorID == bot.id, messages[index].interactionID == nil || !messages[index].isEphemeral else {
            return .error(403, code: 50005, "Cannot edit a message authored by another user")
        }
        if channel.archived { return .error(400, code: 50083, "Thread is archived") }
        return applyEdit(request, at: index, write: .edit)
    }

    /// `POST /channels/{channel_id}/threads` on a forum or media channel: a new thread and its first message (whose id
    /// is the thread's, as on Discord).
    mutating func startForumThread(_ request: FakeDiscordIncoming, channelID: Int64) -> FakeDiscordReply {
        guard let forum = channels[channelID] else { return .error(404, code: 10003, "Unknown Channel") }
        guard [15, 16].contains(forum.type) else {
            return .formError([("message", "BASE_TYPE_INVALID", "This fake starts threads only in forum and media channels")])
        }
        guard let name = request.json?["name"]?.stringValue, (1...100).contains(name.unicodeScalars.count) else {
            return .formError([("name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")])
        }
        let check: FakeDiscordMessageCheck
        switch FakeDiscordMessageCheck.check(
            request.json?["message"], files: request.files, write: .forumStarter, maximumFileSize: maximumFileSize)
        {
        case .success(let value): check = value
        case .failure(let reply): return reply
        }
        let threadID = makeID(at: request.date)
        let thread = FakeDiscordChannel(id: threadID, type: 11, guildID: forum.guildID, parentID: forum.id, name: name)
        channels[threadID] = thread
        let message = appendMessage(check, channelID: threadID, id: threadID, replyTo: nil, interactionID: nil, at: request.date)
        guard case .object(var body) = thread.json else { return .error(500, code: 0, "fake: thread JSON") }
        body["message"] = json(of: message)
        return .json(.object(body))
    }

    /// `POST /users/@me/channels`: the DM channel with a person, which has an id of its own.
    mutating func createDM(_ request: FakeDiscordIncoming) -> FakeDiscordReply {
        guard let recipient = request.json?["recipient_id"]?.stringValue.flatMap({ Int64($0) }) else {
            return .formError([("recipient_id", "BASE_TYPE_REQUIRED", "This field is required")])
        }
        if let existing = dmChannels[recipient], let channel = channels[existing] { return .json(channel.json) }
        let channel = FakeDiscordChannel(id: makeID(at: request.date), type: 1, recipientID: recipient)
        channels[channel.id] = channel
        dmChannels[recipient] = channel.id
        return .json(channel.json)
    }

    // MARK: Shared by channel messages and interaction answers

    /// Applies a checked edit to the message at `index` and answers with it.
    mutating func applyEdit(_ request: FakeDiscordIncoming, at index: Int, write: FakeDiscordMessageCheck.Write) -> FakeDiscordReply {
        let check: FakeDiscordMessageCheck
        switch FakeDiscordMessageCheck.check(
            request.json, files: request.files, write: write, existing: messages[index].attachments, maximumFileSize: maximumFileSize)
        {
        case .success(let value): check = value
        case .failure(let reply): return reply
        }
        var message = messages[index]
        if let content = check.content { message.content = content ?? "" }
        if let rows = check.rows {
            message.rows = rows
        } else if request.json?["components"] == .null {
            message.rows = []
        }
        if let kept = check.keptAttachmentIDs {
            message.attachments = message.attachments.filter { kept.contains($0.id) }
        } else if !check.newFiles.isEmpty {
            message.attachments = []
        }
        message.attachments += check.newFiles.map { attachment(from: $0.file, at: request.date) }
        if let flags = check.flags { message.flags = (message.flags & 64) | (flags & ~64) }
        message.allowedMentions = check.allowedMentions
        message.isLoading = false
        message.editCount += 1
        message.editedAt = request.date
        messages[index] = message
        return .json(json(of: message))
    }

    /// Records a new message from a checked body.
    mutating func appendMessage(
        _ check: FakeDiscordMessageCheck, channelID: Int64, id: Int64?, replyTo: Int64?, interactionID: Int64?, at date: Date,
        loading: Bool = false
    ) -> FakeDiscordMessage {
        let message = FakeDiscordMessage(
            id: id ?? makeID(at: date), channelID: channelID, guildID: channels[channelID]?.guildID, authorID: bot.id,
            content: (check.content ?? nil) ?? "", rows: check.rows ?? [], flags: check.flags ?? 0,
            attachments: check.newFiles.map { attachment(from: $0.file, at: date) }, replyTo: replyTo,
            allowedMentions: check.allowedMentions,
            interactionID: interactionID, isLoading: loading, editCount: 0, createdAt: date, editedAt: nil)
        messages.append(message)
        return message
    }

    func knowsMessage(_ id: Int64, in channelID: Int64) -> Bool {
        peopleMessages.contains(id) || messages.contains { $0.id == id && $0.channelID == channelID }
    }

    private mutating func attachment(from file: RequestParameters.UploadedFile, at date: Date) -> FakeDiscordAttachment {
        FakeDiscordAttachment(
            id: makeID(at: date), filename: file.filename, contentType: file.contentType, size: file.contents.count,
            isPNG: file.contents.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), contents: file.contents)
    }

    /// A message as Discord returns it.
    func json(of message: FakeDiscordMessage) -> FakeJSON {
        var object: [String: FakeJSON] = [
            "id": .string(String(message.id)), "channel_id": .string(String(message.channelID)), "author": bot.json,
            "content": .string(message.content), "timestamp": .string(Self.iso8601(message.createdAt)),
            "edited_timestamp": message.editedAt.map { .string(Self.iso8601($0)) } ?? .null, "tts": false, "mention_everyone": false,
            "mentions": [], "mention_roles": [], "embeds": [], "pinned": false, "type": .int(message.replyTo == nil ? 0 : 19),
            "flags": .int(Int64(message.flags)),
            "components": .array(
                message.rows.map { row in
                    ["type": 1, "components": .array(row.map(Self.json(of:)))]
                }),
            "attachments": .array(
                message.attachments.map { attachment in
                    [
                        "id": .string(String(attachment.id)), "filename": .string(attachment.filename),
                        "size": .int(Int64(attachment.size)),
                        "url": .string(
                            "https://cdn.discordapp.com/attachments/\(message.channelID)/\(attachment.id)/\(attachment.filename)"),
                        "content_type": attachment.contentType.map { .string($0) } ?? .null,
                    ]
                }),
        ]
        if let guildID = message.guildID { object["guild_id"] = .string(String(guildID)) }
        if let replyTo = message.replyTo {
            object["message_reference"] = [
                "type": 0, "message_id": .string(String(replyTo)), "channel_id": .string(String(message.channelID)),
            ]
        }
        if message.interactionID != nil {
            object["webhook_id"] = .string(String(applicationID))
            object["application_id"] = .string(String(applicationID))
        }
        return .object(object)
    }

    private static func json(of button: FakeDiscordButton) -> FakeJSON {
        var object: [String: FakeJSON] = ["type": 2, "style": .int(Int64(button.style))]
        if let label = button.label { object["label"] = .string(label) }
        if let emoji = button.emoji { object["emoji"] = ["name": .string(emoji)] }
        if let customID = button.customID { object["custom_id"] = .string(customID) }
        if let url = button.url { object["url"] = .string(url) }
        if button.disabled { object["disabled"] = true }
        return .object(object)
    }

    static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date).replacingOccurrences(of: "Z", with: "+00:00")
    }
}
