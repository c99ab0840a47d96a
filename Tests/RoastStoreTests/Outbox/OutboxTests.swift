import ChatPlatform
import Foundation
import Testing

@testable import RoastStore

struct OutboxTests {
    static let richMessage = OutgoingMessage(
        text: RichText([
            .bold("Roast của bạn 🔥"), .plain("\n"), .italic("nghiêng"), .code("x < y && \"q\""),
            .mention(UserID(1), name: "Alice"), .link(url: "https://example.com/?a=1&b=2", text: "link"),
        ]),
        buttons: [
            [Button("😂 3", data: "r:12:h"), Button("🔥 0", data: "r:12:f")],
            [Button("⭐", data: "fav:12")],
        ],
        replyTo: MessageID(9), silent: true)

    @Test(arguments: [
        QueuedAction.send(richMessage),
        .send(OutgoingMessage(text: "")),
        .edit(MessageID(31), richMessage),
        .document(OutgoingDocument(filename: "export.json", contents: Array(0...255), caption: "Your data")),
        .document(OutgoingDocument(filename: "empty.txt", contents: [])),
    ])
    func queuedActionComesBackIdentical(action: QueuedAction) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path()
        let database = try RoastDatabase(path: path)
        try database.write { tx in try tx.enqueue(action, chat: Fixtures.group.id, anchor: nil, at: Fixtures.monday) }
        database.close()

        let items = try RoastDatabase(path: path).read { tx in try tx.pendingOutbox(limit: 10) }
        #expect(items.map(\.action) == [action])
        #expect(items.first?.chatID == Fixtures.group.id)
        #expect(items.first?.createdAt == Fixtures.monday)
        #expect(items.first?.attempts == 0)
    }

    @Test func completingAnAnchoredItemRecordsTheRoastsMessage() throws {
        let database = try Fixtures.seededDatabase()
        try database.write { tx in
            let roast = try tx.insertRoast(Fixtures.roast())
            let item = try tx.enqueue(.send(Self.richMessage), chat: Fixtures.group.id, anchor: roast, at: Fixtures.monday)
            #expect(try tx.pendingOutbox(limit: 1).first?.anchor == roast)
            try tx.completeOutbox(item, message: MessageID(555))
            #expect(try tx.roast(roast)?.messageID == MessageID(555))
            #expect(try tx.roast(chat: Fixtures.group.id, message: MessageID(555))?.id == roast)
            #expect(try tx.pendingOutboxCount() == 0)
        }
    }

    @Test func completingAnUnanchoredItemOnlyRemovesIt() throws {
        let database = try Fixtures.seededDatabase()
        try database.write { tx in
            let roast = try tx.insertRoast(Fixtures.roast())
            let item = try tx.enqueue(.send(Self.richMessage), chat: Fixtures.group.id, anchor: nil, at: Fixtures.monday)
            try tx.completeOutbox(item, message: MessageID(556))
            #expect(try tx.roast(roast)?.messageID == nil)
            #expect(try tx.pendingOutboxCount() == 0)
        }
    }

    @Test func pendingItemsComeOldestFirstAndFailedOnesLeaveTheQueue() throws {
        let database = try RoastDatabase(path: ":memory:")
        try database.write { tx in
            let ids = try (0..<3).map { n in
                try tx.enqueue(.send(OutgoingMessage(text: RichText(plain: "m\(n)"))), chat: ChatID(n), anchor: nil, at: Fixtures.monday)
            }
            try tx.bumpOutboxAttempts(ids[0])
            try tx.bumpOutboxAttempts(ids[0])
            try tx.failOutbox(ids[1], reason: "rejected: chat not found")
            let pending = try tx.pendingOutbox(limit: 10)
            #expect(pending.map(\.id) == [ids[0], ids[2]])
            #expect(pending.map(\.attempts) == [2, 0])
            #expect(try tx.pendingOutboxCount() == 2)
            #expect(try tx.pendingOutbox(limit: 1).map(\.id) == [ids[0]])
        }
    }

    @Test func retargetingMovesOnlyTheOldChatsItems() throws {
        let database = try RoastDatabase(path: ":memory:")
        let chats = try database.write { tx in
            try tx.enqueue(.send(OutgoingMessage(text: "a")), chat: ChatID(-1), anchor: nil, at: Fixtures.monday)
            try tx.enqueue(.send(OutgoingMessage(text: "b")), chat: ChatID(-2), anchor: nil, at: Fixtures.monday)
            try tx.retargetOutbox(from: ChatID(-1), to: ChatID(-100))
            return try tx.pendingOutbox(limit: 10).map(\.chatID)
        }
        #expect(chats == [ChatID(-100), ChatID(-2)])
    }

    /// A failed row keeps why and where, not what: the message may hold people's data (a whole export,
    /// names on a leaderboard) and would otherwise stay forever.
    @Test func aFailedRowKeepsNoContentAndIsPrunedLater() throws {
        let database = try RoastDatabase(path: ":memory:")
        let (payload, reason) = try database.write { tx in
            let id = try tx.enqueue(.send(OutgoingMessage(text: "🥇 Alice — 12 ngày")), chat: ChatID(-1), anchor: nil, at: Fixtures.monday)
            try tx.failOutbox(id, reason: "Bad Request: chat not found")
            return try tx.connection.queryOne("SELECT payload, failure_reason FROM outbox WHERE outbox_id = ?", id) {
                (row: borrowing Row) in (row.string(0), row.string(1))
            } ?? ("?", "?")
        }
        #expect(!payload.contains("Alice"))
        #expect(reason == "Bad Request: chat not found")
        #expect(try database.write { try $0.pruneFailedOutbox(before: Fixtures.monday) } == 0)
        #expect(try database.write { try $0.pruneFailedOutbox(before: Fixtures.monday.addingTimeInterval(1)) } == 1)
    }

    /// A row this version cannot read fails instead of blocking its chat's queue.
    @Test func unreadableRowsFailAndTheRestOfTheQueueStays() throws {
        let database = try RoastDatabase(path: ":memory:")
        let pending = try database.write { tx in
            let broken = try tx.enqueue(.send(OutgoingMessage(text: "a")), chat: ChatID(-1), anchor: nil, at: Fixtures.monday)
            try tx.enqueue(.send(OutgoingMessage(text: "b")), chat: ChatID(-1), anchor: nil, at: Fixtures.monday)
            try tx.connection.execute("UPDATE outbox SET payload = '{\"type\":\"hologram\"}' WHERE outbox_id = ?", broken)
            #expect(throws: StoreError.self) { try tx.pendingOutbox(chat: ChatID(-1), limit: 10) }
            #expect(try tx.failUnreadableOutbox(chat: ChatID(-1)) == 1)
            return try tx.pendingOutbox(chat: ChatID(-1), limit: 10)
        }
        #expect(pending.count == 1)
    }
}

/// Rows are read back with the record they were queued with (no decode of the row just written),
/// never with a record that is not the row's.
struct OutboxRecordHandOverTests {
    static let first = QueuedAction.send(OutgoingMessage(text: "first"))
    static let second = QueuedAction.editButtons(MessageID(7), [[Button("😂 2", data: "r:1:h")]])

    @Test func aRowRolledBackLeavesNothingForTheRowThatTakesItsId() throws {
        let database = try Fixtures.seededDatabase()
        struct Abort: Error {}
        var rolledBack: Int64?
        _ = try? database.write { tx in
            rolledBack = try tx.enqueue(Self.first, chat: Fixtures.group.id, anchor: nil, at: Fixtures.monday)
            throw Abort()
        }
        let kept = try database.write { tx in try tx.enqueue(Self.second, chat: Fixtures.group.id, anchor: nil, at: Fixtures.monday) }
        #expect(kept == rolledBack)
        let items = try database.read { tx in try tx.pendingOutbox(chat: Fixtures.group.id, limit: 10) }
        #expect(items.map(\.action) == [Self.second])
    }

    @Test func aRowChangedInTheStoreIsReadAsStored() throws {
        let database = try Fixtures.seededDatabase()
        try database.write { tx in
            let id = try tx.enqueue(Self.first, chat: Fixtures.group.id, anchor: nil, at: Fixtures.monday)
            try tx.connection.execute("UPDATE outbox SET payload = ? WHERE outbox_id = ?", OutboxRecord(action: Self.second).json, id)
        }
        let items = try database.read { tx in try tx.pendingOutbox(limit: 10) }
        #expect(items.map(\.action) == [Self.second])
    }

    @Test func aRowLeavesTheHandOverWithItsDeliveryOrFailure() throws {
        let database = try Fixtures.seededDatabase()
        let (delivered, failed) = try database.write { tx in
            (
                try tx.enqueue(Self.first, chat: Fixtures.group.id, anchor: nil, at: Fixtures.monday),
                try tx.enqueue(Self.second, chat: Fixtures.group.id, anchor: nil, at: Fixtures.monday)
            )
        }
        #expect(database.outboxRecords.count == 2)
        #expect(try database.read { tx in try tx.pendingOutbox(limit: 10) }.map(\.action) == [Self.first, Self.second])
        try database.write { tx in
            try tx.completeOutbox(delivered, message: MessageID(1))
            try tx.failOutbox(failed, reason: "test")
        }
        #expect(database.outboxRecords.count == 0)
    }
}
