import Testing

@testable import HTTPServing

/// The request head as the listener reads it: what it accepts, what it refuses and with which
/// status, and that it looks at each byte once, refusing a line over its limit as soon as it is.
struct RequestHeadParserTests {
    static let limits: HTTPLimits = {
        var limits = HTTPLimits()
        limits.requestLineBytes = 64
        limits.headBytes = 256
        limits.headerFields = 4
        return limits
    }()

    static func parse(_ text: String, limits: HTTPLimits = limits) -> RequestHeadParser.Outcome {
        var parser = RequestHeadParser(limits: limits)
        return parser.parse(Array(text.utf8))
    }

    static func head(_ text: String) -> RequestHead? {
        if case .head(let head, _) = parse(text) { return head }
        return nil
    }

    @Test func aPostWithABodyIsReadWithItsFraming() throws {
        let text =
            "POST /telegram/hook?x=1 HTTP/1.1\r\nHost: bot\r\nContent-Length: 12\r\nX-Telegram-Bot-Api-Secret-Token:  s3cret \r\n\r\n{\"a\":1}"
        guard case .head(let head, let length) = Self.parse(text) else {
            Issue.record("not parsed")
            return
        }
        #expect(length == text.utf8.count - 7, "the body is not part of the head")
        #expect(head.method == "POST")
        #expect(head.target == "/telegram/hook?x=1")
        #expect(head.path == "/telegram/hook")
        #expect(head.framing == .length(12))
        #expect(head.keepAlive)
        #expect(head.field("x-telegram-bot-api-secret-token") == "s3cret", "names without case, values without the spaces around")
        #expect(head.field("X-Telegram-Bot-Api-Secret-Token") == "s3cret")
    }

    @Test(arguments: [
        ("GET / HTTP/1.1\r\nHost: a\r\n\r\n", true, RequestHead.Framing.none),
        ("GET / HTTP/1.1\nHost: a\n\n", true, .none),
        ("\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n", true, .none),
        ("GET / HTTP/1.1\r\nHost: a\r\nConnection: Close\r\n\r\n", false, .none),
        ("GET / HTTP/1.0\r\n\r\n", false, .none),
        ("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", true, .none),
        ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n", true, .chunked),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 7, 7\r\n\r\n", true, .length(7)),
        ("OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n", true, .none),
    ])
    func wellFormedHeadsAreAccepted(text: String, keepAlive: Bool, framing: RequestHead.Framing) throws {
        let head = try #require(Self.head(text))
        #expect(head.keepAlive == keepAlive)
        #expect(head.framing == framing)
    }

    @Test func anInterimAnswerIsAwaitedOnlyWhenAsked() throws {
        #expect(try #require(Self.head("POST / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 1\r\n\r\n")).expectsContinue)
        #expect(try #require(Self.head("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\n\r\n")).expectsContinue == false)
    }

    @Test(arguments: [
        ("GET / HTTP/1.1\r\n\r\n", 400),  // no Host
        ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
        ("GET / HTTP/2.0\r\nHost: a\r\n\r\n", 505),
        ("GET / HTTP/1.2\r\nHost: a\r\n\r\n", 505),
        ("GET / HTTPS/1.1\r\nHost: a\r\n\r\n", 400),
        ("GET  / HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("GET /a b HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("G@T / HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("GET http://a/ HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost : a\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\rb\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\nX: \u{0}\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\n: empty name\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501),
        ("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n", 501),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 0x10\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999999999999999\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: a\r\nExpect: telepathy\r\n\r\n", 417),
        ("GET / HTTP/1.1\r\nHost: a\r\nA: 1\r\nB: 2\r\nC: 3\r\nD: 4\r\n\r\n", 431),  // a fifth field
    ])
    func malformedOrUnsupportedHeadsAreRefused(text: String, status: Int) {
        guard case .refused(let refusal) = Self.parse(text) else {
            Issue.record("accepted: \(text.debugDescription)")
            return
        }
        #expect(refusal.status == status, "\(text.debugDescription): \(refusal.reason)")
    }

    /// Issue 25 §1: a line over its limit is refused as soon as it is longer than the limit — the
    /// parser never waits for its end, and never looks at a byte twice.
    @Test(arguments: [
        ("GET /" + String(repeating: "a", count: 100), 414),
        ("GET / HTTP/1.1\r\nHost: a\r\nX-Long: " + String(repeating: "a", count: 1_000), 431),
        ("GET / HTTP/1.1\r\nHost: a\r\nA: " + String(repeating: "a", count: 100) + "\r\nB: " + String(repeating: "b", count: 200), 431),
    ])
    func aLineOverItsLimitIsRefusedAsSoonAsItIs(text: String, status: Int) {
        var parser = RequestHeadParser(limits: Self.limits)
        var buffer: [UInt8] = []
        var outcome = RequestHeadParser.Outcome.incomplete
        for byte in text.utf8 {
            buffer.append(byte)
            outcome = parser.parse(buffer)
            if outcome != .incomplete { break }
        }
        guard case .refused(let refusal) = outcome else {
            Issue.record("not refused")
            return
        }
        #expect(refusal.status == status)
        let limit = status == 414 ? Self.limits.requestLineBytes : Self.limits.headBytes
        #expect(buffer.count <= limit + 1, "refused at \(buffer.count) bytes")
    }

    @Test func aHeadReadByteByByteIsTheSameHead() throws {
        let text = "POST /hook HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\n"
        var parser = RequestHeadParser(limits: Self.limits)
        var buffer: [UInt8] = []
        var outcomes: [RequestHeadParser.Outcome] = []
        for byte in text.utf8 {
            buffer.append(byte)
            outcomes.append(parser.parse(buffer))
        }
        #expect(outcomes.dropLast().allSatisfy { $0 == .incomplete })
        #expect(outcomes.last == Self.parse(text))
    }

    @Test func aParserResetReadsTheNextRequest() throws {
        var parser = RequestHeadParser(limits: Self.limits)
        let first = Array("GET /a HTTP/1.1\r\nHost: a\r\n\r\n".utf8)
        let second = Array("GET /b HTTP/1.1\r\nHost: a\r\n\r\n".utf8)
        guard case .head(let head, let length) = parser.parse(first + second) else {
            Issue.record("not parsed")
            return
        }
        #expect(head.path == "/a" && length == first.count)
        parser.reset()
        guard case .head(let next, _) = parser.parse(second) else {
            Issue.record("not parsed")
            return
        }
        #expect(next.path == "/b")
    }
}
