import ChatPlatform
import Foundation
import RoastCore

@testable import RoastStore

/// Sample values shared by the store tests. Dates are whole seconds so they round-trip exactly.
enum Fixtures {
    /// The event source the tests play.
    static let source = EventSource("telegram")
    static let monday = Date(timeIntervalSince1970: 1_750_032_000)
    static let group = ChatRef(id: ChatID(-1001), kind: .group, title: "Dev team")
    static let privateChat = ChatRef(id: ChatID(42), kind: .privateChat)
    static let alice = Person(id: UserID(1), displayName: "Alice", username: "alice", languageCode: "en")
    static let binh = Person(id: UserID(2), displayName: "Bình", username: nil, languageCode: "vi")

    static func roast(
        chat: ChatID = group.id, requester: UserID? = alice.id, kind: RoastKind = .requested,
        libraryID: String? = "deadlines-001", text: String = "Your deadline has a deadline.",
        at date: Date = monday
    ) -> RoastRecord {
        RoastRecord(
            chatID: chat, requester: requester, kind: kind, source: libraryID == nil ? .ai : .library,
            libraryID: libraryID, text: text, language: .en, category: .deadlines, spice: SpiceLevel(clamping: 2),
            mood: .tired, collection: nil, createdAt: date)
    }

    /// A database in memory with the sample group and Alice's profile in it.
    static func seededDatabase() throws -> RoastDatabase {
        let database = try RoastDatabase(path: ":memory:")
        try database.write { tx in
            _ = try tx.ensureChat(group, defaultLanguage: .vi, at: monday)
            try tx.touchProfile(chat: group.id, person: alice, at: monday)
        }
        return database
    }
}
