import DiscordAPI
import Foundation

/// How long a Discord event's idempotency key (its own snowflake: interaction id, message id) must be remembered.
///
/// Discord delivers a dispatch again only when a session resumes, and a session can be resumed only for minutes
/// after its connection ended (an interaction's token lasts 15 minutes); there is no redelivery beyond that. The
/// keys are remembered for ``memory`` — two days, the margin Telegram's webhook keeps — then forgotten: the store
/// keeps the highest forgotten as its low-water mark, so every key below ``horizon(at:)`` still counts as applied,
/// and an event older than the window is refused before it reaches the pipeline (``isBeyond(_:at:)``). A key's time
/// is read from the snowflake, so the horizon is taken on real time (Discord's), never on a simulated bot clock.
public enum DiscordReplayWindow {
    /// Seconds a key is remembered after the moment its snowflake was made.
    public static let memory: TimeInterval = 2 * 86_400

    /// The smallest key still inside the window at `now`: the first snowflake of the millisecond ``memory`` ago.
    public static func horizon(at now: Date) -> Int64 {
        Snowflake<DiscordInteraction>.earliest(at: now.addingTimeInterval(-memory)).rawValue
    }

    /// Whether an event keyed `key` was made before the window at `now`: its key may be forgotten, so it is not applied.
    public static func isBeyond(_ key: Int64, at now: Date) -> Bool {
        key < horizon(at: now)
    }

    /// The snowflake of a keyed dispatch (the key ``DiscordEventTranslator`` gives its event) when it was made before
    /// the window at `now`: such a dispatch is refused before the platform receives it — an interaction received
    /// would be deferred within 3 seconds, answered as if new. Nil for a dispatch within the window or without a key.
    public static func staleKey(of dispatch: DiscordDispatch, at now: Date) -> Int64? {
        let key: Int64
        switch dispatch {
        case .interactionCreate(let interaction): key = interaction.id.rawValue
        case .messageCreate(let message): key = message.id.rawValue
        default: return nil
        }
        return isBeyond(key, at: now) ? key : nil
    }
}
