/// The first answer to an interaction, sent within 3 seconds of its dispatch.
/// <https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-interaction-callback-type>
public enum DiscordInteractionResponse: Sendable, Hashable {
    /// Type 4: answer with a message (ephemeral with the `ephemeral` flag).
    case message(DiscordMessagePayload)
    /// Type 5: the person sees "thinking…" until ``DiscordClient/editOriginalInteractionResponse(application:token:payload:files:)``
    /// replaces it; `ephemeral` (the only flag allowed here) makes that answer private.
    case deferredMessage(ephemeral: Bool)
    /// Type 6, button presses only: acknowledge without a visible change; the message may be edited later.
    case deferredUpdate
    /// Type 7, button presses only: edit the message the button is on (new counts) as the acknowledgement.
    case updateMessage(DiscordMessagePayload)

    /// Discord's callback type number.
    public var callbackType: Int {
        switch self {
        case .message: 4
        case .deferredMessage: 5
        case .deferredUpdate: 6
        case .updateMessage: 7
        }
    }

    /// Whether only a button press may be answered this way.
    public var requiresComponentInteraction: Bool {
        switch self {
        case .deferredUpdate, .updateMessage: true
        case .message, .deferredMessage: false
        }
    }
}

/// The JSON body of an interaction callback.
struct InteractionResponseBody: Encodable {
    var response: DiscordInteractionResponse
    var files: [DiscordFile]

    enum CodingKeys: String, CodingKey { case type, data }

    private struct DeferredData: Encodable {
        var flags: DiscordMessageFlags
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(response.callbackType, forKey: .type)
        switch response {
        case .message(let payload), .updateMessage(let payload):
            try c.encode(MessageBody(payload: payload, files: files), forKey: .data)
        case .deferredMessage(let ephemeral):
            if ephemeral { try c.encode(DeferredData(flags: .ephemeral), forKey: .data) }
        case .deferredUpdate:
            break
        }
    }
}
