import APIDecoding
import Foundation

/// Discord's JSON error body: `{"code": 50035, "message": "Invalid Form Body", "errors": {…}}`, and on a 429
/// `{"message", "retry_after", "global"}`. <https://discord.com/developers/docs/reference#error-messages>
struct DiscordErrorBody: Decodable {
    var code: Int?
    var message: String?
    var retryAfter: Double?
    var global: Bool?
    /// Each refused field as `path: CODE`, from the nested `errors` object.
    var fieldErrors: [String]

    enum CodingKeys: String, CodingKey {
        case code, message, global, errors
        case retryAfter = "retry_after"
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        code = try? c.decodeIfPresent(Int.self, forKey: .code)
        message = try? c.decodeIfPresent(String.self, forKey: .message)
        retryAfter = try? c.decodeIfPresent(Double.self, forKey: .retryAfter)
        global = try? c.decodeIfPresent(Bool.self, forKey: .global)
        var fields: [String] = []
        if let errors = try? c.decodeIfPresent(ErrorTree.self, forKey: .errors) {
            errors.collect(path: [], into: &fields)
        }
        fieldErrors = fields
    }

    /// The nested `errors` object: keys are field names or array indices; `_errors` lists a field's error codes.
    private struct ErrorTree: Decodable {
        var codes: [String] = []
        var children: [(String, ErrorTree)] = []

        private struct Entry: Decodable {
            var code: String?
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: AnyKey.self)
            for key in c.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                if key.stringValue == "_errors" {
                    codes = ((try? c.decode([Entry].self, forKey: key)) ?? []).map { $0.code ?? "UNKNOWN" }
                } else if let child = try? c.decode(ErrorTree.self, forKey: key) {
                    children.append((key.stringValue, child))
                }
            }
        }

        func collect(path: [String], into fields: inout [String]) {
            let name = path.isEmpty ? "(body)" : path.joined(separator: ".")
            for code in codes { fields.append("\(name): \(code)") }
            for (key, child) in children { child.collect(path: path + [key], into: &fields) }
        }
    }
}
