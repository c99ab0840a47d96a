import Foundation

/// Bot API JSON samples stored next to the tests (written from the Bot API documentation).
enum Samples {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Samples")

    static func text(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name + ".json"), encoding: .utf8)
    }

    static func data(_ name: String) throws -> Data { Data(try text(name).utf8) }

    /// Every update sample, in a stable order.
    static let updateNames = [
        "group_command", "private_message", "callback_query", "callback_inaccessible", "message_reaction",
        "message_reaction_count", "my_chat_member_added", "my_chat_member_promoted", "my_chat_member_kicked",
        "migrate_to_chat_id", "inline_query", "chosen_inline_result", "future_kind",
    ]
}
