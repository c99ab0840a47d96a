/// A Bot API response, read in one pass: its frame, and its `result` when `ok`.
/// <https://core.telegram.org/bots/api#making-requests>
///
/// The result is decoded as the caller's type only, so a method whose answer the bot barely reads
/// (``SentMessage``, ``Ignored``) skips the rest. A frame that reads but a result that does not is
/// kept apart (``result`` holds the failure): it is a malformed result, not a body that is not Bot
/// API JSON at all.
struct APIResponse<Result: Decodable>: Decodable {
    var ok: Bool
    var errorCode: Int?
    var description: String?
    var parameters: ResponseParameters?
    /// The decoded result when `ok` (nil otherwise), or why it could not be decoded.
    var result: Swift.Result<Result, any Error>?

    enum CodingKeys: String, CodingKey {
        case ok
        case errorCode = "error_code"
        case description, parameters, result
    }

    init(ok: Bool, errorCode: Int?, description: String?, parameters: ResponseParameters?) {
        self.ok = ok
        self.errorCode = errorCode
        self.description = description
        self.parameters = parameters
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        ok = try container.decode(Bool.self, forKey: .ok)
        errorCode = try container.decodeIfPresent(Int.self, forKey: .errorCode)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        parameters = try container.decodeIfPresent(ResponseParameters.self, forKey: .parameters)
        guard ok else { return }
        do {
            result = .success(try container.decode(Result.self, forKey: .result))
        } catch {
            result = .failure(error)
        }
    }
}

/// A result the caller does not need (`true`, or an edited message).
struct Ignored: Decodable, Equatable {
    init() {}
    init(from decoder: any Decoder) throws {}
}
