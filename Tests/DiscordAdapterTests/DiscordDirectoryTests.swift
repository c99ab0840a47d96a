import ChatPlatform
import DiscordAPI
import DiscordAdapter
import Foundation
import Testing

/// What the directory learns of a server's channels: which hold only threads (forums), and where a new post started
/// from a channel goes when not there (a forum post's forum).
struct DiscordDirectoryTests {
    static let forum = DiscordChannelID(1_200_000_000_000_000_201)
    static let media = DiscordChannelID(1_200_000_000_000_000_202)
    static let text = DiscordChannelID(1_200_000_000_000_000_101)
    static let forumPost = DiscordChannelID(1_200_000_000_000_000_301)
    static let mediaPost = DiscordChannelID(1_200_000_000_000_000_302)
    static let textThread = DiscordChannelID(1_200_000_000_000_000_303)
    static let unknownThread = DiscordChannelID(1_200_000_000_000_000_304)

    /// A server as GUILD_CREATE shows it: a forum, a media channel and a text channel, a post in each, and a thread of
    /// a channel the bot was not told about.
    static func directory() -> DiscordDirectory {
        let directory = DiscordDirectory()
        for channel in [
            DiscordChannel(id: forum, type: .guildForum), DiscordChannel(id: media, type: .guildMedia),
            DiscordChannel(id: text, type: .guildText),
            DiscordChannel(id: forumPost, type: .publicThread, parentID: forum),
            DiscordChannel(id: mediaPost, type: .publicThread, parentID: media),
            DiscordChannel(id: textThread, type: .privateThread, parentID: text),
            DiscordChannel(id: unknownThread, type: .publicThread, parentID: DiscordChannelID(1_200_000_000_000_000_999)),
        ] {
            directory.remember(channel)
        }
        return directory
    }

    @Test(
        arguments: [
            (forumPost, forum), (mediaPost, media), (textThread, nil), (unknownThread, nil), (text, nil), (forum, nil),
            (DiscordChannelID(1_200_000_000_000_000_777), nil),
        ] as [(DiscordChannelID, DiscordChannelID?)])
    func aNewPostFromAForumsPostGoesToTheForum(from channel: DiscordChannelID, expected: DiscordChannelID?) {
        #expect(Self.directory().newPostChannel(from: channel) == expected)
    }

    @Test(arguments: [(forum, true), (media, true), (text, false), (forumPost, false), (unknownThread, false)])
    func onlyForumAndMediaChannelsHoldOnlyThreads(_ channel: DiscordChannelID, expected: Bool) {
        #expect(Self.directory().holdsOnlyThreads(channel) == expected)
    }

    /// An interaction's channel is partial: what it leaves out stays as GUILD_CREATE said.
    @Test func aPartialChannelKeepsWhatWasKnown() {
        let directory = Self.directory()
        directory.remember(DiscordChannel(id: Self.forumPost, type: .unknown(-1)))
        directory.remember(DiscordChannel(id: Self.forum, type: .unknown(-1)))
        #expect(directory.newPostChannel(from: Self.forumPost) == Self.forum)
        // A thread first seen in an interaction, with its parent.
        let post = DiscordChannelID(1_200_000_000_000_000_305)
        directory.remember(DiscordChannel(id: post, type: .publicThread, parentID: Self.forum))
        #expect(directory.newPostChannel(from: post) == Self.forum)
    }

    @Test func aDeletedForumIsForgotten() {
        let directory = Self.directory()
        directory.forgetChannel(Self.forum)
        #expect(!directory.holdsOnlyThreads(Self.forum))
        #expect(directory.newPostChannel(from: Self.forumPost) == nil)
    }

    /// Discord refused a message there as a forum's: a forum from now on.
    @Test func aRefusedChannelIsLearntAsAForum() {
        let directory = DiscordDirectory()
        directory.rememberForum(Self.forum)
        #expect(directory.holdsOnlyThreads(Self.forum))
    }

    /// A channel changed into a forum (CHANNEL_UPDATE) is one.
    @Test func aChannelUpdateChangesItsKind() {
        let directory = Self.directory()
        directory.remember(DiscordChannel(id: Self.text, type: .guildForum))
        #expect(directory.newPostChannel(from: Self.textThread) == Self.text)
    }
}
