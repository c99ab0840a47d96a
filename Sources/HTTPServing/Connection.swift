/// One client connection, owned by the listener's thread: what it has read and not yet used, where
/// it is in its current request, and the answer it is writing. One request at a time: the next one
/// on the connection (pipelined) is read only once this one's answer is written, so answers go out
/// in order and a client that does not read them stops being read.
final class Connection {
    enum Phase {
        /// Before the first byte of a request.
        case waiting
        /// Part of a head has arrived.
        case head
        /// The head was accepted; its body is arriving.
        case body(BodyReading)
        /// A request was answered before its body was read: the body's bytes are dropped as they come.
        case discarding(remaining: Int)
        /// The request is with its handler; the connection is not read meanwhile.
        case handling(head: RequestHead, task: Task<Void, Never>?)
        /// The last answer was written and the write side shut: what the client still sends is
        /// dropped until it closes, so that it reads the answer rather than a reset.
        case lingering(dropped: Int)
    }

    /// A body being read for its route.
    struct BodyReading {
        enum Framing {
            case length(remaining: Int)
            case chunked(ChunkedBodyDecoder)
        }

        var head: RequestHead
        var route: HTTPRoute
        var body: [UInt8]
        var framing: Framing

        /// Moves what `input` holds of the body into ``body``.
        mutating func take(from input: inout [UInt8]) -> ChunkedBodyDecoder.Progress {
            switch framing {
            case .length(let remaining):
                let count = min(remaining, input.count)
                body.append(contentsOf: input[0..<count])
                input.removeFirst(count)
                framing = .length(remaining: remaining - count)
                return remaining == count ? .complete : .incomplete
            case .chunked(var decoder):
                var kept: [UInt8]? = body
                body = []
                let (progress, next) = decoder.feed(input, from: 0, into: &kept)
                body = kept ?? []
                input.removeFirst(next)
                framing = .chunked(decoder)
                return progress
            }
        }
    }

    let id: UInt64
    let descriptor: Int32
    let opened: ContinuousClock.Instant
    var input: [UInt8] = []
    var parser: RequestHeadParser
    private(set) var phase = Phase.waiting
    /// When the current phase began: its timeout runs from then, and at the connection limit the
    /// connection idle the longest is closed first.
    private(set) var since: ContinuousClock.Instant
    var output: [UInt8] = []
    var outputSent = 0
    var outputSince: ContinuousClock.Instant
    /// Once the answer is written: shut the write side and linger, then close.
    var closesAfterOutput = false
    /// The client shut its side (read returned 0).
    var peerClosed = false
    /// No request completed on it yet: its first head is timed from the connection's opening.
    var isFresh = true

    init(id: UInt64, descriptor: Int32, limits: HTTPLimits, at now: ContinuousClock.Instant) {
        self.id = id
        self.descriptor = descriptor
        opened = now
        since = now
        outputSince = now
        parser = RequestHeadParser(limits: limits)
    }

    var hasPendingOutput: Bool { outputSent < output.count }

    func enter(_ phase: Phase, at now: ContinuousClock.Instant) {
        self.phase = phase
        since = now
    }

    /// Updates the phase's state without restarting its clock.
    func update(_ phase: Phase) {
        self.phase = phase
    }

    func queue(_ bytes: [UInt8], at now: ContinuousClock.Instant) {
        if !hasPendingOutput {
            output = []
            outputSent = 0
            outputSince = now
        }
        output += bytes
    }

    /// Whether, at the connection limit, it may be closed for a newcomer: it holds no request a
    /// handler is working on and no answer being written.
    var isIdle: Bool {
        guard !hasPendingOutput else { return false }
        switch phase {
        case .waiting, .head, .discarding, .lingering: return true
        case .body, .handling: return false
        }
    }

    /// Whether part of a request's head has arrived (at the connection limit, such a connection is
    /// closed only after those that sent nothing).
    var isReadingHead: Bool {
        if case .head = phase { return true }
        return false
    }

    /// How many bytes it may read now: none while an answer is being written or a handler works,
    /// else what its phase can use.
    func readBudget(_ limits: HTTPLimits) -> Int {
        guard !hasPendingOutput, !peerClosed else { return 0 }
        switch phase {
        case .waiting, .head: return max(0, limits.headBytes + 1 - input.count)
        case .body(let reading):
            guard case .length(let remaining) = reading.framing else { return max(0, 16_384 - input.count) }
            return max(0, remaining - input.count)
        case .discarding(let remaining): return max(0, min(remaining, 65_536) - input.count)
        case .lingering: return 65_536
        case .handling: return 0
        }
    }

    /// Bytes it holds: unread input, a body being read, an answer not yet written.
    var bufferedBytes: Int {
        var total = input.count + output.count - outputSent
        if case .body(let reading) = phase { total += reading.body.count }
        return total
    }

    /// When the current phase (or the answer being written) runs out of time.
    func deadline(_ limits: HTTPLimits) -> ContinuousClock.Instant {
        if hasPendingOutput { return outputSince + .seconds(limits.writeTimeout) }
        switch phase {
        case .waiting: return isFresh ? opened + .seconds(limits.headTimeout) : since + .seconds(limits.idleTimeout)
        case .head: return (isFresh ? opened : since) + .seconds(limits.headTimeout)
        case .body, .discarding: return since + .seconds(limits.bodyTimeout)
        case .handling: return since + .seconds(limits.handlerTimeout)
        case .lingering: return since + .seconds(limits.lingerTimeout)
        }
    }
}
