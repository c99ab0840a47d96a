import Testing

@testable import WebSocketClient

@Suite struct WebSocketHandshakeTests {
    @Test func acceptValueIsTheRFCExample() {
        // RFC 6455 §1.3.
        #expect(WebSocketHandshake.acceptValue(for: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test func requestAsksForVersion13WithASixteenByteKey() throws {
        var generator = SeededGenerator(seed: 3)
        let url = try #require(WebSocketURL("ws://127.0.0.1:8080/gateway?v=10&encoding=json"))
        let handshake = WebSocketHandshake(url: url, using: &generator)
        let request = String(decoding: handshake.request(userAgent: "roastbot/1.0"), as: UTF8.self)
        let lines = request.components(separatedBy: "\r\n")
        #expect(lines.first == "GET /gateway?v=10&encoding=json HTTP/1.1")
        #expect(lines.contains("Host: 127.0.0.1:8080"))
        #expect(lines.contains("Upgrade: websocket"))
        #expect(lines.contains("Connection: Upgrade"))
        #expect(lines.contains("Sec-WebSocket-Version: 13"))
        #expect(lines.contains("Sec-WebSocket-Key: \(handshake.key)"))
        #expect(request.hasSuffix("\r\n\r\n"))
        #expect(Array(handshake.key.utf8).count == 24)
    }

    private func answer(_ handshake: WebSocketHandshake, status: String = "101 Switching Protocols", extra: [String] = []) -> [UInt8] {
        let lines =
            [
                "HTTP/1.1 \(status)", "upgrade: WebSocket", "Connection: keep-alive, Upgrade",
                "Sec-WebSocket-Accept: \(WebSocketHandshake.acceptValue(for: handshake.key))",
            ] + extra
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    @Test func acceptsAnAnswerInPiecesAndKeepsTheBytesAfterIt() throws {
        var generator = SeededGenerator(seed: 4)
        var handshake = WebSocketHandshake(url: try #require(WebSocketURL("wss://gateway.discord.gg")), using: &generator)
        let firstFrame = serverBytes(.text, #"{"op":10}"#)
        let bytes = answer(handshake) + firstFrame
        var leftover: [UInt8]?
        for byte in bytes where leftover == nil {
            leftover = try handshake.receive([byte])
        }
        // Fed byte by byte, the head ends exactly at the blank line; the frame comes in later reads.
        #expect(leftover == [])
        var again = WebSocketHandshake(url: try #require(WebSocketURL("wss://gateway.discord.gg")), using: &generator)
        #expect(try again.receive(answer(again) + firstFrame) == firstFrame)
    }

    @Test func refusesAnotherStatusWithIt() throws {
        var generator = SeededGenerator(seed: 5)
        var handshake = WebSocketHandshake(url: try #require(WebSocketURL("ws://localhost")), using: &generator)
        #expect(throws: WebSocketError.handshakeRejected(status: 404)) { try handshake.receive(answer(handshake, status: "404 Not Found")) }
    }

    @Test func refusesAWrongAcceptValue() throws {
        var generator = SeededGenerator(seed: 6)
        var handshake = WebSocketHandshake(url: try #require(WebSocketURL("ws://localhost")), using: &generator)
        let bytes = Array("HTTP/1.1 101 OK\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: bm9wZQ==\r\n\r\n".utf8)
        #expect(throws: WebSocketError.handshakeInvalid("wrong Sec-WebSocket-Accept")) { try handshake.receive(bytes) }
    }

    @Test func refusesAnExtensionNobodyAskedFor() throws {
        var generator = SeededGenerator(seed: 8)
        var handshake = WebSocketHandshake(url: try #require(WebSocketURL("ws://localhost")), using: &generator)
        let bytes = answer(handshake, extra: ["Sec-WebSocket-Extensions: permessage-deflate"])
        #expect(throws: WebSocketError.handshakeInvalid("an extension nobody asked for")) { try handshake.receive(bytes) }
    }

    @Test func refusesAnEndlessHead() throws {
        var generator = SeededGenerator(seed: 10)
        var handshake = WebSocketHandshake(url: try #require(WebSocketURL("ws://localhost")), using: &generator)
        #expect(try handshake.receive(Array("HTTP/1.1 101 OK\r\n".utf8)) == nil)
        #expect(throws: WebSocketError.handshakeInvalid("answer head too long")) {
            try handshake.receive(Array(repeating: UInt8(ascii: "a"), count: WebSocketHandshake.maximumResponseHeadBytes))
        }
    }
}
