import ChatPlatform
import DiscordAPI
import Synchronization

/// What the adapter remembers about Discord between events, in memory: each person's DM channel (a DM channel has
/// an id of its own, opened with `POST /users/@me/channels`), the channel each of the bot's messages is in (an edit
/// needs it; the core names a message by chat and id only), the servers it knows (a server has no main channel to
/// post in), people as last seen (a reaction removal names only an id), and the servers' channels: their kind and,
/// for a thread, the channel it is in (a forum holds only threads, so a post there is a thread of its own).
///
/// Bounded: past ``capacity`` entries a map is emptied and learnt again from the next events.
public final class DiscordDirectory: Sendable {
    public let capacity: Int
    private let state = Mutex(State())

    private struct State {
        var dmChannels: [UserID: DiscordChannelID] = [:]
        var messageChannels: [MessageID: DiscordChannelID] = [:]
        var servers: Set<ChatID> = []
        var people: [DiscordUserID: Person] = [:]
        var channels: [DiscordChannelID: KnownChannel] = [:]
    }

    /// A server's channel as last seen: its kind and, for a thread, the channel it is in.
    private struct KnownChannel {
        var type: DiscordChannelType
        var parent: DiscordChannelID?
    }

    public init(capacity: Int = 50_000) {
        self.capacity = max(capacity, 16)
    }

    /// The DM channel with `person`, if known.
    public func dmChannel(of person: UserID) -> DiscordChannelID? { state.withLock { $0.dmChannels[person] } }

    public func rememberDM(_ channel: DiscordChannelID, of person: UserID) {
        state.withLock { state in
            if state.dmChannels.count >= capacity { state.dmChannels.removeAll() }
            state.dmChannels[person] = channel
        }
    }

    /// Whether `chat` is a DM channel the bot knows (opened, or used by its person).
    public func isDMChannel(_ chat: ChatID) -> Bool {
        state.withLock { $0.dmChannels.values.contains(DiscordChannelID(chat.rawValue)) }
    }

    /// The channel `message` is in, if known.
    public func channel(of message: MessageID) -> DiscordChannelID? { state.withLock { $0.messageChannels[message] } }

    public func remember(_ message: MessageID, in channel: DiscordChannelID) {
        state.withLock { state in
            if state.messageChannels.count >= capacity { state.messageChannels.removeAll() }
            state.messageChannels[message] = channel
        }
    }

    /// Whether `chat` is a server (whose messages all go to some channel), as opposed to a DM channel.
    public func isServer(_ chat: ChatID) -> Bool { state.withLock { $0.servers.contains(chat) } }

    public func rememberServer(_ chat: ChatID) {
        _ = state.withLock { $0.servers.insert(chat) }
    }

    /// A person as last seen in an event that named them.
    public func person(_ id: DiscordUserID) -> Person? { state.withLock { $0.people[id] } }

    public func remember(_ person: Person) {
        state.withLock { state in
            if state.people.count >= capacity { state.people.removeAll() }
            state.people[DiscordUserID(person.id.rawValue)] = person
        }
    }

    // MARK: Channels

    /// Learns a channel's kind and parent (GUILD_CREATE's channels and threads, CHANNEL_/THREAD_CREATE and _UPDATE, an
    /// interaction's partial channel, a forum post just made). What a partial channel leaves out stays as known.
    public func remember(_ channel: DiscordChannel) {
        if case .unknown = channel.type, channel.parentID == nil { return }
        state.withLock { state in
            if state.channels.count >= capacity, state.channels[channel.id] == nil { state.channels.removeAll() }
            var known = state.channels[channel.id] ?? KnownChannel(type: channel.type, parent: nil)
            if case .unknown = channel.type {} else { known.type = channel.type }
            known.parent = channel.parentID ?? known.parent
            state.channels[channel.id] = known
        }
    }

    /// Learns that `channel` holds only threads (Discord refused a message there as a forum's).
    public func rememberForum(_ channel: DiscordChannelID) {
        remember(DiscordChannel(id: channel, type: .guildForum))
    }

    /// Forgets a deleted channel.
    public func forgetChannel(_ channel: DiscordChannelID) {
        _ = state.withLock { $0.channels.removeValue(forKey: channel) }
    }

    /// Whether `channel` is known to hold only threads (a forum or media channel): a post there starts a thread.
    public func holdsOnlyThreads(_ channel: DiscordChannelID) -> Bool {
        state.withLock { $0.channels[channel]?.type.holdsOnlyThreads ?? false }
    }

    /// Where a new post started from `channel` goes when that is not `channel` itself: the forum (or media channel) a
    /// thread is in, since every post there is a thread of its own; nil for any other channel, or one not known.
    public func newPostChannel(from channel: DiscordChannelID) -> DiscordChannelID? {
        state.withLock { state in
            guard let known = state.channels[channel], known.type.isThread, let parent = known.parent,
                state.channels[parent]?.type.holdsOnlyThreads == true
            else { return nil }
            return parent
        }
    }
}
