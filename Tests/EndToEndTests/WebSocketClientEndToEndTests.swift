import FlyingFox
import Foundation
import RoastTesting
import Testing
import WebSocketClient

/// The WebSocket client on real sockets: against FlyingFox's server (ws://), and against a TLS
/// server (wss://, a self-signed certificate) written with Python's standard library.
@Suite(.timeLimit(.minutes(2))) struct WebSocketClientEndToEndTests {
    /// Closes every connection with the given code as soon as it opens.
    struct ClosingHandler: WSMessageHandler {
        let code: UInt16
        func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
            AsyncStream { continuation in
                continuation.yield(.close(WSCloseCode(code, reason: "Authentication failed.")))
                continuation.finish()
            }
        }
    }

    func startServer() async throws -> (HTTPServer, Task<Void, any Error>, UInt16) {
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 60, logger: .disabled)
        await server.appendRoute(
            "GET /echo", to: WebSocketHTTPHandler(handler: MessageFrameWSHandler(handler: EchoWSMessageHandler(), frameSize: 16_384)))
        await server.appendRoute(
            "GET /close4004", to: WebSocketHTTPHandler(handler: MessageFrameWSHandler(handler: ClosingHandler(code: 4004))))
        let task = Task { try await server.run() }
        try await server.waitUntilListening(timeout: 60)
        guard case .ip4(_, let port)? = await server.listeningAddress else { throw CancellationError() }
        return (server, task, port)
    }

    func next(_ iterator: inout AsyncStream<WebSocketEvent>.Iterator) async -> WebSocketEvent? {
        await iterator.next()
    }

    @Test func echoesTextAndAFragmentedBinaryMessageThenClosesCleanly() async throws {
        let (server, task, port) = try await startServer()
        defer { task.cancel() }
        let connection = try await WebSocketConnection.connect(to: "ws://127.0.0.1:\(port)/echo?v=10&encoding=json")
        var events = connection.events.makeAsyncIterator()
        try await connection.send(.text("Xin chào 🔥"))
        #expect(await next(&events) == .message(.text("Xin chào 🔥")))
        // 70,000 bytes: the server sends it back as five frames of at most 16 KiB.
        let big = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try await connection.send(.binary(big))
        #expect(await next(&events) == .message(.binary(big)))
        #expect(await connection.close(code: .normalClosure) == .closedByClient(code: .normalClosure))
        #expect(await next(&events) == .closed(.closedByClient(code: .normalClosure)))
        #expect(await next(&events) == nil)
        await #expect(throws: WebSocketError.closed) { try await connection.send(.text("late")) }
        await server.stop(timeout: 0)
    }

    @Test func reportsTheServersCloseCode() async throws {
        let (server, task, port) = try await startServer()
        defer { task.cancel() }
        let connection = try await WebSocketConnection.connect(to: "ws://127.0.0.1:\(port)/close4004")
        var events = connection.events.makeAsyncIterator()
        #expect(await next(&events) == .closed(.closedByServer(code: WebSocketCloseCode(4004), reason: "Authentication failed.")))
        await server.stop(timeout: 0)
    }

    @Test func refusedUpgradeAndRefusedConnectionAreTypedErrors() async throws {
        let (server, task, port) = try await startServer()
        defer { task.cancel() }
        await #expect(throws: WebSocketError.handshakeRejected(status: 404)) {
            _ = try await WebSocketConnection.connect(to: "ws://127.0.0.1:\(port)/nothing-here")
        }
        await server.stop(timeout: 0)
        let closedPort = LoopbackPort.free()
        do throws(WebSocketError) {
            _ = try await WebSocketConnection.connect(to: "ws://127.0.0.1:\(closedPort)/")
            Issue.record("connected to a port nobody listens on")
        } catch {
            guard case .connectionFailed = error else {
                Issue.record("unexpected \(error)")
                return
            }
        }
        await #expect(throws: WebSocketError.invalidURL) { _ = try await WebSocketConnection.connect(to: "https://127.0.0.1/") }
    }

    // MARK: - TLS

    static let canRunTLSServer: Bool =
        FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") && FileManager.default.isExecutableFile(atPath: "/usr/bin/env")

    @Test(.enabled(if: canRunTLSServer, "needs openssl and python3"))
    func speaksTLSWithoutALPNAndReadsFramesTLSBufferedOrSplit() async throws {
        let server = try TLSWebSocketServer()
        defer { server.stop() }
        var configuration = WebSocketConfiguration()
        configuration.certificateAuthorityFile = server.certificatePath
        let connection = try await WebSocketConnection.connect(
            to: "wss://127.0.0.1:\(server.port)/?v=10&encoding=json", configuration: configuration)
        var events = connection.events.makeAsyncIterator()
        // The server offered h2 and http/1.1 by ALPN; the client offered none, so none was chosen.
        #expect(await next(&events) == .message(.text("alpn=None target=/?v=10&encoding=json")))
        // Three frames in one TLS write.
        #expect(await next(&events) == .message(.text("one")))
        #expect(await next(&events) == .message(.text("two")))
        #expect(await next(&events) == .message(.text("three")))
        // A fragmented message with a ping between its fragments, written in 777-byte pieces.
        #expect(await next(&events) == .message(.text(String(repeating: "x", count: 1_000) + String(repeating: "y", count: 70_000))))
        // The server reports the pong it got for its ping.
        #expect(await next(&events) == .message(.text("pong:ping")))
        try await connection.send(.text("hello over TLS"))
        #expect(await next(&events) == .message(.text("echo:hello over TLS")))
        #expect(await connection.close(code: WebSocketCloseCode(4000), reason: "zombie") == .closedByClient(code: WebSocketCloseCode(4000)))
        #expect(server.log().contains("close 4000"))
        // The server read every client frame's mask bit and key itself (it refuses unmasked frames).
        #expect(!server.log().contains("unmasked frame"))
    }

    @Test(.enabled(if: canRunTLSServer, "needs openssl and python3"))
    func refusesACertificateItDoesNotTrust() async throws {
        let server = try TLSWebSocketServer()
        defer { server.stop() }
        do throws(WebSocketError) {
            _ = try await WebSocketConnection.connect(to: "wss://127.0.0.1:\(server.port)/")
            Issue.record("connected to an untrusted certificate")
        } catch {
            guard case .connectionFailed = error else {
                Issue.record("unexpected \(error)")
                return
            }
        }
    }
}
