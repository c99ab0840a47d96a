import ChatPlatform
import DiscordAPI
import DiscordAdapter
import Foundation
import Logging
import RoastStore
import Testing

@testable import roastbot

/// Discord's applied keys (interaction and message snowflakes) are forgotten once older than the replay window,
/// and still count as applied: a replay of a forgotten one is never applied twice.
struct DiscordAppliedKeysTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func key(madeAgo seconds: TimeInterval) -> Int64 {
        DiscordInteractionID.earliest(at: now.addingTimeInterval(-seconds)).rawValue + 7
    }

    @Test func keysOlderThanTheWindowAreForgottenAndStillCountAsApplied() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("discord-keys-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let database = try RoastDatabase(path: path)
        defer { database.close() }
        let old = Self.key(madeAgo: 3 * 86_400)
        let justOld = Self.key(madeAgo: 2 * 86_400 + 1)
        let recent = Self.key(madeAgo: 2 * 86_400 - 60)
        let fresh = Self.key(madeAgo: 5)
        let telegram: Int64 = 42
        try database.write { tx in
            for key in [old, justOld, recent, fresh] { try tx.markApplied(key, from: .discord, at: Self.now) }
            try tx.markApplied(telegram, from: .telegram, at: Self.now.addingTimeInterval(-10 * 86_400))
        }

        let forgotten = try DiscordAppliedKeys.forgetOld(in: database, at: Self.now)

        #expect(forgotten == 2)
        let remembered = try database.read { tx in try tx.appliedEventCount() }
        #expect(remembered == 3, "the recent, the fresh and Telegram's are still remembered one by one")
        for key in [old, justOld, recent, fresh] {
            #expect(try database.read { tx in try tx.hasApplied(key, from: .discord) }, "\(key) counts as applied")
        }
        let neverApplied = Self.key(madeAgo: 2 * 86_400 - 120)
        #expect(try !database.read { tx in try tx.hasApplied(neverApplied, from: .discord) }, "a key inside the window never applied")
        #expect(try database.read { tx in try tx.hasApplied(telegram, from: .telegram) }, "Telegram's keys are not Discord's to prune")
        #expect(try database.read { tx in try tx.appliedLowWaterMark(of: .telegram) } == nil)
        #expect(try DiscordAppliedKeys.forgetOld(in: database, at: Self.now) == 0, "nothing more to forget")
    }
}
