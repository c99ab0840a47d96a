import Foundation
import Testing

@testable import DiscordAPI

@Suite struct DispatchDecodingTests {
    private func dispatch(_ name: String, sample: String) throws -> DiscordDispatch {
        DiscordDispatch(name: name, json: try Samples.data(sample))
    }

    @Test func readyNamesTheBotTheApplicationAndWhereToResume() throws {
        guard case .ready(let ready) = try dispatch("READY", sample: "ready") else {
            Issue.record("not READY")
            return
        }
        #expect(ready.user.id == DiscordUserID(775_799_577_604_522_054) && ready.user.isBot)
        #expect(ready.application.id == DiscordApplicationID(775_799_577_604_522_054))
        #expect(ready.sessionID == "a4c1d6e5f0b2")
        #expect(ready.resumeGatewayURL == "wss://gateway-us-east1-b.discord.gg")
        #expect(ready.guilds.map(\.id.rawValue) == [290_926_798_626_357_999, 290_926_798_626_358_000])
        #expect(ready.shard == [0, 1])
    }

    @Test func guildCreateKeepsItsChannelsThreadsAndLocaleAndDropsOnlyTheUnreadableChannel() throws {
        guard case .guildCreate(let guild) = try dispatch("GUILD_CREATE", sample: "guild_create") else {
            Issue.record("not GUILD_CREATE")
            return
        }
        #expect(guild.name == "Team Họp")
        #expect(guild.preferredLocale == .vietnamese && guild.preferredLocale?.isVietnamese == true)
        #expect(!guild.unavailable)
        #expect(guild.channels.map(\.type) == [.guildText, .guildForum, .guildCategory, .unknown(99)])
        #expect(guild.channels.allSatisfy { $0.guildID == guild.id })
        #expect(guild.channels[1].type.holdsOnlyThreads)
        let thread = try #require(guild.threads.first)
        #expect(thread.type.isThread && thread.parentID == DiscordChannelID(645_027_906_669_510_600))
        #expect(thread.threadMetadata == DiscordChannel.ThreadMetadata(archived: false, locked: false))
        #expect(guild.memberCount == 12)
    }

    @Test(arguments: [
        (#"{"id":"290926798626357999","unavailable":true}"#, false),
        (#"{"id":"290926798626357999"}"#, true),
        (#"{"id":"290926798626357999","unavailable":false}"#, true),
    ])
    func guildDeleteWithoutUnavailableMeansTheBotWasRemoved(json: String, removed: Bool) {
        guard case .guildDelete(let guild) = DiscordDispatch(name: "GUILD_DELETE", json: Data(json.utf8)) else {
            Issue.record("not GUILD_DELETE")
            return
        }
        #expect(guild.meansRemoved == removed)
    }

    @Test func unavailableGuildCreateStillDecodes() {
        let dispatch = DiscordDispatch(name: "GUILD_CREATE", json: Data(#"{"id":"290926798626357999","unavailable":true}"#.utf8))
        guard case .guildCreate(let guild) = dispatch else {
            Issue.record("not GUILD_CREATE")
            return
        }
        #expect(guild.unavailable && guild.channels.isEmpty)
    }

    @Test func messageCreateCarriesAuthorMentionsReplyTimeAndChannelType() throws {
        guard case .messageCreate(let message) = try dispatch("MESSAGE_CREATE", sample: "message_create") else {
            Issue.record("not MESSAGE_CREATE")
            return
        }
        #expect(message.id == DiscordMessageID(334_385_199_974_967_042))
        #expect(message.guildID == DiscordGuildID(290_926_798_626_357_999))
        #expect(message.author.id == DiscordUserID(53_908_099_506_183_680) && !message.author.isBot && message.isFromPerson)
        #expect(message.content == "<@775799577604522054> roast me")
        #expect(message.mentions.map(\.id) == [DiscordUserID(775_799_577_604_522_054)])
        #expect(message.reference?.messageID == DiscordMessageID(334_385_199_974_967_000))
        #expect(message.type == .reply && message.type.isRegular)
        #expect(message.channelType == .publicThread)
        #expect(abs((message.timestamp?.timeIntervalSince1970 ?? 0) - 1_499_794_027.299) < 0.001)
        #expect(message.createdAt == message.id.timestamp)
    }

    @Test func reactionAddNamesWhoseMessageWasReactedTo() throws {
        guard case .messageReactionAdd(let reaction) = try dispatch("MESSAGE_REACTION_ADD", sample: "reaction_add") else {
            Issue.record("not MESSAGE_REACTION_ADD")
            return
        }
        #expect(reaction.userID == DiscordUserID(53_908_099_506_183_680))
        #expect(reaction.messageAuthorID == DiscordUserID(775_799_577_604_522_054))
        #expect(reaction.emoji.unicodeValue == "🔥" && !reaction.burst)
        #expect(reaction.guildID == DiscordGuildID(290_926_798_626_357_999))
    }

    @Test func reactionRemoveHasNoAuthorAndStillDecodes() {
        let json = #"{"user_id":"1","channel_id":"2","message_id":"3","emoji":{"id":"4","name":"party_blob"},"burst":true,"type":1}"#
        guard case .messageReactionRemove(let reaction) = DiscordDispatch(name: "MESSAGE_REACTION_REMOVE", json: Data(json.utf8)) else {
            Issue.record("not MESSAGE_REACTION_REMOVE")
            return
        }
        #expect(reaction.messageAuthorID == nil && reaction.burst)
        #expect(reaction.emoji.unicodeValue == nil && reaction.emoji.id == DiscordEmojiID(4))
    }

    @Test func threadEventsDecodeAsChannels() {
        let json =
            #"{"id":"7","guild_id":"1","parent_id":"2","type":11,"newly_created":true,"thread_metadata":{"archived":true,"locked":true}}"#
        guard case .threadCreate(let thread) = DiscordDispatch(name: "THREAD_CREATE", json: Data(json.utf8)) else {
            Issue.record("not THREAD_CREATE")
            return
        }
        #expect(thread.newlyCreated == true && thread.threadMetadata?.locked == true)
        guard
            case .threadDelete(let gone) = DiscordDispatch(
                name: "THREAD_DELETE", json: Data(#"{"id":"7","guild_id":"1","parent_id":"2","type":11}"#.utf8))
        else {
            Issue.record("not THREAD_DELETE")
            return
        }
        #expect(gone.id == thread.id)
    }

    @Test(arguments: [
        ("TYPING_START", #"{"channel_id":"1"}"#, "not handled"),
        ("MESSAGE_CREATE", #"{"id":"1"}"#, "malformed: missing channel_id"),
        ("MESSAGE_CREATE", #"{"id":"1","channel_id":"2","author":{"id":"nope"}}"#, "malformed: corrupted data at author.id"),
        ("INTERACTION_CREATE", #"{"id":"1","type":2}"#, "malformed: missing application_id"),
        ("GUILD_CREATE", "not json", "not JSON"),
    ])
    func oddDispatchesBecomeUnsupportedWithAReasonThatNamesNoValues(name: String, json: String, reason: String) {
        #expect(DiscordDispatch(name: name, json: Data(json.utf8)) == .unsupported(name: name, reason: reason))
    }

    @Test func aWholeGatewayFrameDecodesWhenItIsADispatch() throws {
        let frame = Data(#"{"op":0,"s":42,"t":"GUILD_DELETE","d":{"id":"5"}}"#.utf8)
        #expect(DiscordDispatch(frame: frame) == .guildDelete(DiscordUnavailableGuild(id: DiscordGuildID(5), unavailable: false)))
        #expect(DiscordDispatch(frame: Data(#"{"op":11,"d":null}"#.utf8)) == nil)
        #expect(DiscordDispatch(frame: Data(#"{"op":0,"s":1,"t":"RESUMED","d":{}}"#.utf8)) == .resumed)
    }
}
