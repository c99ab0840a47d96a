import Foundation
import Logging
import Synchronization
import Testing

@testable import roastbot

/// `log_format json`: one object per line with the documented fields, any text escaped, and the
/// secrets scrubbed as in the text format.
struct JSONLogHandlerTests {
    final class Lines: Sendable {
        private let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        func append(_ line: String) { lines.withLock { $0.append(line) } }
    }

    static func logger(_ lines: Lines, secrets: [String] = []) -> Logger {
        var logger = Logger(label: "roastbot.test") { label in
            var handler = JSONLogHandler(label: label) { lines.append($0) }
            handler.logLevel = .trace
            return RedactingLogHandler(wrapping: handler, secrets: secrets)
        }
        logger[metadataKey: "bot"] = "@roast"
        return logger
    }

    static func object(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func eachEventIsOneObjectOnOneLine() throws {
        let lines = Lines()
        Self.logger(lines).warning("delivery postponed", metadata: ["chat": "-100", "attempts": .stringConvertible(3)])
        let line = try #require(lines.all.first)
        #expect(line.hasSuffix("}\n") && line.filter { $0 == "\n" }.count == 1)
        let object = try Self.object(line)
        #expect(object["level"] as? String == "warning")
        #expect(object["logger"] as? String == "roastbot.test")
        #expect(object["message"] as? String == "delivery postponed")
        #expect(object["metadata"] as? [String: String] == ["bot": "@roast", "chat": "-100", "attempts": "3"])
        let time = try #require(object["time"] as? String)
        #expect(time.count == 24 && time.hasSuffix("Z"), "\(time)")
    }

    @Test func anyTextIsEscapedAndNestedMetadataKept() throws {
        let lines = Lines()
        let awkward = "quote \" backslash \\ newline \n tab \t bell \u{7} null \u{0} Tiếng Việt 🔥"
        Self.logger(lines).info(
            "\(awkward)", metadata: ["list": ["a", "b"], "map": ["k": "v"], "text": .string(awkward)])
        let line = try #require(lines.all.first)
        #expect(!line.dropLast().contains("\n"))
        let object = try Self.object(line)
        #expect(object["message"] as? String == awkward)
        let metadata = try #require(object["metadata"] as? [String: Any])
        #expect(metadata["list"] as? [String] == ["a", "b"])
        #expect(metadata["map"] as? [String: String] == ["k": "v"])
        #expect(metadata["text"] as? String == awkward)
    }

    @Test func secretsAreScrubbedFromEveryField() throws {
        let lines = Lines()
        let token = "123456:AAH-secret-token"
        let webhook = "Webhook_Secret-0123456789"
        Self.logger(lines, secrets: [token, webhook]).error(
            "request to https://api.telegram.org/bot\(token)/getMe failed", metadata: ["header": "\(webhook)", "nested": ["\(webhook)"]])
        let line = try #require(lines.all.first)
        #expect(!line.contains("AAH-secret-token") && !line.contains(webhook))
        #expect(line.contains("<redacted>"))
        #expect(try Self.object(line)["message"] is String)
    }

    @Test func levelsBelowTheThresholdAreNotWritten() {
        let lines = Lines()
        var logger = Self.logger(lines)
        logger.logLevel = .info
        logger.debug("hidden")
        logger.info("shown")
        #expect(lines.all.count == 1)
    }
}
