import Testing

@testable import WebSocketClient

@Suite struct WebSocketFrameEncoderTests {
    @Test func clientFramesAreMaskedWithAFreshKeyEachTime() throws {
        var generator = SeededGenerator(seed: 7)
        let frame = WebSocketFrame(opcode: .text, payload: Array(#"{"op":1,"d":null}"#.utf8))
        let first = WebSocketFrameEncoder.clientFrame(frame, using: &generator)
        let second = WebSocketFrameEncoder.clientFrame(frame, using: &generator)
        #expect(first[1] & 0x80 != 0)
        #expect(first[2..<6] != second[2..<6])
        // The payload on the wire is not the plain text, and unmasks back to it.
        #expect(Array(first[6...]) != frame.payload)
        let key = Array(first[2..<6])
        #expect(first[6...].enumerated().map { $0.element ^ key[$0.offset % 4] } == frame.payload)
        var decoder = WebSocketFrameDecoder(role: .server, maximumPayload: 1_024)
        decoder.append(first + second)
        #expect(try decoder.nextFrame() == frame)
        #expect(try decoder.nextFrame() == frame)
    }

    @Test(arguments: [125, 126, 65_535, 65_536])
    func maskedFramesOfEveryLengthEncodingDecode(length: Int) throws {
        var generator = SeededGenerator(seed: UInt64(length))
        let frame = WebSocketFrame(opcode: .binary, payload: (0..<length).map { UInt8(truncatingIfNeeded: $0) })
        var decoder = WebSocketFrameDecoder(role: .server, maximumPayload: 1 << 20)
        decoder.append(WebSocketFrameEncoder.clientFrame(frame, using: &generator))
        #expect(try decoder.nextFrame() == frame)
    }

    @Test func closePayloadCarriesTheCodeAndAReasonCutAtACharacterBoundary() {
        #expect(
            WebSocketFrameEncoder.closePayload(code: WebSocketCloseCode(4000), reason: "zombie") == [0x0F, 0xA0] + Array("zombie".utf8))
        let long = String(repeating: "é", count: 100)  // 200 bytes; 123 would cut one in half.
        let payload = WebSocketFrameEncoder.closePayload(code: .normalClosure, reason: long)
        #expect(payload.count == 2 + 122)
        #expect(String(validating: payload.dropFirst(2), as: UTF8.self) == String(repeating: "é", count: 61))
    }
}
