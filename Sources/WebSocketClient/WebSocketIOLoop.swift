import Foundation
import Synchronization

/// The dedicated thread of one connection: it connects, does the handshake, then waits in `poll()` on
/// the socket and a pipe that other threads write to when they queue a send, a close or an abort.
/// Swift's cooperative pool never blocks on this connection; messages go out through an `AsyncStream`.
///
/// `@unchecked Sendable`: the stream, the protocol machine and the write queue belong to the thread;
/// what other threads touch is in `inbox` (a `Mutex`). The wake pipe is written only under that lock
/// and only before `finished` is set, and the thread closes it only after setting `finished` under
/// the lock, so a wakeup never reaches a closed (or reused) descriptor. (A pipe, not an eventfd:
/// Swift's Glibc module imports neither `eventfd` nor `pipe2`.)
final class WebSocketIOLoop: @unchecked Sendable {
    typealias ConnectContinuation = CheckedContinuation<Result<Void, WebSocketError>, Never>
    typealias SendContinuation = CheckedContinuation<Result<Void, WebSocketError>, Never>

    private struct PendingSend {
        let message: WebSocketMessage
        let continuation: SendContinuation
    }

    private struct Inbox {
        var connectContinuation: ConnectContinuation?
        var sends: [PendingSend] = []
        var closeRequest: (code: WebSocketCloseCode, reason: String)?
        var closeWaiters: [CheckedContinuation<WebSocketClosure, Never>] = []
        var isAborted = false
        /// Set once by the thread as it ends: how the connection ended (nil if it never opened).
        var finished: WebSocketClosure??
    }

    /// Bytes queued for the socket on the thread, with the sender to resume once they are all written.
    private struct Outgoing {
        var bytes: [UInt8]
        var offset = 0
        let continuation: SendContinuation?
    }

    let url: WebSocketURL
    let configuration: WebSocketConfiguration
    let events: AsyncStream<WebSocketEvent>
    private let sink: AsyncStream<WebSocketEvent>.Continuation
    private let inbox = Mutex(Inbox())
    /// The wake pipe: the thread polls `[0]`, other threads write to `[1]`; both non-blocking.
    private let wakePipe: (read: Int32, write: Int32)

    init(url: WebSocketURL, configuration: WebSocketConfiguration) {
        self.url = url
        self.configuration = configuration
        (events, sink) = AsyncStream.makeStream(of: WebSocketEvent.self)
        var descriptors: [Int32] = [-1, -1]
        if pipe(&descriptors) == 0 {
            for descriptor in descriptors {
                _ = fcntl(descriptor, F_SETFL, O_NONBLOCK)
                _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            }
        }
        wakePipe = (descriptors[0], descriptors[1])
    }

    /// Starts the thread; `continuation` is resumed once the handshake is done or has failed.
    func start(reportingTo continuation: ConnectContinuation) {
        guard wakePipe.read >= 0 else {
            continuation.resume(returning: .failure(.connectionFailed(code: Int(errno), message: "pipe failed")))
            return
        }
        inbox.withLock { $0.connectContinuation = continuation }
        // The thread keeps the loop alive until it has cleaned up.
        let thread = Thread { [self] in run() }
        thread.name = "websocket"
        thread.start()
    }

    /// Queues `message`; resumes when its bytes are written, or with `.closed` if they never will be.
    func send(_ message: WebSocketMessage, continuation: SendContinuation) {
        let accepted = inbox.withLock { inbox in
            guard inbox.finished == nil, !inbox.isAborted, inbox.closeRequest == nil else { return false }
            inbox.sends.append(PendingSend(message: message, continuation: continuation))
            wake()
            return true
        }
        if !accepted { continuation.resume(returning: .failure(.closed)) }
    }

    /// Asks for the closing handshake (the first request's code wins) and resumes `continuation` with
    /// how the connection ended.
    func close(code: WebSocketCloseCode, reason: String, continuation: CheckedContinuation<WebSocketClosure, Never>) {
        let ended: WebSocketClosure? = inbox.withLock { inbox in
            if let finished = inbox.finished { return finished ?? .aborted }
            if inbox.closeRequest == nil { inbox.closeRequest = (code, reason) }
            inbox.closeWaiters.append(continuation)
            wake()
            return nil
        }
        if let ended { continuation.resume(returning: ended) }
    }

    /// Drops the connection without a close frame; a connect still under way fails with `.cancelled`.
    func abort() {
        let connect: ConnectContinuation? = inbox.withLock { inbox in
            guard inbox.finished == nil, !inbox.isAborted else { return nil }
            inbox.isAborted = true
            wake()
            defer { inbox.connectContinuation = nil }
            return inbox.connectContinuation
        }
        connect?.resume(returning: .failure(.cancelled))
    }

    /// Called under the inbox lock only.
    private func wake() {
        var one: UInt8 = 1
        _ = Glibc.write(wakePipe.write, &one, 1)  // A full pipe (EAGAIN) is already readable.
    }

    // MARK: - The thread

    private func run() {
        var generator = SystemRandomNumberGenerator()
        let stream: CurlStream
        let leftover: [UInt8]
        do throws(WebSocketError) {
            stream = try CurlStream()
            try stream.connect(to: url, configuration: configuration)
            leftover = try handshake(on: stream, using: &generator)
        } catch {
            finish(nil, connectError: error)
            return
        }
        let opened: Bool = inbox.withLock { inbox in
            guard !inbox.isAborted, let continuation = inbox.connectContinuation else { return false }
            inbox.connectContinuation = nil
            continuation.resume(returning: .success(()))
            return true
        }
        guard opened else {
            finish(nil, connectError: .cancelled)
            return
        }
        var machine = WebSocketProtocolMachine(maximumMessageSize: configuration.maximumMessageSize)
        serve(stream, machine: &machine, leftover: leftover, using: &generator)
        finish(machine.closure ?? .connectionLost, connectError: nil)
    }

    /// Sends the upgrade request and reads the answer; returns the bytes that followed the answer's head.
    private func handshake(on stream: CurlStream, using generator: inout some RandomNumberGenerator) throws(WebSocketError) -> [UInt8] {
        let deadline = ContinuousClock.now + .seconds(configuration.handshakeTimeout)
        var handshake = WebSocketHandshake(url: url, using: &generator)
        let request = handshake.request(userAgent: configuration.userAgent)
        var offset = 0
        while offset < request.count {
            switch stream.write(request[offset...]) {
            case .wrote(let count): offset += count
            case .wouldBlock: try waitForHandshake(stream, writing: true, until: deadline)
            case .failed: throw .connectionFailed(code: 0, message: "write failed during the handshake")
            }
        }
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let result = buffer.withUnsafeMutableBytes { stream.read(into: $0) }
            switch result {
            case .bytes(let count):
                if let leftover = try handshake.receive(buffer[..<count]) { return leftover }
            case .wouldBlock: try waitForHandshake(stream, writing: false, until: deadline)
            case .endOfStream, .failed: throw .handshakeInvalid("connection closed before the upgrade answer")
            }
        }
    }

    private func waitForHandshake(_ stream: CurlStream, writing: Bool, until deadline: ContinuousClock.Instant) throws(WebSocketError) {
        let remaining = deadline - ContinuousClock.now
        guard remaining > .zero else { throw .timedOut }
        let ready = poll(stream.socket, writing: writing, timeoutMilliseconds: Self.milliseconds(remaining))
        if inbox.withLock({ $0.isAborted }) { throw .cancelled }
        _ = ready
    }

    private func serve(
        _ stream: CurlStream, machine: inout WebSocketProtocolMachine, leftover: [UInt8], using generator: inout some RandomNumberGenerator
    ) {
        var queue: [Outgoing] = []
        var closeDeadline: ContinuousClock.Instant?
        var buffer = [UInt8](repeating: 0, count: 65_536)

        func take(_ output: WebSocketProtocolMachine.Output) {
            for message in output.messages { sink.yield(.message(message)) }
            for bytes in output.outgoing { queue.append(Outgoing(bytes: bytes, continuation: nil)) }
        }
        take(machine.receive(leftover, using: &generator))

        while true {
            let (sends, closeRequest, isAborted) = inbox.withLock { inbox in
                defer { inbox.sends = [] }
                return (inbox.sends, inbox.closeRequest, inbox.isAborted)
            }
            if isAborted {
                machine.abort()
                for send in sends { send.continuation.resume(returning: .failure(.closed)) }
                break
            }
            for send in sends {
                guard let bytes = machine.encode(send.message, using: &generator) else {
                    send.continuation.resume(returning: .failure(.closed))
                    continue
                }
                queue.append(Outgoing(bytes: bytes, continuation: send.continuation))
            }
            if let closeRequest, let bytes = machine.close(code: closeRequest.code, reason: closeRequest.reason, using: &generator) {
                queue.append(Outgoing(bytes: bytes, continuation: nil))
                closeDeadline = ContinuousClock.now + .seconds(configuration.closeTimeout)
            }

            // Write what the socket takes now.
            var writeBlocked = false
            while !queue.isEmpty, !writeBlocked {
                switch stream.write(queue[0].bytes[queue[0].offset...]) {
                case .wrote(let count):
                    queue[0].offset += count
                    if queue[0].offset == queue[0].bytes.count {
                        queue.removeFirst().continuation?.resume(returning: .success(()))
                    }
                case .wouldBlock:
                    writeBlocked = true
                case .failed:
                    machine.transportEnded()
                    for outgoing in queue { outgoing.continuation?.resume(returning: .failure(.closed)) }
                    queue.removeAll()
                    writeBlocked = true
                }
            }
            if machine.closure != nil {
                if queue.isEmpty { break }
                // The last frames (a close echo) get the close timeout to leave.
                if closeDeadline == nil { closeDeadline = ContinuousClock.now + .seconds(configuration.closeTimeout) }
            }

            var timeout: Int32 = -1
            if let closeDeadline {
                let remaining = closeDeadline - ContinuousClock.now
                guard remaining > .zero else {
                    machine.closeTimedOut()
                    break
                }
                timeout = Self.milliseconds(remaining)
            }
            let ready = poll(stream.socket, writing: writeBlocked, timeoutMilliseconds: timeout)
            guard ready.socket else { continue }
            // Read until libcurl says there is nothing more, TLS-buffered bytes included.
            reading: while true {
                let result = buffer.withUnsafeMutableBytes { stream.read(into: $0) }
                switch result {
                case .bytes(let count):
                    take(machine.receive(buffer[..<count], using: &generator))
                case .wouldBlock:
                    break reading
                case .endOfStream, .failed:
                    machine.transportEnded()
                    break reading
                }
            }
        }
        for outgoing in queue { outgoing.continuation?.resume(returning: .failure(.closed)) }
    }

    /// Waits until the socket is readable (or writable when `writing`), the wake pipe is written, or the
    /// timeout passes (-1: none). Empties the wake pipe.
    private func poll(_ socket: Int32, writing: Bool, timeoutMilliseconds: Int32) -> (socket: Bool, woken: Bool) {
        var descriptors = [
            pollfd(fd: socket, events: Int16(POLLIN) | (writing ? Int16(POLLOUT) : 0), revents: 0),
            pollfd(fd: wakePipe.read, events: Int16(POLLIN), revents: 0),
        ]
        let count = Glibc.poll(&descriptors, 2, timeoutMilliseconds)
        guard count > 0 else { return (false, false) }
        let woken = descriptors[1].revents != 0
        if woken {
            var drained = [UInt8](repeating: 0, count: 64)
            while Glibc.read(wakePipe.read, &drained, drained.count) > 0 {}
        }
        return (descriptors[0].revents != 0, woken)
    }

    /// Ends the connection for everyone: the connect caller (if still waiting), senders, close
    /// waiters and the event stream. Closes the wake pipe once no other thread can write to it.
    private func finish(_ closure: WebSocketClosure?, connectError: WebSocketError?) {
        let (connect, sends, waiters) = inbox.withLock { inbox in
            inbox.finished = .some(closure)
            defer {
                inbox.connectContinuation = nil
                inbox.sends = []
                inbox.closeWaiters = []
            }
            return (inbox.connectContinuation, inbox.sends, inbox.closeWaiters)
        }
        Glibc.close(wakePipe.read)
        Glibc.close(wakePipe.write)
        connect?.resume(returning: .failure(connectError ?? .closed))
        for send in sends { send.continuation.resume(returning: .failure(.closed)) }
        for waiter in waiters { waiter.resume(returning: closure ?? .aborted) }
        if let closure { sink.yield(.closed(closure)) }
        sink.finish()
    }

    private static func milliseconds(_ duration: Duration) -> Int32 {
        Int32(clamping: max(1, Int((duration.seconds * 1_000).rounded(.up))))
    }
}

extension Duration {
    fileprivate var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
