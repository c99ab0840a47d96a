import ChatPlatform
import Foundation
import Testing

@testable import RoastStore

/// What a press may carry on a message: the buttons recorded when its delivery completed — and,
/// while a delivery is on its way (the platform has the message, the bot has not yet written that it
/// was delivered), the buttons of that queued delivery: a person quick to press, or a store slow to
/// take the delivery's mark, is not answered "stale" for a button the bot did put there.
struct IssuedKeyboardTests {
    static let group = ChatRef(id: ChatID(-100_881), kind: .supergroup, title: "Keyboards")
    static let monday = Date(timeIntervalSince1970: 1_772_420_400)

    static func database() throws -> RoastDatabase {
        let database = try RoastDatabase(path: ":memory:")
        try database.write { tx in
            _ = try tx.ensureChat(group, defaultLanguage: .en, at: monday)
            // An earlier message with buttons dates the chat's checks.
            try tx.recordKeyboard(IssuedKeyboard(chat: group.id, message: MessageID(10), payloads: ["t:s:1", "t:r:1"]), posted: true)
        }
        return database
    }

    static func standing(_ payload: String, on message: Int64, _ database: RoastDatabase) throws -> PressStanding {
        try database.read { try $0.pressStanding(payload, on: MessageID(message), in: group.id) }
    }

    @Test func aRecordedKeyboardAllowsItsButtonsOnItsMessageOnly() throws {
        let database = try Self.database()
        #expect(try Self.standing("t:r:1", on: 10, database) == .issued)
        #expect(try Self.standing("fv:2", on: 10, database) == .notIssued)
        #expect(try Self.standing("t:r:1", on: 11, database) == .notIssued)
        #expect(try Self.standing("t:r:1", on: 9, database) == .predatesRecords)
    }

    /// The message is out (id 12) but its row is still pending: its buttons may be pressed on it;
    /// other payloads may not, nor its buttons on a message that has a record of its own.
    @Test func theButtonsOfADeliveryOnItsWayMayBePressedBeforeItIsMarked() throws {
        let database = try Self.database()
        let sent = OutgoingMessage(text: RichText(plain: "🔥 roast"), buttons: [[Button("⭐", data: "f:42"), Button("🔥", data: "r:42:f")]])
        try database.write { tx in _ = try tx.enqueue(.send(sent), chat: Self.group.id, anchor: nil, at: Self.monday) }
        #expect(try Self.standing("r:42:f", on: 12, database) == .issued)
        #expect(try Self.standing("f:42", on: 12, database) == .issued)
        #expect(try Self.standing("t:r:1", on: 12, database) == .notIssued, "another message's button")
        #expect(try Self.standing("f:42", on: 10, database) == .notIssued, "a recorded message does not carry it")
    }

    /// An edit that changes a message's buttons (the next favorites page) is on the platform before it
    /// is marked: the new buttons may be pressed on that message, not on another.
    @Test func theButtonsOfAnEditOnItsWayMayBePressedOnItsMessage() throws {
        let database = try Self.database()
        try database.write { tx in
            _ = try tx.enqueue(
                .editButtons(MessageID(10), [[Button("2/2", data: "t:s:2")]]), chat: Self.group.id, anchor: nil, at: Self.monday)
            try tx.recordKeyboard(IssuedKeyboard(chat: Self.group.id, message: MessageID(11), payloads: ["x:1"]), posted: true)
        }
        #expect(try Self.standing("t:s:2", on: 10, database) == .issued)
        #expect(try Self.standing("t:s:2", on: 11, database) == .notIssued)
        // Marked delivered: the record alone answers.
        try database.write { tx in
            try tx.recordKeyboard(IssuedKeyboard(chat: Self.group.id, message: MessageID(10), payloads: ["t:s:2"]), posted: false)
            for item in try tx.pendingOutbox(limit: 10) { try tx.completeOutbox(item.id, message: nil) }
        }
        #expect(try Self.standing("t:s:2", on: 10, database) == .issued)
        #expect(try Self.standing("t:s:1", on: 10, database) == .notIssued)
    }
}
