import ChatPlatform
import Foundation
import Logging
import RoastBot
import RoastContent
import RoastCore
import RoastStore
import RoastTesting
import TelegramAdapter
import TelegramBotAPI
import Testing
import Timekeeping

/// Thousands of seeded hostile updates as raw Bot API JSON, through the real decoder, translator,
/// pipeline and SQLite file (in process, no sockets): malformed and unknown commands, huge texts,
/// odd Unicode, missing optional fields, unknown update kinds, broken JSON, forged callback data,
/// reactions on unknown messages.
///
/// "Nothing written" for an invalid update means: no roast, reaction or favorite row anywhere, and
/// no message for updates not addressed to the bot. A chat row and the sender's profile may be
/// created or touched — that is the bot seeing a real person interact in a real chat (expected
/// activity), and so may a short hint for an unknown command or a stale-button notice.
@Suite struct BadInputFuzzTests {
    enum Expectation: Equatable {
        /// A known command for this bot: answered; `roasts` roast rows in its chat.
        case answered(roasts: Int)
        /// Whatever the bot says (a hint at most), no roast, reaction or favorite row.
        case noRows
        /// Not for the bot at all: no message and no row.
        case ignored
    }

    struct Case {
        var json: String
        var chat: Int64
        var user: Int64
        var expectation: Expectation
    }

    static let botID: Int64 = 777_000_001
    static let oddTexts = [
        "مرحبا بالعالم", "\u{202E}txet desrever", "zero\u{200B}width\u{200D}joiner\u{FEFF}", "e\u{301}\u{301}\u{301}\u{0308}\u{0324}",
        "👨‍👩‍👧‍👦🏳️‍🌈👍🏽🇻🇳", "Z̷̡̛̩͓a̶̘͝l̸̙̀g̵̱̈o̷͕͑", "\u{0000}nul", "日本語のテキスト", "Tiếng Việt có dấu", "<b>html</b> & \"quotes\"", "\\u0000\\n",
        "\u{1F600}\u{FE0F}\u{20E3}", String(repeating: "💥", count: 2_000),
    ]

    @Test func thousandsOfHostileUpdatesNeverCrashAndWriteNothingInvalid() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roastbot-fuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try RoastDatabase(path: directory.appendingPathComponent("bot.sqlite").path)
        defer { database.close() }
        let library = try RoastLibrary.load(directory: BotProcess.repositoryRoot.appendingPathComponent("config/library"))
        let platform = RecordingPlatform()
        var logger = Logger(label: "fuzz")
        logger.logLevel = .warning  // forged payloads are logged at info, thousands of times
        let runtime = try BotRuntime(
            database: database, library: library, platform: platform, clock: ManualClock(now: Date(timeIntervalSince1970: 1_790_000_000)),
            logger: logger, seed: 3)
        let translator = UpdateTranslator(botUserID: Self.botID, botUsername: "RoastMeLaterBot")

        // A victim chat with real roasts, whose ids forged presses from other chats will name.
        let victim: Int64 = -600_000
        var updateID: Int64 = 1
        var victimJSON: [String] = []
        for _ in 0..<3 {
            victimJSON.append(Self.message(updateID, chat: victim, user: 1, text: "/roast", command: true))
            updateID += 1
        }
        try await feed(victimJSON, translator, runtime)
        let victimRoasts = try database.read { try $0.recentRoasts(chat: ChatID(victim), user: UserID(1), limit: 10) }
        #expect(victimRoasts.count == 3)

        var random = SplitMix64(seed: 20_260_211)
        var cases: [Case] = []
        for index in 0..<3_000 {
            let chat = -700_000 - Int64(index)
            let user = 2 + Int64(random.next() % 500)
            cases.append(Self.generate(&random, id: updateID, chat: chat, user: user, victimRoasts: victimRoasts.map(\.id.rawValue)))
            updateID += 1
        }
        try await feed(cases.map(\.json), translator, runtime)

        let sentByChat = Dictionary(grouping: platform.sentMessages, by: { $0.chat.rawValue }).mapValues(\.count)
        var failures: [String] = []
        try database.read { tx in
            for item in cases {
                let roasts = try tx.recentRoasts(chat: ChatID(item.chat), user: UserID(item.user), limit: 10).count
                let sent = sentByChat[item.chat] ?? 0
                let ok: Bool
                switch item.expectation {
                case .answered(let expected): ok = sent >= 1 && roasts == expected
                case .noRows: ok = roasts == 0
                case .ignored: ok = roasts == 0 && sent == 0
                }
                if !ok { failures.append("\(item.expectation) got \(sent) messages, \(roasts) roasts: \(item.json.prefix(160))") }
            }
            for roast in victimRoasts {
                #expect(try tx.reactionCounts(roast: roast.id).values.reduce(0, +) == 0)
                for user in 0..<510 { #expect(try !tx.isFavorite(roast: roast.id, user: UserID(Int64(user)))) }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) cases: \(failures.prefix(5))")
        #expect(try database.integrityCheck() == "ok")
        let answered = cases.filter { if case .answered = $0.expectation { true } else { false } }.count
        print("fuzz: \(cases.count) hostile updates, \(answered) valid commands answered, \(failures.count) failures")
    }

    /// Decodes each update as the poller does (one bad update never fails the batch), translates,
    /// and applies them in batches of 100, then delivers the outbox.
    private func feed(_ updates: [String], _ translator: UpdateTranslator, _ runtime: BotRuntime) async throws {
        var offset: Int64 = 0
        for start in stride(from: 0, to: updates.count, by: 100) {
            let chunk = updates[start..<min(start + 100, updates.count)]
            var envelopes: [IncomingEnvelope] = []
            for json in chunk {
                guard let update = try? JSONDecoder().decode(Update.self, from: Data(json.utf8)) else { continue }
                offset = max(offset, update.updateID + 1)
                if let envelope = translator.translate(update, receivedAt: Date(timeIntervalSince1970: 1_790_000_000)).envelope {
                    envelopes.append(envelope)
                }
            }
            await runtime.pipeline.process(envelopes, from: .telegram, nextOffset: offset)
            await runtime.outbox.deliverPending()
        }
    }

    // MARK: - Generation

    static func generate(_ random: inout SplitMix64, id: Int64, chat: Int64, user: Int64, victimRoasts: [Int64]) -> Case {
        func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
        let odd = pick(oddTexts)
        switch random.next() % 16 {
        case 0, 1:
            let name = pick(["roast", "ROAST", "help", "start", "streak", "badges", "Roast"])
            let suffix = pick(["", "@RoastMeLaterBot", "@roastmelaterbot"])
            let arguments = pick(["", " " + odd, " " + String(repeating: "a", count: 20_000), " meetings 3 " + odd, " \n\t "])
            let roasts = name.lowercased() == "roast" ? 1 : 0
            return Case(
                json: message(id, chat: chat, user: user, text: "/\(name)\(suffix)\(arguments)", command: true), chat: chat, user: user,
                expectation: .answered(roasts: roasts))
        case 2:
            let name = pick(["r0ast", "roast\u{200B}", "ro ast", "💥", "a" + String(repeating: "b", count: 300), "_", "роаст"])
            return Case(
                json: message(id, chat: chat, user: user, text: "/\(name) \(odd)", command: true), chat: chat, user: user,
                expectation: .noRows)
        case 3:
            return Case(
                json: message(id, chat: chat, user: user, text: "/roast@OtherBot \(odd)", command: true), chat: chat, user: user,
                expectation: .ignored)
        case 4:
            // Text that looks like a command but carries no command entity, in a group: not for the bot.
            return Case(
                json: message(id, chat: chat, user: user, text: pick(["/roast", odd, "roast me " + odd]), command: false), chat: chat,
                user: user, expectation: .ignored)
        case 5:
            // Missing optional fields: no from, no text, no entities, no title.
            let shapes = [
                #"{"update_id":\#(id),"message":{"message_id":5,"date":1790000000,"chat":{"id":\#(chat),"type":"supergroup"},"text":"/roast"}}"#,
                #"{"update_id":\#(id),"message":{"message_id":5,"date":1790000000,"chat":{"id":\#(chat),"type":"supergroup"},"from":{"id":\#(user),"is_bot":false,"first_name":"X"}}}"#,
                #"{"update_id":\#(id),"message":{"message_id":5,"date":1790000000,"chat":{"id":\#(chat),"type":"supergroup"},"from":{"id":\#(user),"is_bot":false,"first_name":""},"text":""}}"#,
                #"{"update_id":\#(id),"callback_query":{"id":"q\#(id)","from":{"id":\#(user),"is_bot":false,"first_name":"X"},"chat_instance":"c","data":"r:1:f"}}"#,
                #"{"update_id":\#(id),"callback_query":{"id":"q\#(id)","from":{"id":\#(user),"is_bot":false,"first_name":"X"},"chat_instance":"c","message":{"message_id":9,"date":0,"chat":{"id":\#(chat),"type":"supergroup"}}}}"#,
            ]
            return Case(json: pick(shapes), chat: chat, user: user, expectation: .noRows)
        case 6:
            let kinds = ["poll", "poll_answer", "chat_boost", "business_message", "purchased_paid_media", "future_kind_\(id)"]
            return Case(
                json: #"{"update_id":\#(id),"\#(pick(kinds))":{"id":"x","nested":{"deep":[1,2,{"a":null}]}}}"#, chat: chat, user: user,
                expectation: .ignored)
        case 7:
            let broken = [
                #"{"update_id":\#(id),"message":{"message_id":"five","date":1790000000,"chat":{"id":\#(chat),"type":"supergroup"},"text":"/roast"}}"#,
                #"{"update_id":\#(id),"message":{"message_id":5,"date":1790000000,"chat":"not an object","text":"/roast"}}"#,
                #"{"update_id":\#(id),"message":{"message_id":5,"date":1790000000,"chat":{"id":\#(chat),"type":"hyperspace"},"text":"/roast","entities":[{"type":"bot_command","offset":0,"length":6}]}}"#,
                #"{"update_id":\#(id),"message":{"message_id":5,"date":1790000000,"chat":{"id":\#(chat),"type":"supergroup"},"from":{"id":\#(user),"is_bot":false,"first_name":"X"},"text":"/roast","entities":[{"type":"bot_command","offset":3,"length":900}]}}"#,
                #"{"update_id":\#(id),"message":{"message_id":5,"date":1790000000,"chat":{"id":\#(chat),"type":"supergroup"},"from":{"id":\#(user),"is_bot":false,"first_name":"X"},"text":"/roast","entities":[{"type":"bot_command","offset":-4,"length":-1}]}}"#,
                #"{"update_id":\#(id)}"#,
                #"{"update_id":"\#(id)","message":null}"#,
            ]
            return Case(json: pick(broken), chat: chat, user: user, expectation: .noRows)
        case 8, 9, 10:
            // Forged callback data, including real roast ids of another chat.
            let victim = pick(victimRoasts)
            let data = pick([
                "r:\(victim):f", "f:\(victim)", "a:\(victim)", "r:\(victim):zz", "r:-\(victim):f", "r:99999999999999999999:f", "r:0:f",
                ":::",
                "r:\(victim):f:extra", String(repeating: "r", count: 65), odd, "a:\(victim)\u{0000}",
            ])
            return Case(json: callback(id, chat: chat, user: user, data: data), chat: chat, user: user, expectation: .noRows)
        case 11, 12:
            let emoji = pick(["🔥", "🤣", "👎", "💩", "❤", "🦄"])
            let json =
                #"{"update_id":\#(id),"message_reaction":{"chat":{"id":\#(chat),"type":"supergroup","title":"T"},"message_id":\#(1_000_000 + random.next() % 1_000_000),"user":{"id":\#(user),"is_bot":false,"first_name":"X"},"date":1790000000,"old_reaction":[],"new_reaction":[{"type":"emoji","emoji":"\#(emoji)"}]}}"#
            return Case(json: json, chat: chat, user: user, expectation: .noRows)
        case 13:
            return Case(
                json: message(id, chat: chat, user: user, text: String(repeating: odd, count: 50), command: false), chat: chat, user: user,
                expectation: .ignored)
        case 14:
            // Truncated JSON: the poller's lossy decoding drops it.
            let whole = message(id, chat: chat, user: user, text: "/roast", command: true)
            return Case(json: String(whole.prefix(whole.count / 2)), chat: chat, user: user, expectation: .ignored)
        default:
            // A valid command whose arguments are nothing but odd Unicode.
            return Case(
                json: message(id, chat: chat, user: user, text: "/help " + odd, command: true), chat: chat, user: user,
                expectation: .answered(roasts: 0))
        }
    }

    static func message(_ id: Int64, chat: Int64, user: Int64, text: String, command: Bool) -> String {
        let token = text.prefix { !$0.isWhitespace }
        var message: [String: Any] = [
            "message_id": 10 + id, "date": 1_790_000_000, "text": text,
            "chat": ["id": chat, "type": "supergroup", "title": "Fuzz"],
            "from": ["id": user, "is_bot": false, "first_name": "Fuzzy \(user)", "language_code": "en"],
        ]
        if command { message["entities"] = [["type": "bot_command", "offset": 0, "length": token.utf16.count]] }
        return json(["update_id": id, "message": message])
    }

    static func callback(_ id: Int64, chat: Int64, user: Int64, data: String) -> String {
        json([
            "update_id": id,
            "callback_query": [
                "id": "q\(id)", "chat_instance": "ci", "data": data,
                "from": ["id": user, "is_bot": false, "first_name": "Presser"],
                "message": [
                    "message_id": 500, "date": 1_790_000_000, "chat": ["id": chat, "type": "supergroup", "title": "Fuzz"],
                    "text": "a roast",
                ],
            ],
        ])
    }

    static func json(_ object: [String: Any]) -> String {
        String(decoding: (try? JSONSerialization.data(withJSONObject: object)) ?? Data("{}".utf8), as: UTF8.self)
    }
}
