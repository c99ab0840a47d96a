/// What kind of channel a channel is. A type Discord adds later decodes as ``unknown(_:)``.
/// <https://discord.com/developers/docs/resources/channel#channel-object-channel-types>
public enum DiscordChannelType: Sendable, Hashable, Codable {
    case guildText
    case dm
    case guildVoice
    case groupDM
    case guildCategory
    case guildAnnouncement
    case announcementThread
    case publicThread
    case privateThread
    case guildStageVoice
    case guildDirectory
    /// Holds only threads: a post is a new thread (`POST /channels/{id}/threads`), never a message.
    case guildForum
    /// Like a forum.
    case guildMedia
    case unknown(Int)

    public init(rawValue: Int) {
        self =
            switch rawValue {
            case 0: .guildText
            case 1: .dm
            case 2: .guildVoice
            case 3: .groupDM
            case 4: .guildCategory
            case 5: .guildAnnouncement
            case 10: .announcementThread
            case 11: .publicThread
            case 12: .privateThread
            case 13: .guildStageVoice
            case 14: .guildDirectory
            case 15: .guildForum
            case 16: .guildMedia
            default: .unknown(rawValue)
            }
    }

    public var rawValue: Int {
        switch self {
        case .guildText: 0
        case .dm: 1
        case .guildVoice: 2
        case .groupDM: 3
        case .guildCategory: 4
        case .guildAnnouncement: 5
        case .announcementThread: 10
        case .publicThread: 11
        case .privateThread: 12
        case .guildStageVoice: 13
        case .guildDirectory: 14
        case .guildForum: 15
        case .guildMedia: 16
        case .unknown(let value): value
        }
    }

    /// A thread: a channel of its own whose `parent_id` is the channel it lives in.
    public var isThread: Bool {
        switch self {
        case .announcementThread, .publicThread, .privateThread: true
        default: false
        }
    }

    /// A channel that holds only threads, where a post starts a thread.
    public var holdsOnlyThreads: Bool { self == .guildForum || self == .guildMedia }

    /// A direct or group message channel.
    public var isPrivate: Bool { self == .dm || self == .groupDM }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(Int.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
