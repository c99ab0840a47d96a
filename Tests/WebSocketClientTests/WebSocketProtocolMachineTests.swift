import Testing

@testable import WebSocketClient

/// The client's protocol conformance, fed the way the network feeds it: whole streams, byte by byte,
/// and in uneven pieces (TLS records rarely match frames).
@Suite struct WebSocketProtocolMachineTests {
    private struct Run {
        var machine = WebSocketProtocolMachine(maximumMessageSize: 1_000)
        var generator = SeededGenerator(seed: 42)
        var messages: [WebSocketMessage] = []
        var written: [WebSocketFrame] = []

        init(maximumMessageSize: Int = 1_000) {
            machine = WebSocketProtocolMachine(maximumMessageSize: maximumMessageSize)
        }

        /// Feeds `bytes` in pieces of the given sizes (cycled), collecting messages and the frames
        /// the client wrote back, decoded as a server would.
        mutating func feed(_ bytes: [UInt8], pieces: [Int] = [Int.max]) throws {
            var offset = 0
            var piece = 0
            while offset < bytes.count {
                let end = min(bytes.count, offset + max(1, pieces[piece % pieces.count]))
                let output = machine.receive(bytes[offset..<end], using: &generator)
                messages += output.messages
                for frameBytes in output.outgoing { written.append(try Self.decodeClientFrame(frameBytes)) }
                offset = end
                piece += 1
            }
        }

        static func decodeClientFrame(_ bytes: [UInt8]) throws -> WebSocketFrame {
            var decoder = WebSocketFrameDecoder(role: .server, maximumPayload: 1 << 20)
            decoder.append(bytes)
            return try #require(try decoder.nextFrame())
        }
    }

    /// A fragmented text message with a ping between its fragments, then a whole binary message.
    private static let conversation: [UInt8] =
        serverBytes(.text, "Xin ", final: false) + serverBytes(.ping, "are you there")
        + serverBytes(.continuation, "chào ", final: false) + serverBytes(.continuation, "🔥", final: true)
        + serverBytes(.binary, [1, 2, 3])

    @Test(arguments: [[Int.max], [1], [2, 3, 5], [7, 1, 13]])
    func joinsFragmentsAndAnswersAPingSentBetweenThemHoweverTheBytesArrive(pieces: [Int]) throws {
        var run = Run()
        try run.feed(Self.conversation, pieces: pieces)
        #expect(run.messages == [.text("Xin chào 🔥"), .binary([1, 2, 3])])
        #expect(run.written == [WebSocketFrame(opcode: .pong, payload: Array("are you there".utf8))])
        #expect(run.machine.phase == .open)
    }

    @Test func acceptsACharacterSplitAcrossFragments() throws {
        let fire = Array("🔥".utf8)
        var run = Run()
        try run.feed(serverBytes(.text, Array(fire[0..<2]), final: false) + serverBytes(.continuation, Array(fire[2...])))
        #expect(run.messages == [.text("🔥")])
    }

    @Test func failsWithInvalidPayloadOnATextMessageThatIsNotUTF8() throws {
        var run = Run()
        try run.feed(serverBytes(.text, [0x7B, 0xC3, 0x28, 0x7D]) + serverBytes(.text, "never delivered"))
        #expect(run.messages.isEmpty)
        #expect(run.written.map(\.opcode) == [.close])
        #expect(run.written.first?.payload.prefix(2) == [0x03, 0xEF])  // 1007
        #expect(run.machine.closure == .failed(WebSocketProtocolError(.invalidPayload, "text message is not valid UTF-8")))
    }

    @Test(
        arguments: [
            (serverBytes(.continuation, "orphan"), "a continuation frame with no message begun"),
            (serverBytes(.text, "a", final: false) + serverBytes(.text, "b"), "a new message began inside a fragmented one"),
            (serverBytes(.close, [0x03]), "close frame with a one-byte payload"),
            (serverBytes(.close, [0x03, 0xED]), "close code 1005 is not allowed on the wire"),
            (serverBytes(.close, [0x03, 0xE7]), "close code 999 is not allowed on the wire"),
        ] as [([UInt8], String)])
    func failsWithProtocolErrorOnMessageRuleViolations(bytes: [UInt8], reason: String) throws {
        var run = Run()
        try run.feed(bytes)
        #expect(run.machine.closure == .failed(WebSocketProtocolError(.protocolError, reason)))
        #expect(run.written.count == 1)
        #expect(run.written.first?.payload.prefix(2) == [0x03, 0xEA])  // 1002
    }

    @Test func boundsAFragmentedMessageByItsWholeSize() throws {
        var run = Run(maximumMessageSize: 10)
        try run.feed(serverBytes(.text, "123456", final: false) + serverBytes(.continuation, "7890", final: false))
        #expect(run.machine.phase == .open)
        try run.feed(serverBytes(.continuation, "1"))
        #expect(run.machine.closure == .failed(WebSocketProtocolError(.messageTooBig, "message over the limit of 10 bytes")))
        #expect(run.written.first?.payload.prefix(2) == [0x03, 0xF1])  // 1009
    }

    @Test func answersTheServersCloseWithTheSameCodeAndDeliversNothingAfterIt() throws {
        var run = Run()
        try run.feed(serverBytes(.close, [0x0F, 0xA4] + Array("Authentication failed.".utf8)) + serverBytes(.text, "late"))
        #expect(run.machine.closure == .closedByServer(code: WebSocketCloseCode(4004), reason: "Authentication failed."))
        #expect(run.written == [WebSocketFrame(opcode: .close, payload: [0x0F, 0xA4])])
        #expect(run.messages.isEmpty)
    }

    @Test func answersACloseWithoutACodeWithoutOne() throws {
        var run = Run()
        try run.feed(serverBytes(.close, []))
        #expect(run.machine.closure == .closedByServer(code: nil, reason: ""))
        #expect(run.written == [WebSocketFrame(opcode: .close, payload: [])])
    }

    @Test func clientCloseCompletesWhenTheServerAnswers() throws {
        var run = Run()
        let closeBytes = try #require(run.machine.close(code: WebSocketCloseCode(4000), reason: "zombie", using: &run.generator))
        #expect(try Run.decodeClientFrame(closeBytes) == WebSocketFrame(opcode: .close, payload: [0x0F, 0xA0] + Array("zombie".utf8)))
        #expect(run.machine.phase == .closeSent(WebSocketCloseCode(4000)))
        // Nothing more goes out once closing began, and data still arriving is dropped.
        #expect(run.machine.encode(.text("x"), using: &run.generator) == nil)
        #expect(run.machine.close(code: .normalClosure, reason: "", using: &run.generator) == nil)
        try run.feed(serverBytes(.text, "in flight") + serverBytes(.close, [0x0F, 0xA0]))
        #expect(run.messages.isEmpty)
        #expect(run.written.isEmpty)
        #expect(run.machine.closure == .closedByClient(code: WebSocketCloseCode(4000)))
    }

    @Test func clientCloseEndsAfterTheTimeoutWhenTheServerNeverAnswers() {
        var run = Run()
        _ = run.machine.close(code: WebSocketCloseCode(4000), reason: "", using: &run.generator)
        run.machine.closeTimedOut()
        #expect(run.machine.closure == .closedByClient(code: WebSocketCloseCode(4000)))
    }

    @Test func endOfStreamWithoutACloseFrameIsALostConnection() {
        var run = Run()
        run.machine.transportEnded()
        #expect(run.machine.closure == .connectionLost)
    }

    @Test func serverFramesThatAreMaskedFailTheConnection() throws {
        var run = Run()
        var generator = SeededGenerator(seed: 9)
        try run.feed(WebSocketFrameEncoder.clientFrame(WebSocketFrame(opcode: .text, payload: [65]), using: &generator))
        #expect(run.machine.closure == .failed(WebSocketProtocolError(.protocolError, "masked frame from the server")))
    }
}
