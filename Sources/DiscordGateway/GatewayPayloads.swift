import DiscordAPI
import Foundation

/// The payloads the session itself reads and writes. Dispatch payloads (`d` of op 0) are not decoded
/// here: they go up as raw JSON for the adapter's models.
///
/// Source: discord-api-docs `events/gateway-events.mdx`.
enum GatewayPayloads {
    /// Op 10's `d`.
    struct Hello: Decodable {
        /// Milliseconds.
        var heartbeatInterval: Int

        enum CodingKeys: String, CodingKey {
            case heartbeatInterval = "heartbeat_interval"
        }
    }

    /// Op 2's `d`.
    struct Identify: Encodable {
        var token: DiscordBotToken
        var properties: IdentifyProperties
        var intents: GatewayIntents
    }

    /// Op 6's `d`.
    struct Resume: Encodable {
        var token: DiscordBotToken
        var sessionID: String
        var seq: Int

        enum CodingKeys: String, CodingKey {
            case token
            case sessionID = "session_id"
            case seq
        }
    }

    /// The session fields of the READY dispatch (the rest — user, guilds, application — is the adapter's).
    struct ReadySession: Decodable {
        var sessionID: String
        var resumeGatewayURL: String

        enum CodingKeys: String, CodingKey {
            case sessionID = "session_id"
            case resumeGatewayURL = "resume_gateway_url"
        }
    }

    /// Largest payload Discord accepts from a client; a larger one is closed with 4002.
    static let maximumOutgoingBytes = 4_096

    /// A payload the session builds itself. Every body here is a plain struct, an integer or null:
    /// encoding cannot fail.
    static func encode(_ opcode: GatewayOpcode, _ body: some Encodable) -> Data {
        (try? encodeCommand(opcode: opcode.rawValue, body)) ?? Data()
    }

    /// `{"op":…,"d":…}`, `op` first (as Discord writes it) and the body's keys sorted, so that the
    /// same payload is always the same bytes. Throws when `body` cannot be encoded.
    static func encodeCommand(opcode: Int, _ body: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        var payload = Data(#"{"op":\#(opcode),"d":"#.utf8)
        payload.append(try encoder.encode(body))
        payload.append(UInt8(ascii: "}"))
        return payload
    }

    static func heartbeat(sequence: Int?) -> Data {
        encode(.heartbeat, sequence)
    }
}
