import Testing

@testable import WebSocketClient

@Suite struct WebSocketFrameDecoderTests {
    @Test(arguments: [0, 1, 125, 126, 127, 65_535, 65_536, 70_000])
    func decodesEveryLengthEncodingFedOneByteAtATime(length: Int) throws {
        let payload = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let bytes = serverBytes(.binary, payload)
        #expect(bytes.count == length + (length <= 125 ? 2 : length <= 65_535 ? 4 : 10))
        var decoder = WebSocketFrameDecoder(role: .client, maximumPayload: 1 << 20)
        var frames: [WebSocketFrame] = []
        for byte in bytes {
            decoder.append([byte])
            while let frame = try decoder.nextFrame() { frames.append(frame) }
        }
        #expect(frames == [WebSocketFrame(opcode: .binary, payload: payload)])
        #expect(decoder.bufferedByteCount == 0)
    }

    @Test func waitsForTheRestOfAFrameSplitAcrossReads() throws {
        let bytes = serverBytes(.text, "hello") + serverBytes(.text, "world")
        var decoder = WebSocketFrameDecoder(role: .client, maximumPayload: 1_024)
        decoder.append(bytes[0..<4])
        #expect(try decoder.nextFrame() == nil)
        decoder.append(bytes[4..<9])
        #expect(try decoder.nextFrame() == WebSocketFrame(opcode: .text, payload: Array("hello".utf8)))
        #expect(try decoder.nextFrame() == nil)
        decoder.append(bytes[9...])
        #expect(try decoder.nextFrame() == WebSocketFrame(opcode: .text, payload: Array("world".utf8)))
    }

    @Test func clientRefusesAMaskedFrameFromTheServer() {
        var generator = SeededGenerator(seed: 1)
        let masked = WebSocketFrameEncoder.clientFrame(WebSocketFrame(opcode: .text, payload: [65]), using: &generator)
        var decoder = WebSocketFrameDecoder(role: .client, maximumPayload: 1_024)
        decoder.append(masked)
        #expect(throws: WebSocketProtocolError(.protocolError, "masked frame from the server")) { try decoder.nextFrame() }
    }

    @Test func serverRefusesAnUnmaskedFrameFromTheClient() {
        var decoder = WebSocketFrameDecoder(role: .server, maximumPayload: 1_024)
        decoder.append(serverBytes(.text, "A"))
        #expect(throws: WebSocketProtocolError(.protocolError, "unmasked frame from the client")) { try decoder.nextFrame() }
    }

    @Test(
        arguments: [
            ([0xC1, 0x00], "reserved bits set without a negotiated extension"),
            ([0x83, 0x00], "reserved opcode"),
            ([0x8B, 0x00], "reserved opcode"),
            ([0x09, 0x00], "fragmented control frame"),
            ([0x89, 0x7E, 0x00, 0x7E], "control frame longer than 125 bytes"),
            ([0x82, 0x7E, 0x00, 0x05], "16-bit length used for a short payload"),
            ([0x82, 0x7F, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF], "64-bit length used for a shorter payload"),
            ([0x82, 0x7F, 0x80, 0, 0, 0, 0, 0, 0, 0], "64-bit length with the top bit set"),
        ] as [([UInt8], String)])
    func refusesFramesThatBreakTheFrameRules(bytes: [UInt8], reason: String) {
        var decoder = WebSocketFrameDecoder(role: .client, maximumPayload: 1 << 20)
        decoder.append(bytes)
        #expect(throws: WebSocketProtocolError(.protocolError, reason)) { try decoder.nextFrame() }
    }

    @Test func refusesAnOversizedFrameFromItsHeaderBeforeBufferingIt() {
        var decoder = WebSocketFrameDecoder(role: .client, maximumPayload: 1_000)
        // A 64-bit length of 1 TiB: refused from the ten header bytes alone.
        decoder.append([0x82, 0x7F, 0, 0, 0x01, 0, 0, 0, 0, 0])
        #expect(throws: WebSocketProtocolError(.messageTooBig, "frame of 1099511627776 bytes over the limit of 1000")) {
            try decoder.nextFrame()
        }
    }
}
