import Foundation

/// What a server and its members do besides interactions, delivered over the gateway as Discord sends it: the bot is
/// added to a server (GUILD_CREATE), a member adds or removes a native reaction (MESSAGE_REACTION_ADD / _REMOVE). And
/// how `roastbot` is pointed at this fake.
extension FakeDiscord {
    /// The environment that makes `roastbot run` serve this fake: its token and REST base (`DISCORD_API_URL`); the
    /// gateway address comes from the fake's `GET /gateway/bot`.
    public var botEnvironment: [String: String] {
        ["DISCORD_BOT_TOKEN": token, "DISCORD_API_URL": apiBaseURL]
    }

    /// GUILD_CREATE for a server the bot is in, with the channels registered in it (``FakeDiscordREST/registerChannel(_:)``):
    /// sent after READY for every server, and when the bot is added to one. False when the gateway has no session yet.
    @discardableResult
    public func announceGuild(_ guildID: Int64, name: String, preferredLocale: String = "en-US", memberCount: Int = 2) -> Bool {
        guard gateway.currentSessionID != nil else { return false }
        let (channels, threads) = rest.state.withLock { state in
            let inGuild = state.channels.values.filter { $0.guildID == guildID }.sorted { $0.id < $1.id }
            return (inGuild.filter { ![10, 11, 12].contains($0.type) }, inGuild.filter { [10, 11, 12].contains($0.type) })
        }
        let guild: FakeJSON = [
            "id": .string(String(guildID)), "name": .string(name), "preferred_locale": .string(preferredLocale), "unavailable": false,
            "joined_at": .string(FakeDiscordRESTState.iso8601(Date())), "member_count": .int(Int64(memberCount)),
            "channels": .array(channels.map(\.json)), "threads": .array(threads.map(\.json)),
        ]
        return gateway.dispatch("GUILD_CREATE", guild.jsonText) != nil
    }

    /// A member adds the native reaction `emoji` (a Unicode emoji) to a message the fake holds (the bot's own, as the
    /// dispatch's `message_author_id` says); false when there is no such message or no session.
    @discardableResult
    public func addReaction(_ emoji: String, messageID: Int64, by user: FakeDiscordUser) -> Bool {
        react(emoji, messageID: messageID, by: user, added: true)
    }

    /// A member removes their native reaction `emoji` from a message; false when there is no such message or no session.
    @discardableResult
    public func removeReaction(_ emoji: String, messageID: Int64, by user: FakeDiscordUser) -> Bool {
        react(emoji, messageID: messageID, by: user, added: false)
    }

    private func react(_ emoji: String, messageID: Int64, by user: FakeDiscordUser, added: Bool) -> Bool {
        guard gateway.currentSessionID != nil, let message = rest.message(messageID) else { return false }
        var event: [String: FakeJSON] = [
            "user_id": .string(String(user.id)), "channel_id": .string(String(message.channelID)),
            "message_id": .string(String(message.id)), "emoji": ["id": .null, "name": .string(emoji)], "burst": false, "type": 0,
        ]
        if let guildID = message.guildID {
            event["guild_id"] = .string(String(guildID))
            if added {
                event["member"] = [
                    "user": user.json, "roles": [], "nick": .null, "joined_at": .string(FakeDiscordRESTState.iso8601(Date())),
                    "deaf": false, "mute": false,
                ]
            }
        }
        // Discord names the message's author on ADD only.
        if added { event["message_author_id"] = .string(String(message.authorID)) }
        return gateway.dispatch(added ? "MESSAGE_REACTION_ADD" : "MESSAGE_REACTION_REMOVE", FakeJSON.object(event).jsonText) != nil
    }
}
