import APIDecoding
import Foundation

/// One gateway dispatch (op 0) the bot acts on, decoded from its event name (`t`) and data (`d`).
///
/// Decoding never throws: an event the bot does not handle, or one whose data does not match what this library
/// expects, becomes ``unsupported(name:reason:)`` with a reason safe to log (key names, never values), so one odd
/// event never stops the session.
/// <https://discord.com/developers/docs/events/gateway-events#receive-events>
public enum DiscordDispatch: Sendable, Hashable {
    case ready(DiscordReady)
    case resumed
    case guildCreate(DiscordGuild)
    case guildUpdate(DiscordGuild)
    case guildDelete(DiscordUnavailableGuild)
    case channelCreate(DiscordChannel)
    case channelUpdate(DiscordChannel)
    case channelDelete(DiscordChannel)
    case threadCreate(DiscordChannel)
    case threadUpdate(DiscordChannel)
    /// Only `id`, `guild_id`, `parent_id` and `type` are set.
    case threadDelete(DiscordChannel)
    case threadListSync(DiscordThreadListSync)
    case interactionCreate(DiscordInteraction)
    case messageCreate(DiscordMessage)
    case messageReactionAdd(DiscordReactionEvent)
    case messageReactionRemove(DiscordReactionEvent)
    /// An event the bot does not handle, or data that did not decode.
    case unsupported(name: String, reason: String)

    /// Decodes the data `d` of the dispatch named `name` from its JSON bytes.
    public init(name: String, json data: Data) {
        do {
            self = try JSONDecoder().decode(Box.self, from: data, configuration: name).dispatch
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            self = .unsupported(name: name, reason: "not JSON")
        } catch let error as DecodingError {
            self = .unsupported(name: name, reason: "malformed: \(error.safeSummary())")
        } catch {
            self = .unsupported(name: name, reason: "not JSON")
        }
    }

    /// Decodes the data of the dispatch named `name` from `decoder` (for a caller that decodes the whole gateway
    /// payload itself and hands over `d`, e.g. with `superDecoder(forKey:)`).
    public init(name: String, from decoder: any Decoder) {
        do {
            let c = try decoder.singleValueContainer()
            switch name {
            case "READY": self = .ready(try c.decode(DiscordReady.self))
            case "RESUMED": self = .resumed
            case "GUILD_CREATE": self = .guildCreate(try c.decode(DiscordGuild.self))
            case "GUILD_UPDATE": self = .guildUpdate(try c.decode(DiscordGuild.self))
            case "GUILD_DELETE": self = .guildDelete(try c.decode(DiscordUnavailableGuild.self))
            case "CHANNEL_CREATE": self = .channelCreate(try c.decode(DiscordChannel.self))
            case "CHANNEL_UPDATE": self = .channelUpdate(try c.decode(DiscordChannel.self))
            case "CHANNEL_DELETE": self = .channelDelete(try c.decode(DiscordChannel.self))
            case "THREAD_CREATE": self = .threadCreate(try c.decode(DiscordChannel.self))
            case "THREAD_UPDATE": self = .threadUpdate(try c.decode(DiscordChannel.self))
            case "THREAD_DELETE": self = .threadDelete(try c.decode(DiscordChannel.self))
            case "THREAD_LIST_SYNC": self = .threadListSync(try c.decode(DiscordThreadListSync.self))
            case "INTERACTION_CREATE": self = .interactionCreate(try c.decode(DiscordInteraction.self))
            case "MESSAGE_CREATE": self = .messageCreate(try c.decode(DiscordMessage.self))
            case "MESSAGE_REACTION_ADD": self = .messageReactionAdd(try c.decode(DiscordReactionEvent.self))
            case "MESSAGE_REACTION_REMOVE": self = .messageReactionRemove(try c.decode(DiscordReactionEvent.self))
            default: self = .unsupported(name: name, reason: "not handled")
            }
        } catch let error as DecodingError {
            self = .unsupported(name: name, reason: "malformed: \(error.safeSummary())")
        } catch {
            self = .unsupported(name: name, reason: "malformed")
        }
    }

    /// Decodes a whole gateway payload `{"op":0,"t":…,"s":…,"d":…}`; nil when it is not a dispatch (another opcode,
    /// or not a gateway payload at all).
    public init?(frame data: Data) {
        guard let frame = try? JSONDecoder().decode(Frame.self, from: data), let dispatch = frame.dispatch else { return nil }
        self = dispatch
    }

    /// The event name it was decoded from.
    public var name: String {
        switch self {
        case .ready: "READY"
        case .resumed: "RESUMED"
        case .guildCreate: "GUILD_CREATE"
        case .guildUpdate: "GUILD_UPDATE"
        case .guildDelete: "GUILD_DELETE"
        case .channelCreate: "CHANNEL_CREATE"
        case .channelUpdate: "CHANNEL_UPDATE"
        case .channelDelete: "CHANNEL_DELETE"
        case .threadCreate: "THREAD_CREATE"
        case .threadUpdate: "THREAD_UPDATE"
        case .threadDelete: "THREAD_DELETE"
        case .threadListSync: "THREAD_LIST_SYNC"
        case .interactionCreate: "INTERACTION_CREATE"
        case .messageCreate: "MESSAGE_CREATE"
        case .messageReactionAdd: "MESSAGE_REACTION_ADD"
        case .messageReactionRemove: "MESSAGE_REACTION_REMOVE"
        case .unsupported(let name, _): name
        }
    }

    private struct Box: DecodableWithConfiguration {
        var dispatch: DiscordDispatch

        init(from decoder: any Decoder, configuration name: String) throws {
            dispatch = DiscordDispatch(name: name, from: decoder)
        }
    }

    private struct Frame: Decodable {
        var dispatch: DiscordDispatch?

        enum CodingKeys: String, CodingKey { case op, t, d }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            guard try c.decode(Int.self, forKey: .op) == 0, let name = try c.decodeIfPresent(String.self, forKey: .t) else {
                dispatch = nil
                return
            }
            dispatch = DiscordDispatch(name: name, from: try c.superDecoder(forKey: .d))
        }
    }
}
