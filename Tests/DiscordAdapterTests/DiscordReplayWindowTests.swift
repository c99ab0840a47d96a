import DiscordAPI
import DiscordAdapter
import Foundation
import Testing

/// How long a Discord event's key is remembered: its snowflake carries its time, so keys older than the window
/// are forgotten and an event older than it is refused, whatever the store still remembers.
struct DiscordReplayWindowTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func theWindowIsTwoDays() {
        #expect(DiscordReplayWindow.memory == 2 * 86_400)
    }

    /// Seconds before now the event was made, and whether it is older than the window.
    static let ages: [(TimeInterval, Bool)] = [
        (0, false), (3_600, false), (172_799.999, false), (172_800, false), (172_800.001, true), (2_592_000, true),
    ]

    @Test(arguments: ages)
    func anEventIsBeyondTheWindowOnlyWhenItsSnowflakeIsOlderThanTwoDays(age: Double, beyond: Bool) {
        // The largest id made in that millisecond (worker, process and increment all ones) must not slip past either.
        let made = Self.now.addingTimeInterval(-age)
        let earliest = DiscordInteractionID.earliest(at: made).rawValue
        for key in [earliest, earliest | 0x3F_FFFF] {
            #expect(DiscordReplayWindow.isBeyond(key, at: Self.now) == beyond, "\(age) s old, key \(key)")
        }
    }

    /// The horizon is the smallest key still remembered: every key below it is forgotten and counts as applied.
    @Test func theHorizonIsTheFirstKeyOfTheWindow() {
        let horizon = DiscordReplayWindow.horizon(at: Self.now)
        #expect(DiscordInteractionID(horizon).timestamp == Self.now.addingTimeInterval(-DiscordReplayWindow.memory))
        #expect(!DiscordReplayWindow.isBeyond(horizon, at: Self.now))
        #expect(DiscordReplayWindow.isBeyond(horizon - 1, at: Self.now))
    }
}
