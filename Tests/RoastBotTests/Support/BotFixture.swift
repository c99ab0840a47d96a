import AIRoasts
import ChatPlatform
import Foundation
import Logging
import RoastBot
import RoastContent
import RoastCore
import RoastStore
import RoastTesting
import Timekeeping

/// A bot on a temporary SQLite file, the shipped roast library, a recording platform and a
/// manual clock. Events are built with the helpers below.
struct BotFixture {
    let directory: URL
    let database: RoastDatabase
    let platform: RecordingPlatform
    let pictures = RecordingPictures()
    let clock: ManualClock
    let runtime: BotRuntime
    private(set) var sequence: Int64 = 1

    static let library: RoastLibrary = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try! RoastLibrary.load(directory: root.appendingPathComponent("config/library"))
    }()

    /// Where the fixture's events come from.
    static let source = EventSource("test")
    static let group = ChatRef(id: ChatID(-100_123), kind: .supergroup, title: "Team")
    static let alice = Person(id: UserID(11), displayName: "Alice", username: "alice", languageCode: "en")
    static let bob = Person(id: UserID(22), displayName: "Bob", username: "bob", languageCode: "vi")

    /// `config/collections.json` as shipped.
    static let collectionsPath: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return root.appendingPathComponent("config/collections.json").path
    }()

    init(
        seed: UInt64 = 99, ai: (any AIRoastSource)? = nil, collections: CollectionCatalogStore = CollectionCatalogStore(),
        now: Date = Date(timeIntervalSince1970: 1_790_000_000), administration: (any ChatAdministration)? = nil,
        streakRisk: any StreakRiskSource = StoredStreakRisk(), abuseGate: AbuseGate? = nil, inline: (any InlineAnswering)? = nil,
        safety: SafetyFilter = SafetyFilter(), faults: StoreFaults? = nil, metrics: BotMetrics = .disabled, health: StoreHealth? = nil,
        platform: RecordingPlatform = RecordingPlatform()
    ) throws {
        self.platform = platform
        clock = ManualClock(now: now)
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("roastbot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        database = try RoastDatabase(path: directory.appendingPathComponent("bot.sqlite").path, faults: faults)
        runtime = try BotRuntime(
            database: database, library: Self.library, platform: platform, clock: clock, logger: Logger(label: "test"), seed: seed,
            safety: safety, ai: ai, collections: collections, administration: administration, streakRisk: streakRisk, inline: inline,
            abuseGate: abuseGate, pictures: pictures, metrics: metrics, health: health)
    }

    mutating func envelope(
        _ event: IncomingEvent, from person: Person? = alice, in chat: ChatRef = group, topic: TopicID? = nil, at date: Date? = nil,
        interaction: Interaction? = nil
    ) -> IncomingEnvelope {
        defer { sequence += 1 }
        return IncomingEnvelope(
            source: Self.source, key: sequence, date: date ?? clock.now, chat: chat, topic: topic, sender: person, interaction: interaction,
            event: event)
    }

    /// A button press, answered as the interaction `press.callbackID`.
    mutating func envelope(
        _ press: ButtonPress, from person: Person? = alice, in chat: ChatRef = group, topic: TopicID? = nil, at date: Date? = nil
    ) -> IncomingEnvelope {
        envelope(
            .buttonPress(data: press.data, message: press.message), from: person, in: chat, topic: topic, at: date,
            interaction: Interaction(handle: press.callbackID))
    }

    mutating func command(
        _ text: String, from person: Person? = alice, in chat: ChatRef = group, topic: TopicID? = nil, message: MessageID = MessageID(1)
    ) -> IncomingEnvelope {
        let name = String(text.dropFirst().prefix { $0 != " " })
        let arguments = String(text.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces)
        return envelope(.command(name: name, arguments: arguments, message: message), from: person, in: chat, topic: topic)
    }

    /// Processes events as one batch and delivers the outbox.
    func run(_ envelopes: IncomingEnvelope...) async {
        await runtime.pipeline.process(envelopes, from: Self.source, nextOffset: (envelopes.compactMap(\.key).max() ?? 0) + 1)
        await runtime.outbox.deliverPending()
    }

    /// Today in the default chat timezone, by the fixture's clock.
    var localToday: LocalDate { LocalDate(clock.now, in: BotDefaults.timeZone) }

    /// Whether a press of a button carrying `payload` decodes to a feature's action (else it is stale).
    func decodes(_ payload: String) -> Bool {
        let press = IncomingEnvelope(
            source: Self.source, key: 0, date: clock.now, chat: Self.group, sender: Self.alice, interaction: Interaction(handle: "decode"),
            event: .buttonPress(data: payload, message: MessageID(1)))
        if case .feature = runtime.router.decode(press).target { return true }
        return false
    }

    func cleanUp() {
        database.close()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// A button press as tests write it: what `.buttonPress` carries, and the id of the interaction it is
/// (Telegram's callback query), which the bot answers.
struct ButtonPress {
    var callbackID: String
    var data: String
    var message: MessageID?

    static func press(callbackID: String, data: String, message: MessageID?) -> ButtonPress {
        ButtonPress(callbackID: callbackID, data: data, message: message)
    }
}
