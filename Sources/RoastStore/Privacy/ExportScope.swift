/// What an export holds: one person's data in a chat (`/export`) or the chat's (`/export chat`).
public enum ExportScope: String, Sendable, Hashable, Codable {
    case person
    case chat
}
