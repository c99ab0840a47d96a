extension DiscordClient {
    // MARK: Gateway

    /// Where the gateway is, the recommended shard count and the identify budget. Asked at every start: the gateway
    /// address is never hard-coded, so a proxy or a test server can stand in.
    /// <https://discord.com/developers/docs/events/gateway#get-gateway-bot>
    public func getGatewayBot() async throws(DiscordError) -> DiscordGatewayBot {
        try await call(.gatewayBot())
    }

    // MARK: Messages

    /// Posts a message in a text channel, thread or DM (never a forum: see ``startForumThread(in:name:message:files:)``).
    /// Files go up as `multipart/form-data`. <https://discord.com/developers/docs/resources/message#create-message>
    public func createMessage(
        in channel: DiscordChannelID, _ payload: DiscordMessagePayload, files: [DiscordFile] = []
    ) async throws(DiscordError) -> DiscordMessage {
        try payload.validate(files: files, requiresContent: true, allowsEphemeral: false)
        return try await call(.createMessage(channel: channel), .upload(MessageBody(payload: payload, files: files), files))
    }

    /// Edits one of the bot's messages: fields left nil stay as they are; `allowed_mentions` is sent again, since an
    /// edit without it re-parses every mention. <https://discord.com/developers/docs/resources/message#edit-message>
    public func editMessage(
        _ message: DiscordMessageID, in channel: DiscordChannelID, _ payload: DiscordMessagePayload, files: [DiscordFile] = []
    ) async throws(DiscordError) -> DiscordMessage {
        try payload.validate(files: files, requiresContent: false, allowsEphemeral: false)
        return try await call(.editMessage(channel: channel, message: message), .upload(MessageBody(payload: payload, files: files), files))
    }

    /// Opens (or finds) the DM channel with a person. Its id is the channel's own, not the person's.
    /// <https://discord.com/developers/docs/resources/user#create-dm>
    public func createDM(with user: DiscordUserID) async throws(DiscordError) -> DiscordChannel {
        try await call(.createDM(), .json(CreateDMBody(recipientID: user)))
    }

    /// Starts a post (a thread) in a forum or media channel, with `message` as its first message: how the bot posts
    /// scheduled messages where only threads can be.
    /// <https://discord.com/developers/docs/resources/channel#start-thread-in-forum-or-media-channel>
    public func startForumThread(
        in channel: DiscordChannelID, name: String, message: DiscordMessagePayload, files: [DiscordFile] = []
    ) async throws(DiscordError) -> DiscordStartedThread {
        let length = name.unicodeScalars.count
        guard length >= 1, length <= DiscordLimits.threadName else {
            throw .invalidRequest("a thread name must have 1 to \(DiscordLimits.threadName) characters")
        }
        guard message.reference == nil else { throw .invalidRequest("a forum post cannot be a reply") }
        try message.validate(files: files, requiresContent: true, allowsEphemeral: false)
        let body = ForumThreadBody(name: name, message: MessageBody(payload: message, files: files))
        return try await call(.startForumThread(channel: channel), .upload(body, files))
    }

    // MARK: Interactions

    /// Answers an interaction: within 3 seconds of its dispatch, once. Types 6 and 7 only for button presses.
    /// Not bound by the global rate limit.
    /// <https://discord.com/developers/docs/interactions/receiving-and-responding#create-interaction-response>
    public func createInteractionResponse(
        to interaction: DiscordInteractionID, token: DiscordInteractionToken, response: DiscordInteractionResponse,
        files: [DiscordFile] = []
    ) async throws(DiscordError) {
        switch response {
        case .message(let payload):
            try payload.validate(files: files, requiresContent: true, allowsEphemeral: true)
        case .updateMessage(let payload):
            try payload.validate(files: files, requiresContent: false, allowsEphemeral: false)
        case .deferredMessage, .deferredUpdate:
            guard files.isEmpty else { throw .invalidRequest("a deferred response carries no files") }
        }
        try await callIgnoringResult(
            .interactionCallback(interaction: interaction, token: token),
            .upload(InteractionResponseBody(response: response, files: files), files))
    }

    /// Replaces the first answer (the "thinking…" of a deferred one) within the token's 15 minutes.
    /// <https://discord.com/developers/docs/interactions/receiving-and-responding#edit-original-interaction-response>
    public func editOriginalInteractionResponse(
        application: DiscordApplicationID, token: DiscordInteractionToken, payload: DiscordMessagePayload, files: [DiscordFile] = []
    ) async throws(DiscordError) -> DiscordMessage {
        try payload.validate(files: files, requiresContent: false, allowsEphemeral: false)
        return try await call(
            .editOriginalResponse(application: application, token: token), .upload(MessageBody(payload: payload, files: files), files))
    }

    /// Sends another message about an answered interaction (ephemeral with the `ephemeral` flag).
    /// <https://discord.com/developers/docs/interactions/receiving-and-responding#create-followup-message>
    public func createFollowupMessage(
        application: DiscordApplicationID, token: DiscordInteractionToken, payload: DiscordMessagePayload, files: [DiscordFile] = []
    ) async throws(DiscordError) -> DiscordMessage {
        guard payload.reference == nil else { throw .invalidRequest("a followup cannot be a reply") }
        try payload.validate(files: files, requiresContent: true, allowsEphemeral: true)
        return try await call(
            .createFollowup(application: application, token: token), .upload(MessageBody(payload: payload, files: files), files))
    }

    /// Edits a followup sent with the same token.
    /// <https://discord.com/developers/docs/interactions/receiving-and-responding#edit-followup-message>
    public func editFollowupMessage(
        _ message: DiscordMessageID, application: DiscordApplicationID, token: DiscordInteractionToken, payload: DiscordMessagePayload,
        files: [DiscordFile] = []
    ) async throws(DiscordError) -> DiscordMessage {
        try payload.validate(files: files, requiresContent: false, allowsEphemeral: false)
        return try await call(
            .editFollowup(application: application, token: token, message: message),
            .upload(MessageBody(payload: payload, files: files), files))
    }

    // MARK: Commands

    /// Replaces every global command with `commands` (new names count toward Discord's 200 creates a day).
    /// <https://discord.com/developers/docs/interactions/application-commands#bulk-overwrite-global-application-commands>
    public func bulkOverwriteGlobalCommands(
        application: DiscordApplicationID, _ commands: [DiscordApplicationCommand]
    ) async throws(DiscordError) -> [DiscordRegisteredCommand] {
        for command in commands { try command.validate() }
        return try await call(.bulkOverwriteGlobalCommands(application: application), .json(commands))
    }

    /// Replaces every command of one guild (they update at once: for development servers).
    /// <https://discord.com/developers/docs/interactions/application-commands#bulk-overwrite-guild-application-commands>
    public func bulkOverwriteGuildCommands(
        application: DiscordApplicationID, guild: DiscordGuildID, _ commands: [DiscordApplicationCommand]
    ) async throws(DiscordError) -> [DiscordRegisteredCommand] {
        for command in commands { try command.validate() }
        return try await call(.bulkOverwriteGuildCommands(application: application, guild: guild), .json(commands))
    }
}

/// A forum post just made: the thread and its first message.
public struct DiscordStartedThread: Sendable, Hashable, Decodable {
    public var thread: DiscordChannel
    public var message: DiscordMessage?

    public init(thread: DiscordChannel, message: DiscordMessage?) {
        self.thread = thread
        self.message = message
    }

    enum CodingKeys: String, CodingKey { case message }

    public init(from decoder: any Decoder) throws {
        thread = try DiscordChannel(from: decoder)
        message = try? decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(DiscordMessage.self, forKey: .message)
    }
}

struct CreateDMBody: Encodable {
    var recipientID: DiscordUserID

    enum CodingKeys: String, CodingKey { case recipientID = "recipient_id" }
}

struct ForumThreadBody: Encodable {
    var name: String
    var message: MessageBody
}
