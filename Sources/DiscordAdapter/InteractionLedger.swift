import DiscordAPI

/// The interactions the bot still has to answer or may still follow up, by handle (the interaction's id), with
/// their tokens — in memory only: a token is a credential and never reaches the database (the outbox stores the
/// handle). One operation at a time per interaction (``acquire(_:)`` / ``release(_:_:)``), so that the deferral,
/// the answer and each reply see what the others did (one callback per interaction, Discord allows no second).
actor InteractionLedger {
    /// What was sent as the interaction's first answer.
    enum Response: Sendable, Hashable {
        /// Nothing yet: the 3 seconds are running.
        case none
        /// Type 5: everyone sees "thinking…" until `@original` is edited.
        case deferredMessage
        /// Type 5, ephemeral: the person alone sees "thinking…" until `@original` is edited (a command whose answers
        /// are theirs alone).
        case deferredPrivately
        /// Type 6: a button press acknowledged without a visible change.
        case deferredUpdate
        /// A message (type 4), an update of the pressed message (type 7), or `@original` edited.
        case answered
        /// Discord no longer takes answers for it (too late, or its token expired): deliveries go to the channel.
        case gone
    }

    struct Entry: Sendable {
        var id: DiscordInteractionID
        var applicationID: DiscordApplicationID
        var token: DiscordInteractionToken
        /// A button press (types 6 and 7 are allowed), else a command.
        var isButtonPress: Bool
        /// A command whose answers are for the person alone (set by ``record(_:handle:command:lifetime:)``).
        var answersPrivately = false
        /// For a button press: the message the button is on, and its channel.
        var message: DiscordMessageID?
        var channel: DiscordChannelID?
        /// When the adapter received it, on the clock's monotonic time.
        var receivedAt: Duration
        var response: Response = .none
    }

    private var entries: [String: Entry] = [:]
    /// The commands whose answers are for the person alone (``DiscordPlatform/learn(_:)``).
    private var privateCommands: Set<String> = []

    func learnPrivateCommands(_ names: Set<String>) { privateCommands = names }
    private var busy: Set<String> = []
    private var waiters: [String: [CheckedContinuation<Void, Never>]] = [:]

    /// Records an interaction just received (a replayed one keeps what was already done), and forgets those older
    /// than `lifetime` (their tokens no longer work).
    /// `command`: the command's name, for a command.
    func record(_ entry: Entry, handle: String, command: String?, lifetime: Duration) {
        let oldest = entry.receivedAt - lifetime
        for (key, old) in entries where old.receivedAt < oldest && !busy.contains(key) { entries[key] = nil }
        guard entries[handle] == nil else { return }
        var entry = entry
        entry.answersPrivately = command.map(privateCommands.contains) ?? false
        entries[handle] = entry
    }

    /// The interaction, held for this caller until ``release(_:_:)``; nil when unknown (never received, or
    /// forgotten: after a restart, or past its token's life).
    func acquire(_ handle: String) async -> Entry? {
        while entries[handle] != nil, busy.contains(handle) {
            await withCheckedContinuation { waiters[handle, default: []].append($0) }
        }
        guard let entry = entries[handle] else { return nil }
        busy.insert(handle)
        return entry
    }

    /// Stores what the holder did (nil forgets the interaction) and lets the next caller in.
    func release(_ handle: String, _ entry: Entry?) {
        entries[handle] = entry
        busy.remove(handle)
        if var queue = waiters[handle], !queue.isEmpty {
            let next = queue.removeFirst()
            waiters[handle] = queue.isEmpty ? nil : queue
            next.resume()
        }
    }

    /// When the interaction was received, if it is known.
    func receivedAt(_ handle: String) -> Duration? { entries[handle]?.receivedAt }

    /// How many interactions are remembered (for tests).
    var count: Int { entries.count }
}
