import Foundation

/// One payload from the gateway, `{"op":…,"d":…,"s":…,"t":…}`, read without decoding `d`: its raw
/// JSON bytes are kept as they came, for the adapter to decode into its own types.
struct GatewayMessage: Sendable, Hashable {
    var opcode: Int
    /// `s`: the dispatch's sequence number (null except for op 0).
    var sequence: Int?
    /// `t`: the dispatch's event name (null except for op 0).
    var type: String?
    /// `d` as raw JSON (`null` when absent).
    var data: Data

    /// Nil unless `bytes` is a JSON object with an integer `op`, an integer or null `s` and a string or
    /// null `t`. Only the top level is scanned; `d` is checked to be one well-formed span of tokens,
    /// not decoded.
    init?(_ bytes: Data) {
        guard let members = JSONMembers(bytes), let op = members.integer("op") else { return nil }
        opcode = op
        guard let sequence = members.optionalInteger("s"), let type = members.optionalString("t") else { return nil }
        self.sequence = sequence
        self.type = type
        data = members.raw("d") ?? Data("null".utf8)
    }
}
