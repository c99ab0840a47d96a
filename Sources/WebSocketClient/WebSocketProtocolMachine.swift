/// The client end of an open WebSocket connection, without I/O: bytes received go in, messages for
/// the application and bytes to write come out. Pings are answered with pongs, a server's close
/// frame is echoed, a protocol violation is answered with a close frame carrying its code, and once
/// the connection is over nothing more is delivered or sent.
struct WebSocketProtocolMachine {
    enum Phase: Sendable, Hashable {
        case open
        /// The client sent a close frame with this code and waits for the server's.
        case closeSent(WebSocketCloseCode)
        /// The connection is over; the transport may be dropped once the pending bytes are written.
        case closed(WebSocketClosure)
    }

    /// What receiving some bytes produced.
    struct Output: Sendable {
        var messages: [WebSocketMessage] = []
        /// Frames to write, in order (pongs, the echo of a close frame, a close frame for an error).
        var outgoing: [[UInt8]] = []
    }

    private(set) var phase: Phase = .open
    private var decoder: WebSocketFrameDecoder
    private var assembler: WebSocketMessageAssembler

    init(maximumMessageSize: Int) {
        decoder = WebSocketFrameDecoder(role: .client, maximumPayload: maximumMessageSize)
        assembler = WebSocketMessageAssembler(maximumMessageSize: maximumMessageSize)
    }

    /// How the connection ended, once it has.
    var closure: WebSocketClosure? {
        guard case .closed(let closure) = phase else { return nil }
        return closure
    }

    /// Takes bytes from the server, in pieces of any size.
    mutating func receive(_ bytes: some Sequence<UInt8>, using generator: inout some RandomNumberGenerator) -> Output {
        var output = Output()
        guard closure == nil else { return output }
        decoder.append(bytes)
        do throws(WebSocketProtocolError) {
            while closure == nil, let frame = try decoder.nextFrame() {
                guard let event = try assembler.receive(frame) else { continue }
                handle(event, into: &output, using: &generator)
            }
        } catch {
            if case .open = phase {
                let payload = WebSocketFrameEncoder.closePayload(code: error.closeCode, reason: error.reason)
                output.outgoing.append(WebSocketFrameEncoder.clientFrame(.init(opcode: .close, payload: payload), using: &generator))
            }
            phase = .closed(.failed(error))
        }
        return output
    }

    /// The bytes of `message` to write, or nil when the connection is closing or closed.
    mutating func encode(_ message: WebSocketMessage, using generator: inout some RandomNumberGenerator) -> [UInt8]? {
        guard case .open = phase else { return nil }
        let frame =
            switch message {
            case .text(let text): WebSocketFrame(opcode: .text, payload: Array(text.utf8))
            case .binary(let bytes): WebSocketFrame(opcode: .binary, payload: bytes)
            }
        return WebSocketFrameEncoder.clientFrame(frame, using: &generator)
    }

    /// Starts the closing handshake: the close frame to write, or nil when closing already began.
    mutating func close(
        code: WebSocketCloseCode, reason: String, using generator: inout some RandomNumberGenerator
    ) -> [UInt8]? {
        guard case .open = phase else { return nil }
        phase = .closeSent(code)
        let payload = WebSocketFrameEncoder.closePayload(code: code, reason: reason)
        return WebSocketFrameEncoder.clientFrame(.init(opcode: .close, payload: payload), using: &generator)
    }

    /// The server did not answer a close frame in time.
    mutating func closeTimedOut() {
        guard case .closeSent(let code) = phase else { return }
        phase = .closed(.closedByClient(code: code))
    }

    /// The TCP or TLS connection ended (EOF or error): after a close frame was sent this completes
    /// the handshake; before, the connection was lost.
    mutating func transportEnded() {
        switch phase {
        case .open: phase = .closed(.connectionLost)
        case .closeSent(let code): phase = .closed(.closedByClient(code: code))
        case .closed: break
        }
    }

    /// ``WebSocketConnection/abort()`` was called.
    mutating func abort() {
        guard closure == nil else { return }
        phase = .closed(.aborted)
    }

    private mutating func handle(
        _ event: WebSocketMessageAssembler.Output, into output: inout Output, using generator: inout some RandomNumberGenerator
    ) {
        switch (event, phase) {
        case (.message(let message), .open):
            output.messages.append(message)
        case (.ping(let payload), .open):
            output.outgoing.append(WebSocketFrameEncoder.clientFrame(.init(opcode: .pong, payload: payload), using: &generator))
        case (.close(let code, let reason), .open):
            // Echo the code (RFC 6455 §5.5.1); a close frame without one is answered without one.
            let payload = code.map { WebSocketFrameEncoder.closePayload(code: $0, reason: "") } ?? []
            output.outgoing.append(WebSocketFrameEncoder.clientFrame(.init(opcode: .close, payload: payload), using: &generator))
            phase = .closed(.closedByServer(code: code, reason: reason))
        case (.close, .closeSent(let code)):
            phase = .closed(.closedByClient(code: code))
        case (.message, _), (.ping, _), (.pong, _), (.close, _):
            // Data after the client began closing is dropped; pongs answer nothing the client sends.
            break
        }
    }
}
