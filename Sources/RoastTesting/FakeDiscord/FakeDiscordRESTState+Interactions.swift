import Foundation

/// Interactions: the 3-second callback, `@original` edits and followups for 15 minutes.
extension FakeDiscordRESTState {
    /// Records an interaction as dispatched now and returns it with its INTERACTION_CREATE payload.
    mutating func dispatch(
        kind: FakeDiscordInteraction.Kind, data: FakeJSON, user: FakeDiscordUser, channelID: Int64, guildID: Int64?, permissions: UInt64,
        locale: String, guildLocale: String?, now: Double, date: Date
    ) -> FakeDiscordInteraction {
        users[user.id] = user
        let id = makeID(at: date)
        let token = "fake-interaction-token-\(id)-" + String(UInt64(truncatingIfNeeded: id &* 2_654_435_761), radix: 36)
        let channel = channels[channelID] ?? FakeDiscordChannel(id: channelID, type: guildID == nil ? 1 : 0, guildID: guildID)
        var payload: [String: FakeJSON] = [
            "id": .string(String(id)), "application_id": .string(String(applicationID)), "token": .string(token), "version": 1,
            "type": .int(kind.interactionType), "data": data, "channel_id": .string(String(channelID)), "channel": channel.json,
            "locale": .string(locale), "app_permissions": "2248473465835073", "attachment_size_limit": .int(Int64(maximumFileSize)),
            "entitlements": [], "authorizing_integration_owners": ["0": .string(guildID.map(String.init) ?? "0")],
            "context": guildID == nil ? 1 : 0,
        ]
        if let guildID {
            payload["guild_id"] = .string(String(guildID))
            payload["member"] = [
                "user": user.json, "roles": [], "permissions": .string(String(permissions)), "nick": .null,
                "joined_at": .string(Self.iso8601(date)), "deaf": false, "mute": false,
            ]
            if let guildLocale { payload["guild_locale"] = .string(guildLocale) }
        } else {
            payload["user"] = user.json
        }
        if case .component(_, let messageID) = kind, let message = messages.first(where: { $0.id == messageID }) {
            payload["message"] = json(of: message)
        }
        let interaction = FakeDiscordInteraction(
            id: id, token: token, applicationID: applicationID, kind: kind, channelID: channelID, guildID: guildID, userID: user.id,
            payload: .object(payload), dispatchedAt: now, responseType: nil, responseDelay: nil, originalMessageID: nil, followupIDs: [],
            refusedCallbacks: [])
        interactions.append(interaction)
        return interaction
    }

    /// `POST /interactions/{id}/{token}/callback`.
    mutating func interactionCallback(_ request: FakeDiscordIncoming, interactionID: Int64, token: String) -> FakeDiscordReply {
        guard let index = interactions.firstIndex(where: { $0.id == interactionID && $0.token == token }) else {
            return .error(404, code: 10062, "Unknown interaction")
        }
        let type = request.json?["type"]?.intValue.map(Int.init) ?? -1
        let interaction = interactions[index]
        func refuse(_ reply: FakeDiscordReply) -> FakeDiscordReply {
            interactions[index].refusedCallbacks.append(type)
            return reply
        }
        if interaction.responseType != nil { return refuse(.error(400, code: 40060, "Interaction has already been acknowledged.")) }
        if request.now - interaction.dispatchedAt > interactionDeadline { return refuse(.error(404, code: 10062, "Unknown interaction")) }
        let isComponent: Bool
        let componentMessageID: Int64?
        switch interaction.kind {
        case .command:
            isComponent = false
            componentMessageID = nil
        case .component(_, let messageID):
            isComponent = true
            componentMessageID = messageID
        }
        let data = request.json?["data"]
        var originalID: Int64?
        switch type {
        case 4:
            let check: FakeDiscordMessageCheck
            switch FakeDiscordMessageCheck.check(data, files: request.files, write: .callbackMessage, maximumFileSize: maximumFileSize) {
            case .success(let value): check = value
            case .failure(let reply): return refuse(reply)
            }
            originalID =
                appendMessage(
                    check, channelID: interaction.channelID, id: nil, replyTo: nil, interactionID: interaction.id, at: request.date
                ).id
        case 5:
            let flags = data?["flags"]?.intValue ?? 0
            guard flags & ~64 == 0, request.files.isEmpty else {
                return refuse(
                    .formError([("data.flags", "INTERACTION_RESPONSE_FLAGS_INVALID", "Only EPHEMERAL may be set on a deferred response")]))
            }
            if let fields = data?.objectValue?.keys, fields.contains(where: { $0 != "flags" }) {
                return refuse(.formError([("data", "INTERACTION_RESPONSE_DATA_INVALID", "A deferred response carries only flags")]))
            }
            var check = FakeDiscordMessageCheck()
            check.flags = Int(flags)
            originalID =
                appendMessage(
                    check, channelID: interaction.channelID, id: nil, replyTo: nil, interactionID: interaction.id, at: request.date,
                    loading: true
                ).id
        case 6:
            guard isComponent else { return refuse(.formError([("type", "INTERACTION_RESPONSE_TYPE_INVALID", "Only for components")])) }
            originalID = componentMessageID
        case 7:
            guard isComponent, let messageID = componentMessageID,
                let messageIndex = messages.firstIndex(where: { $0.id == messageID })
            else { return refuse(.formError([("type", "INTERACTION_RESPONSE_TYPE_INVALID", "Only for components")])) }
            var edit = request
            edit.json = data
            let reply = applyEdit(edit, at: messageIndex, write: .callbackUpdate)
            guard reply.status == 200 else { return refuse(reply) }
            originalID = messageID
        default:
            return refuse(.formError([("type", "BASE_TYPE_CHOICES", "This fake accepts callback types 4, 5, 6 and 7")]))
        }
        interactions[index].responseType = type
        interactions[index].responseDelay = request.now - interaction.dispatchedAt
        interactions[index].originalMessageID = originalID
        return .noContent
    }

    /// `PATCH /webhooks/{application_id}/{token}/messages/@original`.
    mutating func editOriginal(_ request: FakeDiscordIncoming, applicationID: Int64, token: String) -> FakeDiscordReply {
        switch webhookInteraction(applicationID: applicationID, token: token, now: request.now) {
        case .failure(let reply):
            return reply
        case .success(let index):
            guard let originalID = interactions[index].originalMessageID,
                let messageIndex = messages.firstIndex(where: { $0.id == originalID })
            else { return .error(404, code: 10008, "Unknown Message") }
            return applyEdit(request, at: messageIndex, write: .edit)
        }
    }

    /// `POST /webhooks/{application_id}/{token}`: a followup; right after a deferred answer it edits the "thinking…"
    /// message instead, as Discord still does.
    mutating func createFollowup(_ request: FakeDiscordIncoming, applicationID: Int64, token: String) -> FakeDiscordReply {
        switch webhookInteraction(applicationID: applicationID, token: token, now: request.now) {
        case .failure(let reply):
            return reply
        case .success(let index):
            let interaction = interactions[index]
            if interaction.responseType == 5, let originalID = interaction.originalMessageID,
                let messageIndex = messages.firstIndex(where: { $0.id == originalID }), messages[messageIndex].isLoading
            {
                return applyEdit(request, at: messageIndex, write: .followup)
            }
            let check: FakeDiscordMessageCheck
            switch FakeDiscordMessageCheck.check(request.json, files: request.files, write: .followup, maximumFileSize: maximumFileSize) {
            case .success(let value): check = value
            case .failure(let reply): return reply
            }
            let message = appendMessage(
                check, channelID: interaction.channelID, id: nil, replyTo: nil, interactionID: interaction.id, at: request.date)
            interactions[index].followupIDs.append(message.id)
            return .json(json(of: message))
        }
    }

    /// `PATCH /webhooks/{application_id}/{token}/messages/{message_id}`.
    mutating func editFollowup(_ request: FakeDiscordIncoming, applicationID: Int64, token: String, messageID: Int64) -> FakeDiscordReply {
        switch webhookInteraction(applicationID: applicationID, token: token, now: request.now) {
        case .failure(let reply):
            return reply
        case .success(let index):
            let interaction = interactions[index]
            guard interaction.followupIDs.contains(messageID) || interaction.originalMessageID == messageID,
                let messageIndex = messages.firstIndex(where: { $0.id == messageID })
            else { return .error(404, code: 10008, "Unknown Message") }
            return applyEdit(request, at: messageIndex, write: .edit)
        }
    }

    /// The answered interaction a webhook route names, or the refusal Discord gives.
    private func webhookInteraction(applicationID: Int64, token: String, now: Double) -> Result<Int, FakeDiscordReply> {
        guard applicationID == self.applicationID, let index = interactions.firstIndex(where: { $0.token == token }) else {
            return .failure(.error(404, code: 10015, "Unknown Webhook"))
        }
        if now - interactions[index].dispatchedAt > interactionTokenLifetime {
            return .failure(.error(401, code: 50027, "Invalid Webhook Token"))
        }
        guard interactions[index].responseType != nil else { return .failure(.error(404, code: 10015, "Unknown Webhook")) }
        return .success(index)
    }
}

extension FakeDiscordInteraction.Kind {
    var interactionType: Int64 {
        switch self {
        case .command: 2
        case .component: 3
        }
    }
}
