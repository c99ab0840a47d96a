import ChatPlatform
import Logging
import RoastStore
import Testing

@testable import roastbot

/// People in log lines: a person's id (a private chat's id, a user id) becomes a stable pseudonym
/// keyed by the database's secret, wherever a log site puts it; a group's id stays as it is.
struct PseudonymisingLogHandlerTests {
    static let key: [UInt8] = Array(0..<32)

    static func logged(_ metadata: Logger.Metadata, pseudonyms: LogPseudonyms) -> [String: String] {
        let lines = JSONLogHandlerTests.Lines()
        let logger = Logger(label: "roastbot.test") { label in
            var handler = JSONLogHandler(label: label) { lines.append($0) }
            handler.logLevel = .trace
            return PseudonymisingLogHandler(wrapping: RedactingLogHandler(wrapping: handler, secrets: []), pseudonyms: pseudonyms)
        }
        logger.notice("something happened", metadata: metadata)
        let object = (try? JSONLogHandlerTests.object(lines.all.first ?? "{}")) ?? [:]
        return object["metadata"] as? [String: String] ?? [:]
    }

    @Test(arguments: [
        ("chat", Logger.MetadataValue.string("851"), true),
        ("chat", .stringConvertible(ChatID(851)), true),
        ("user", .stringConvertible(UserID(851)), true),
        ("requester", .string("851"), true),
        ("from", .string("851"), true),
        ("anything", .stringConvertible(UserID(851)), true),
        ("anything", .stringConvertible(ChatID(851)), true),
        ("chat", .string("-1001234"), false),
        ("chat", .stringConvertible(ChatID(-1_001_234)), false),
        ("update", .string("851"), false),
        ("rows", .stringConvertible(851), false),
    ])
    func peoplesIdsBecomePseudonyms(key: String, value: Logger.MetadataValue, personal: Bool) {
        let pseudonyms = LogPseudonyms()
        pseudonyms.install(key: Self.key)
        let logged = Self.logged([key: value], pseudonyms: pseudonyms)[key]
        let expected = "u" + KeyedDigest(key: Self.key).hex("log:851").prefix(12)
        if personal {
            #expect(logged == expected)
        } else {
            #expect(logged == value.description)
        }
    }

    @Test func thePseudonymIsStableAndDiffersBetweenPeopleAndDatabases() {
        let pseudonyms = LogPseudonyms()
        #expect(pseudonyms.pseudonym(of: 851) == "u?", "no id before the database's secret is known")
        pseudonyms.install(key: Self.key)
        let first = pseudonyms.pseudonym(of: 851)
        #expect(first == pseudonyms.pseudonym(of: 851))
        #expect(first != pseudonyms.pseudonym(of: 852))
        #expect(first.count == 13 && !first.contains("851"))
        let other = LogPseudonyms()
        other.install(key: Array(repeating: 7, count: 32))
        #expect(other.pseudonym(of: 851) != first)
    }
}
