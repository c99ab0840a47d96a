import APIDecoding

/// The keys of the response frame (a generic type cannot hold them itself).
private enum Keys {
    static let ok = JSONKey("ok")
    static let errorCode = JSONKey("error_code")
    static let description = JSONKey("description")
    static let parameters = JSONKey("parameters")
    static let result = JSONKey("result")
    static let retryAfter = JSONKey("retry_after")
    static let migrateToChatID = JSONKey("migrate_to_chat_id")
}

extension APIResponse {
    /// The response read straight from its bytes with ``JSONReader`` when the result type can be
    /// (``JSONReadable``); nil when it cannot be read exactly, and then `init(from:)` decides —
    /// including every malformed result, so the error it reports stays the decoder's.
    static func read(_ bytes: [UInt8]) -> APIResponse? {
        guard let readable = Result.self as? any JSONReadable.Type else { return nil }
        var reader = JSONReader(bytes)
        do {
            var ok: Bool?
            var errorCode: Int?
            var description: String?
            var parameters: ResponseParameters?
            var result: Result?
            var resultMark: JSONReader.Mark?
            var seen = JSONMemberSet()
            guard try reader.beginObject() else { return nil }
            repeat {
                switch try reader.readKey() {
                case Keys.ok:
                    try seen.insert(0)
                    ok = try reader.readBool()
                case Keys.errorCode:
                    try seen.insert(1)
                    errorCode = try reader.readIfPresent(Int.self)
                case Keys.description:
                    try seen.insert(2)
                    description = try reader.readIfPresent(String.self)
                case Keys.parameters:
                    try seen.insert(3)
                    parameters = reader.readNull() ? nil : try readParameters(&reader)
                case Keys.result:
                    try seen.insert(4)
                    if ok == true {
                        result = try readable.read(from: &reader) as? Result
                    } else {
                        resultMark = reader.mark
                        try reader.skipValue()
                    }
                default: try reader.skipValue()
                }
            } while try reader.nextMember()
            try reader.finish()
            guard let ok else { return nil }
            guard ok else { return APIResponse(ok: ok, errorCode: errorCode, description: description, parameters: parameters) }
            if result == nil, let resultMark {
                reader.reset(to: resultMark)
                result = try readable.read(from: &reader) as? Result
            }
            guard let result else { return nil }
            var response = APIResponse(ok: ok, errorCode: errorCode, description: description, parameters: parameters)
            response.result = .success(result)
            return response
        } catch {
            return nil
        }
    }

    private static func readParameters(_ reader: inout JSONReader) throws(JSONReader.Unreadable) -> ResponseParameters {
        var parameters = ResponseParameters()
        var seen = JSONMemberSet()
        guard try reader.beginObject() else { return parameters }
        repeat {
            switch try reader.readKey() {
            case Keys.retryAfter:
                try seen.insert(0)
                parameters.retryAfter = try reader.readIfPresent(Int.self)
            case Keys.migrateToChatID:
                try seen.insert(1)
                parameters.migrateToChatID = try reader.readIfPresent(Int64.self)
            default: try reader.skipValue()
            }
        } while try reader.nextMember()
        return parameters
    }
}
