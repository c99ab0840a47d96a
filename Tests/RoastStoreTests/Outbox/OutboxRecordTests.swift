import CardModel
import ChatPlatform
import Foundation
import RoastCore
import Testing

@testable import RoastStore

/// The outbox's one stored format: the hand-written JSON must be the very document `JSONEncoder` writes
/// from the `Codable` conformance, so that the writer and the reader agree; rows of format 1, written
/// by the versions before destinations, still read as the same actions.
struct OutboxRecordTests {
    static let oddText =
        "quote \" backslash \\ slash / newline \n tab \t cr \r bell \u{7} nul \u{0} unit \u{1F} "
        + "RTL \u{202E}مرحبا zero-width \u{200B}\u{200D} combining e\u{301} flag 🇻🇳 family 👨‍👩‍👧 Tiếng Việt"

    static let actions: [QueuedAction] = [
        .send(OutboxTests.richMessage),
        .send(OutgoingMessage(text: "")),
        .send(OutgoingMessage(text: RichText(plain: oddText), buttons: [[Button(oddText, data: "r:1:f")], []])),
        .send(OutgoingMessage(text: RichText([.link(url: "https://t.me/x?a=\"1\"", text: oddText), .mention(UserID(-7), name: oddText)]))),
        .edit(MessageID(31), OutboxTests.richMessage),
        .edit(MessageID(Int64.max), OutgoingMessage(text: RichText([.bold(""), .italic(oddText), .code("\\")]), silent: true)),
        .editButtons(MessageID(31), [[Button(oddText, data: "r:1:f"), Button("⭐", data: "f:1")], []]),
        .editButtons(MessageID(-1), []),
        .document(OutgoingDocument(filename: "export.json", contents: Array(0...255), caption: RichText(plain: oddText))),
        .document(OutgoingDocument(filename: oddText, contents: [])),
        .document(OutgoingDocument(filename: "export.json", contents: [1], replyTo: MessageID(5120), topic: TopicID(77))),
        .photo(
            Photo(
                image: PictureOrder(
                    picture: .card(
                        RoastCard(
                            text: oddText, language: .vi, category: .codeReviews, spice: SpiceLevel(clamping: 5), template: .sunset,
                            format: .story, deepLink: "t.me/RoastMeLaterBot?start=roast_code_reviews_5")),
                    card: CardKey(roast: RoastID(7), template: .sunset, format: .story), requester: UserID(3),
                    fallback: RichText(plain: oddText)),
                caption: RichText([.bold(oddText)]), buttons: [[Button("✓ Sunset", data: "k:7:sunset:story")]], replyTo: MessageID(9),
                topic: TopicID(77))),
        .photo(
            Photo(
                image: PictureOrder(
                    picture: .heatmap(
                        StreakHeatmap(
                            activeDays: [LocalDate(year: 2026, month: 1, day: 2), LocalDate(year: 2025, month: 12, day: 30)],
                            today: LocalDate(year: 2026, month: 1, day: 2), currentStreak: 1, longestStreak: 9, nextMilestone: 3,
                            language: .en)),
                    fallback: RichText(plain: "x")))),
    ]

    /// Actions added to format 2 after it was first written (see ``rowsOfFormatTwoWrittenBeforeEditPhotoReadTheSame()``).
    static let laterActions: [QueuedAction] = [
        .editPhoto(
            MessageID(44),
            Photo(
                image: PictureOrder(
                    picture: .card(
                        RoastCard(
                            text: oddText, language: .en, category: .codeReviews, spice: SpiceLevel(clamping: 2), template: .midnight,
                            format: .post, deepLink: "t.me/RoastMeLaterBot?start=roast_code_reviews_2", collectionLabel: oddText)),
                    card: CardKey(roast: RoastID(7), template: .midnight, format: .post), requester: UserID(3),
                    fallback: RichText(plain: oddText)),
                caption: RichText(plain: oddText), buttons: [[Button("✓ Midnight", data: "k:7:midnight:post")], []])),
        .editPhoto(
            MessageID(Int64.min),
            Photo(
                image: PictureOrder(
                    picture: .card(
                        RoastCard(
                            text: "", language: .vi, category: .deadlines, spice: SpiceLevel(clamping: 1), template: .paper, format: .story,
                            deepLink: "")),
                    fallback: RichText([])), replyTo: MessageID(9), topic: TopicID(77))),
    ]

    /// Each action alone, for one person, and in answer to an interaction.
    static let records: [OutboxRecord] = (actions + laterActions).flatMap { action in
        [
            OutboxRecord(action: action), OutboxRecord(action: action, person: UserID(42)),
            OutboxRecord(action: action, person: UserID(Int64.max), interaction: Interaction(handle: oddText)),
        ]
    }

    @Test(arguments: records)
    func writesWhatJSONEncoderWritesWithSortedKeys(record: OutboxRecord) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let expected = String(decoding: try encoder.encode(record), as: UTF8.self)
        #expect(record.json == expected)
    }

    @Test(arguments: records)
    func codableReadsBackTheSameRecord(record: OutboxRecord) throws {
        let decoded = try JSONDecoder().decode(OutboxRecord.self, from: Data(record.json.utf8))
        #expect(decoded == record)
    }

    @Test func writesItsVersion() throws {
        let object = try JSONSerialization.jsonObject(with: Data(OutboxRecord(action: .send(OutgoingMessage(text: "a"))).json.utf8))
        #expect((object as? [String: Any])?["v"] as? Int == OutboxRecord.version)
    }

    /// `Fixtures/outbox-v1.jsonl`: the payloads the version before destinations wrote for ``actions``
    /// (its writer's own output, one per line), read as the same actions for the whole chat.
    @Test func rowsOfFormatOneReadAsTheSameActions() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/outbox-v1.jsonl")
        let lines = try String(contentsOf: fixture, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count == Self.actions.count)
        for (line, action) in zip(lines, Self.actions) {
            #expect(!line.contains("\"v\""))
            #expect(try JSONDecoder().decode(OutboxRecord.self, from: Data(line.utf8)) == OutboxRecord(action: action))
        }
    }

    /// `Fixtures/outbox-v2.jsonl`: the payloads format 2's writer wrote for ``actions`` (each alone, for
    /// one person, in answer to an interaction) before `editPhoto` was added to it, read as the same
    /// records: the addition changed nothing a queue left by that version holds.
    @Test func rowsOfFormatTwoWrittenBeforeEditPhotoReadTheSame() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/outbox-v2.jsonl")
        let lines = try String(contentsOf: fixture, encoding: .utf8).split(separator: "\n").map(String.init)
        let written = Array(Self.records.prefix(Self.actions.count * 3))
        #expect(lines.count == written.count)
        for (line, record) in zip(lines, written) {
            #expect(line.contains(#""v":2"#))
            #expect(try JSONDecoder().decode(OutboxRecord.self, from: Data(line.utf8)) == record)
            #expect(record.json == line, "the writer still writes these rows as it did")
        }
    }

    @Test func aNewerFormatIsNotReadAsThisOne() {
        #expect(throws: (any Error).self) {
            try JSONDecoder().decode(OutboxRecord.self, from: Data(#"{"action":{"type":"send"},"v":3}"#.utf8))
        }
    }
}

/// Generated outbox actions: every case, every span, every optional field set and unset, and text
/// drawn from characters JSON must escape and Unicode that is easy to mangle.
struct OutboxPayloadPropertyTests {
    /// Pieces text is built from: JSON's escapes and control characters, RTL marks, combining
    /// marks, zero-width joiners, emoji sequences, Vietnamese, the largest scalars.
    static let pieces = [
        "\"", "\\", "/", "\n", "\r", "\t", "\u{8}", "\u{C}", "\u{0}", "\u{1F}", "\u{7F}", "\u{2028}", "\u{202E}", "\u{200B}", "\u{200D}",
        "e\u{301}", "ằ", "ẫ", "ỡ", "Đ", "👨‍💻", "🏳️‍🌈", "🇻🇳", "\u{10FFFF}", "\u{FFFD}", "a", " ", "<b>", "&amp;", "\u{FEFF}",
    ]

    struct Generator {
        var random: SplitMix64

        mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
        mutating func bool() -> Bool { Bool.random(using: &random) }

        mutating func text() -> String {
            (0..<int(0...12)).map { _ in OutboxPayloadPropertyTests.pieces[int(0...OutboxPayloadPropertyTests.pieces.count - 1)] }.joined()
        }

        mutating func span() -> RichText.Span {
            switch int(0...5) {
            case 0: .plain(text())
            case 1: .bold(text())
            case 2: .italic(text())
            case 3: .code(text())
            case 4: .mention(UserID(Int64.random(in: Int64.min...Int64.max, using: &random)), name: text())
            default: .link(url: text(), text: text())
            }
        }

        mutating func richText() -> RichText { RichText((0..<int(0...5)).map { _ in span() }) }

        mutating func message() -> OutgoingMessage {
            OutgoingMessage(
                text: richText(), buttons: (0..<int(0...3)).map { _ in (0..<int(0...3)).map { _ in Button(text(), data: text()) } },
                replyTo: bool() ? MessageID(Int64.random(in: Int64.min...Int64.max, using: &random)) : nil,
                topic: bool() ? TopicID(Int64.random(in: Int64.min...Int64.max, using: &random)) : nil, silent: bool())
        }

        mutating func action() -> QueuedAction {
            switch int(0...3) {
            case 0: .send(message())
            case 1: .edit(MessageID(Int64.random(in: Int64.min...Int64.max, using: &random)), message())
            case 2: .editButtons(MessageID(Int64.random(in: Int64.min...Int64.max, using: &random)), message().buttons)
            default:
                .document(
                    OutgoingDocument(
                        filename: text(), contents: (0..<int(0...64)).map { _ in UInt8.random(in: 0...255, using: &random) },
                        caption: bool() ? richText() : nil,
                        replyTo: bool() ? MessageID(Int64.random(in: Int64.min...Int64.max, using: &random)) : nil,
                        topic: bool() ? TopicID(Int64.random(in: Int64.min...Int64.max, using: &random)) : nil))
            }
        }
    }

    static func generated(_ count: Int) -> [OutboxRecord] {
        var generator = Generator(random: SplitMix64(seed: 2_026))
        return (0..<count).map { _ in
            OutboxRecord(
                action: generator.action(),
                person: generator.bool() ? UserID(Int64.random(in: Int64.min...Int64.max, using: &generator.random)) : nil,
                interaction: generator.bool() ? Interaction(handle: generator.text()) : nil)
        }
    }

    @Test func writerAndDecoderAgreeOnGeneratedRecords() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for record in Self.generated(2_000) {
            let written = record.json
            #expect(written == String(decoding: try encoder.encode(record), as: UTF8.self))
            #expect(try JSONDecoder().decode(OutboxRecord.self, from: Data(written.utf8)) == record)
        }
    }

    /// A field added to a message or a document must be written (and generated here): every stored
    /// property shows up in some generated payload.
    @Test func theGeneratorSetsEveryFieldOfMessagesAndDocuments() throws {
        var messageKeys: Set<String> = []
        var documentKeys: Set<String> = []
        for record in Self.generated(300) {
            let written = try #require(try JSONSerialization.jsonObject(with: Data(record.json.utf8)) as? [String: Any])
            let object = try #require(written["action"] as? [String: Any])
            if let message = object["message"] as? [String: Any] { messageKeys.formUnion(message.keys) }
            if object["type"] as? String == "document" { documentKeys.formUnion(object.keys) }
        }
        let messageFields = Set(Mirror(reflecting: OutgoingMessage(text: "")).children.compactMap(\.label))
        let documentFields = Set(Mirror(reflecting: OutgoingDocument(filename: "", contents: [])).children.compactMap(\.label))
        #expect(messageKeys == messageFields)
        #expect(documentFields.isSubset(of: documentKeys))
    }
}
