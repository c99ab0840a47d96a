import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastTesting
import Testing

@testable import RoastStore

/// Rows the version before this one queued (outbox format 1, its writer's own output) are delivered
/// after the upgrade as they would have been.
struct OutboxUpgradeTests {
    /// The format-1 payloads of `OutboxRecordTests.actions` (RoastStoreTests), one per line.
    static let formatOne: [String] = {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("RoastStoreTests/Outbox/Fixtures/outbox-v1.jsonl")
        return (try? String(contentsOf: fixture, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
    }()

    @Test func rowsQueuedInTheFormerFormatAreDeliveredAfterTheUpgrade() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/start"))
        let before = bot.platform.deliveries.count
        // A message with buttons, a document with a caption, a heatmap picture — inserted raw, as the
        // former version wrote them.
        let rows = try [0, 8, 12].map { try #require(Self.formatOne.indices.contains($0) ? Self.formatOne[$0] : nil) }
        #expect(rows.allSatisfy { !$0.contains(#""v":"#) })
        try bot.database.write { tx in
            for payload in rows {
                try tx.connection.execute(
                    "INSERT INTO outbox (chat_id, payload, created_at) VALUES (?, ?, ?)", BotFixture.group.id, payload, bot.clock.now)
            }
        }
        await bot.runtime.outbox.deliverPending()

        let delivered = Array(bot.platform.deliveries[before...])
        #expect(delivered.count == 3, "\(delivered)")
        guard delivered.count == 3 else { return }
        guard case .sent(let chat, _, let message) = delivered[0], case .document(_, _, let document) = delivered[1],
            case .photo(_, _, let photo, _) = delivered[2]
        else {
            Issue.record("not a message, a document and a photo: \(delivered)")
            return
        }
        #expect(chat == BotFixture.group.id)
        #expect(message.text.plainText.hasPrefix("Roast của bạn 🔥"))
        #expect(message.buttons.joined().map(\.data) == ["r:12:h", "r:12:f", "fav:12"])
        #expect(message.replyTo == MessageID(9) && message.silent)
        #expect(document.contents == Array(0...255) && document.filename == "export.json")
        #expect(photo.caption == nil)
        #expect(bot.pictures.drawn.count == 1)
        #expect(try bot.database.read { try $0.pendingOutboxCount() } == 0)
    }
}
