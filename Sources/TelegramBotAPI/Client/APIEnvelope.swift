/// The frame of every Bot API response, without its result. <https://core.telegram.org/bots/api#making-requests>
struct Envelope: Decodable {
    var ok: Bool
    var errorCode: Int?
    var description: String?
    var parameters: ResponseParameters?

    enum CodingKeys: String, CodingKey {
        case ok
        case errorCode = "error_code"
        case description, parameters
    }
}

/// The `result` of a successful response.
struct ResultEnvelope<Result: Decodable>: Decodable {
    var result: Result
}

/// A result the caller does not need (`true`, or an edited message).
struct Ignored: Decodable {
    init(from decoder: any Decoder) throws {}
}
