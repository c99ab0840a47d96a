// swift-format-ignore-file: AlwaysUseLowerCamelCase

// Decoding structs mirror snake_case JSON keys.
/// The wire format of `POST /chat/completions` (the subset the bot uses).
enum ChatCompletions {
    struct Request: Encodable {
        struct Message: Encodable {
            var role: String
            var content: String
        }
        var model: String
        var messages: [Message]
        var temperature: Double
        var max_tokens: Int
    }

    struct Response: Decodable {
        struct Choice: Decodable {
            struct Message: Decodable {
                var content: String?
            }
            var message: Message?
        }
        var choices: [Choice]
    }
}
