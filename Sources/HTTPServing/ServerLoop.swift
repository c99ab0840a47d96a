import CSockets
import Foundation
import Logging
import Synchronization

/// The listener's thread: one `poll(2)` loop over the listening socket, a wake-up pipe and every
/// connection (non-blocking), reading heads and bodies within ``HTTPLimits`` and writing answers.
/// Only complete, bounded requests leave it, as tasks for their route's handler; their answers come
/// back through the mailbox. Nothing here ever runs on the cooperative pool, so a stranger's bytes
/// cost the bot's pipeline no thread.
///
/// `@unchecked Sendable`: it owns file descriptors and a connection table that only its own thread
/// touches once it runs; other threads reach it only through ``Mailbox`` (a `Mutex` and the
/// write end of a pipe, closed only after the loop has stopped taking posts).
final class ServerLoop: @unchecked Sendable {
    /// What other threads hand the loop: handlers' answers and the request to stop.
    final class Mailbox: Sendable {
        struct Contents {
            var answers: [(connection: UInt64, response: ServedResponse)] = []
            var stopDeadline: ContinuousClock.Instant?
            var stopWaiters: [CheckedContinuation<Void, Never>] = []
            var finished = false
        }

        let contents = Mutex(Contents())
        private let wakeDescriptor: Int32

        init(wakeDescriptor: Int32) {
            self.wakeDescriptor = wakeDescriptor
        }

        func post(_ response: ServedResponse, for connection: UInt64) {
            contents.withLock { contents in
                contents.answers.append((connection, response))
                if !contents.finished { wake() }
            }
        }

        /// Asks the loop to stop within `timeout` seconds; returns once it has.
        func stop(timeout: Double) async {
            await withCheckedContinuation { continuation in
                let finished = contents.withLock { contents -> Bool in
                    guard !contents.finished else { return true }
                    let deadline = ContinuousClock.now + .milliseconds(Int(max(0, timeout) * 1_000))
                    contents.stopDeadline = min(contents.stopDeadline ?? deadline, deadline)
                    contents.stopWaiters.append(continuation)
                    wake()
                    return false
                }
                if finished { continuation.resume() }
            }
        }

        /// Called with the lock held.
        private func wake() {
            var byte: UInt8 = 1
            _ = write(wakeDescriptor, &byte, 1)
        }
    }

    let name: String
    let limits: HTTPLimits
    let routes: [String: HTTPRoute]
    let logger: Logger
    let events: HTTPServerEvents
    let mailbox: Mailbox
    private let acceptor: Acceptor
    let statistics = Mutex(HTTPServerStatistics())
    private let listener: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32

    // Loop thread only.
    private var connections: [UInt64: Connection] = [:]
    private var nextID: UInt64 = 0
    private var handlers = 0
    private var shed = 0
    private var refused: [Int: Int] = [:]
    private var refusals: RefusalLog
    private var acceptPausedUntil: ContinuousClock.Instant?
    private var acceptFailure: HTTPServerStatistics.AcceptFailure?
    private var stopDeadline: ContinuousClock.Instant?
    private var listening = true
    private var scratch = [UInt8](repeating: 0, count: 65_536)
    private var dateCache: (second: Int, text: String) = (-1, "")

    init(
        name: String, listener: Int32, limits: HTTPLimits, routes: [String: HTTPRoute], logger: Logger, events: HTTPServerEvents,
        acceptor: Acceptor
    ) throws(HTTPServerError) {
        var pipeDescriptors: [Int32] = [0, 0]
        guard pipe2(&pipeDescriptors, O_NONBLOCK | O_CLOEXEC) == 0 else {
            throw HTTPServerError(host: name, port: 0, reason: "no wake-up pipe: \(String(cString: strerror(errno)))")
        }
        self.name = name
        self.listener = listener
        self.limits = limits
        self.routes = routes
        self.logger = logger
        self.events = events
        self.acceptor = acceptor
        wakeRead = pipeDescriptors[0]
        wakeWrite = pipeDescriptors[1]
        mailbox = Mailbox(wakeDescriptor: pipeDescriptors[1])
        refusals = RefusalLog(interval: .milliseconds(Int(limits.logInterval * 1_000)))
    }

    /// Starts the thread.
    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "http-\(name)"
        thread.start()
    }

    // MARK: - The loop

    private func run() {
        var descriptors: [pollfd] = []
        var owners: [UInt64] = []
        while true {
            let now = ContinuousClock.now
            takeMail(at: now)
            if let stopDeadline, connections.isEmpty || now >= stopDeadline { break }
            // A shortage of descriptors is probed again after each pause whether or not anyone is
            // waiting, so that its end is seen (and the statistics `/healthz` reads are cleared).
            if listening, acceptFailure != nil, acceptPausedUntil.map({ now >= $0 }) ?? true { acceptConnections(at: now) }
            expire(at: now)
            for line in refusals.due(at: now) { RefusalLog.write(line, to: logger, listener: name) }

            descriptors.removeAll(keepingCapacity: true)
            owners.removeAll(keepingCapacity: true)
            descriptors.append(pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0))
            let accepting = listening && (acceptPausedUntil.map { now >= $0 } ?? true)
            if accepting {
                acceptPausedUntil = nil
                descriptors.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0))
            }
            var wakeAt = now + .seconds(1)
            if let acceptPausedUntil { wakeAt = min(wakeAt, acceptPausedUntil) }
            if let due = refusals.nextDue { wakeAt = min(wakeAt, due) }
            if let stopDeadline { wakeAt = min(wakeAt, stopDeadline) }
            for connection in connections.values {
                wakeAt = min(wakeAt, connection.deadline(limits))
                // A connection with nothing to write and nothing it may read now (its request is with a
                // handler) is not watched: a client gone meanwhile is found when the answer is written.
                let events = connection.hasPendingOutput ? Int16(POLLOUT) : connection.readBudget(limits) > 0 ? Int16(POLLIN) : 0
                guard events != 0 else { continue }
                descriptors.append(pollfd(fd: connection.descriptor, events: events, revents: 0))
                owners.append(connection.id)
            }
            let wait = max(Duration.zero, wakeAt - now)
            let milliseconds = Int32(min(1_000, wait.components.seconds * 1_000 + wait.components.attoseconds / 1_000_000_000_000_000 + 1))
            let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
            if ready < 0, errno != EINTR { usleep(10_000) }
            guard ready > 0 else {
                publish()
                continue
            }
            let after = ContinuousClock.now
            if descriptors[0].revents != 0 { drainWakePipe() }
            let firstConnection = accepting ? 2 : 1
            if accepting, descriptors[1].revents != 0 { acceptConnections(at: after) }
            for (offset, id) in owners.enumerated() {
                let revents = descriptors[firstConnection + offset].revents
                guard revents != 0, let connection = connections[id] else { continue }
                if revents & Int16(POLLOUT) != 0 {
                    guard writeOutput(connection) else { continue }
                } else if revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                    guard readInput(connection) else { continue }
                }
                pump(connection, at: after)
            }
            publish()
        }
        shutDown()
    }

    /// Answers from handlers, and a request to stop.
    private func takeMail(at now: ContinuousClock.Instant) {
        let (answers, stop) = mailbox.contents.withLock { contents in
            defer { contents.answers = [] }
            return (contents.answers, contents.stopDeadline)
        }
        if let stop, stopDeadline == nil { beginStopping(until: stop, at: now) }
        for (id, response) in answers {
            handlers -= 1
            guard let connection = connections[id], case .handling(let head, _) = connection.phase else { continue }
            if let refusal = response.refusal { note(refusal, status: response.status, at: now) }
            answer(connection, response, to: head, at: now)
            pump(connection, at: now)
        }
    }

    private func beginStopping(until deadline: ContinuousClock.Instant, at now: ContinuousClock.Instant) {
        stopDeadline = deadline
        listening = false
        close(listener)
        for connection in Array(connections.values) where connection.isIdle {
            if case .lingering = connection.phase { continue }
            drop(connection)
        }
    }

    /// Closes every connection, cancels the handlers still running, tells the waiters.
    private func shutDown() {
        for connection in Array(connections.values) {
            if case .handling(_, let task) = connection.phase { task?.cancel() }
            drop(connection)
        }
        if listening { close(listener) }
        for line in refusals.flush(at: .now) { RefusalLog.write(line, to: logger, listener: name) }
        publish()
        let waiters = mailbox.contents.withLock { contents in
            contents.finished = true
            defer { contents.stopWaiters = [] }
            return contents.stopWaiters
        }
        close(wakeRead)
        close(wakeWrite)
        for waiter in waiters { waiter.resume() }
    }

    private func drainWakePipe() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(wakeRead, &buffer, buffer.count) > 0 {}
    }

    private func publish() {
        var snapshot = HTTPServerStatistics()
        snapshot.connections = connections.count
        snapshot.requestsInHandlers = handlers
        snapshot.bufferedBytes = connections.values.reduce(0) { $0 + $1.bufferedBytes }
        snapshot.connectionsShed = shed
        snapshot.refusedByStatus = refused
        snapshot.acceptFailure = acceptFailure
        statistics.withLock { $0 = snapshot }
    }

    // MARK: - Accepting

    private func acceptConnections(at now: ContinuousClock.Instant) {
        var madeRoom = false
        for _ in 0..<64 {
            let descriptor: Int32
            switch acceptor.accept(listener) {
            case .success(let accepted): descriptor = accepted
            case .failure(let error):
                switch error.code {
                case EAGAIN, EWOULDBLOCK:
                    // A descriptor was free (Linux takes one before it looks at the queue): no shortage.
                    acceptRecovered(at: now)
                    return
                case EINTR, ECONNABORTED, EPROTO: continue
                default:
                    acceptFailed(String(cString: strerror(error.code)), at: now)
                    // Out of descriptors while someone waits: the idlest connection gives up its own and
                    // the listener tries again at once (one per attempt, so that a shortage caused
                    // elsewhere does not empty it); else the pending connections wait in the kernel's
                    // queue while the listener pauses, and it tries again (it never gives up).
                    if !madeRoom, hasPendingConnection(), let idlest = idlestConnection() {
                        madeRoom = true
                        shed += 1
                        events.connectionShed()
                        drop(idlest)
                        continue
                    }
                    acceptPausedUntil = now + .milliseconds(250)
                    return
                }
            }
            acceptRecovered(at: now)
            var one: Int32 = 1
            _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            if connections.count >= limits.connections {
                shed += 1
                events.connectionShed()
                let kind = RefusalLog.Kind(
                    message: "HTTP connection limit reached", reason: "\(limits.connections) connections open", status: nil, level: .warning
                )
                logOnce(kind, at: now)
                if let idlest = idlestConnection() {
                    drop(idlest)
                } else {
                    countRefusal(HTTPRefusal.overLimit.status)
                    let answer = ServedResponse.text(503, "busy").wire(closing: true, headRequest: false, date: date(now))
                    _ = answer.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
                    close(descriptor)
                    continue
                }
            }
            nextID += 1
            connections[nextID] = Connection(id: nextID, descriptor: descriptor, limits: limits, at: now)
        }
    }

    /// The connection to close to make room: those that sent nothing of a request first, then those
    /// still sending a head; the oldest first. Nil when every connection is busy with a request.
    private func idlestConnection() -> Connection? {
        connections.values.filter(\.isIdle).min {
            ($0.isReadingHead ? 1 : 0, $0.since) < ($1.isReadingHead ? 1 : 0, $1.since)
        }
    }

    /// `accept` failed for `reason`: said when it starts (and its end when it ends), at most once an
    /// interval each — a shortage that each newcomer meets and an idle connection ends is counted,
    /// not told per connection — and shown in the statistics until `accept` works again.
    private func acceptFailed(_ reason: String, at now: ContinuousClock.Instant) {
        guard acceptFailure == nil else { return }
        acceptFailure = HTTPServerStatistics.AcceptFailure(reason: reason, since: now)
        logOnce(
            RefusalLog.Kind(
                message: "cannot accept connections; retrying until it can (pending connections wait meanwhile)", reason: reason,
                status: nil, level: .error),
            at: now)
    }

    /// The shortage, if there was one, is over: said (at most once an interval) and cleared.
    private func acceptRecovered(at now: ContinuousClock.Instant) {
        guard let failure = acceptFailure else { return }
        acceptFailure = nil
        logOnce(
            RefusalLog.Kind(message: "accepting connections again", reason: "after \(failure.reason)", status: nil, level: .notice), at: now
        )
    }

    /// Whether a connection waits in the listening socket's queue.
    private func hasPendingConnection() -> Bool {
        var descriptor = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLIN) != 0
    }

    // MARK: - Reading and writing

    /// Reads what the connection may take; false when the connection was closed.
    private func readInput(_ connection: Connection) -> Bool {
        let budget = min(connection.readBudget(limits), scratch.count)
        guard budget > 0 else { return true }
        let count = scratch.withUnsafeMutableBytes { recv(connection.descriptor, $0.baseAddress, budget, 0) }
        if count > 0 {
            if case .lingering(let dropped) = connection.phase {
                connection.update(.lingering(dropped: dropped + count))
                if dropped + count > limits.lingerBytes {
                    drop(connection)
                    return false
                }
            } else {
                connection.input.append(contentsOf: scratch[0..<count])
            }
        } else if count == 0 {
            connection.peerClosed = true
        } else if errno != EAGAIN, errno != EWOULDBLOCK, errno != EINTR {
            drop(connection)
            return false
        }
        return true
    }

    /// Writes what it can of the pending answer; false when the connection was closed.
    private func writeOutput(_ connection: Connection) -> Bool {
        let sent = connection.output[connection.outputSent...].withUnsafeBytes {
            send(connection.descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
        if sent > 0 {
            connection.outputSent += sent
            if !connection.hasPendingOutput {
                connection.output = []
                connection.outputSent = 0
            }
        } else if sent < 0, errno != EAGAIN, errno != EWOULDBLOCK, errno != EINTR {
            drop(connection)
            return false
        }
        return true
    }

    // MARK: - Requests

    /// Takes the connection as far as it can go now: what it has read, and writing its answers until
    /// the socket would block (pipelined requests then need no wait for the next turn of the loop).
    private func pump(_ connection: Connection, at now: ContinuousClock.Instant) {
        while connections[connection.id] != nil {
            advance(connection, at: now)
            guard connections[connection.id] != nil, connection.hasPendingOutput else { return }
            guard writeOutput(connection), !connection.hasPendingOutput else { return }
        }
    }

    /// Takes the connection as far as what it has read allows.
    private func advance(_ connection: Connection, at now: ContinuousClock.Instant) {
        while connections[connection.id] != nil {
            if connection.hasPendingOutput { return }
            if connection.closesAfterOutput {
                connection.closesAfterOutput = false
                shutdown(connection.descriptor, Int32(SHUT_WR))
                connection.input = []
                connection.enter(.lingering(dropped: 0), at: now)
            }
            switch connection.phase {
            case .lingering:
                connection.input = []
                if connection.peerClosed { drop(connection) }
                return
            case .handling:
                return
            case .waiting, .head:
                guard !connection.input.isEmpty else {
                    if connection.peerClosed { drop(connection) }
                    return
                }
                if case .waiting = connection.phase { connection.enter(.head, at: now) }
                if stopDeadline != nil {
                    refuse(connection, .stopping, at: now)
                    continue
                }
                switch connection.parser.parse(connection.input) {
                case .incomplete:
                    if connection.peerClosed { drop(connection) }
                    return
                case .refused(let refusal):
                    refuse(connection, refusal, at: now)
                case .head(let head, let length):
                    connection.input.removeFirst(length)
                    connection.parser.reset()
                    connection.isFresh = false
                    begin(head, on: connection, at: now)
                }
            case .body(var reading):
                let progress = reading.take(from: &connection.input)
                switch progress {
                case .incomplete:
                    connection.update(.body(reading))
                    if connection.peerClosed { drop(connection) }
                    return
                case .complete:
                    handOver(ServedRequest(head: reading.head, body: reading.body), to: reading.route, on: connection, at: now)
                    return
                case .refused(let refusal):
                    if refusal.status == 413 {
                        answerEarly(reading.route.bodyTooLarge(), to: reading.head, on: connection, closing: true, at: now)
                    } else {
                        refuse(connection, refusal, at: now)
                    }
                }
            case .discarding(let remaining):
                let count = min(remaining, connection.input.count)
                connection.input.removeFirst(count)
                if count == remaining {
                    connection.enter(.waiting, at: now)
                } else {
                    connection.update(.discarding(remaining: remaining - count))
                    if connection.peerClosed { drop(connection) }
                    return
                }
            }
        }
    }

    /// A head was accepted: its route's screen, then its body, then its handler.
    private func begin(_ head: RequestHead, on connection: Connection, at now: ContinuousClock.Instant) {
        guard let route = routes[String(head.path)] else {
            answerEarly(.text(404, "not found", refusal: HTTPRefusal.notFound.reason), to: head, on: connection, at: now)
            return
        }
        if let answer = route.screen(head) {
            answerEarly(answer, to: head, on: connection, at: now)
            return
        }
        let continueLine = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
        switch head.framing {
        case .none, .length(0):
            handOver(ServedRequest(head: head, body: []), to: route, on: connection, at: now)
        case .length(let length):
            guard length <= route.maximumBodyBytes else {
                answerEarly(route.bodyTooLarge(), to: head, on: connection, at: now)
                return
            }
            if head.expectsContinue { connection.queue(continueLine, at: now) }
            var body: [UInt8] = []
            body.reserveCapacity(length)
            connection.enter(
                .body(Connection.BodyReading(head: head, route: route, body: body, framing: .length(remaining: length))), at: now)
        case .chunked:
            if head.expectsContinue { connection.queue(continueLine, at: now) }
            let decoder = ChunkedBodyDecoder(limit: route.maximumBodyBytes)
            connection.enter(.body(Connection.BodyReading(head: head, route: route, body: [], framing: .chunked(decoder))), at: now)
        }
    }

    /// Gives the request to its handler as a task; its answer comes back through the mailbox.
    private func handOver(_ request: ServedRequest, to route: HTTPRoute, on connection: Connection, at now: ContinuousClock.Instant) {
        handlers += 1
        let (mailbox, id) = (mailbox, connection.id)
        connection.enter(.handling(head: request.head, task: nil), at: now)
        let task = Task {
            let response = await route.handle(request)
            mailbox.post(response, for: id)
        }
        connection.update(.handling(head: request.head, task: task))
    }

    /// Answers a request whose head was read, before (or instead of) its body: a body small enough
    /// is read and dropped so that the connection can go on; any other ends it.
    private func answerEarly(
        _ response: ServedResponse, to head: RequestHead, on connection: Connection, closing: Bool = false, at now: ContinuousClock.Instant
    ) {
        countRefusal(response.status)
        note(response.refusal ?? "refused", status: response.status, at: now)
        if head.hasBody, !closing, case .length(let length) = head.framing, !head.expectsContinue, length <= limits.discardBytes,
            head.keepAlive, stopDeadline == nil
        {
            connection.queue(response.wire(closing: false, headRequest: head.method == "HEAD", date: date(now)), at: now)
            connection.enter(.discarding(remaining: length), at: now)
        } else {
            answer(connection, response, to: head, forceClose: head.hasBody, at: now)
        }
    }

    /// Queues the answer to `head`; the connection goes on to its next request, or closes.
    private func answer(
        _ connection: Connection, _ response: ServedResponse, to head: RequestHead, forceClose: Bool = false,
        at now: ContinuousClock.Instant
    ) {
        let closing = forceClose || !head.keepAlive || stopDeadline != nil || connection.peerClosed
        connection.queue(response.wire(closing: closing, headRequest: head.method == "HEAD", date: date(now)), at: now)
        connection.closesAfterOutput = closing
        connection.enter(.waiting, at: now)
    }

    /// Refuses what was read (a head the listener will not take): the answer, then the end of the
    /// connection.
    private func refuse(_ connection: Connection, _ refusal: HTTPRefusal, at now: ContinuousClock.Instant) {
        countRefusal(refusal.status)
        note(refusal.reason, status: refusal.status, at: now)
        let response = ServedResponse.text(refusal.status, refusal.reason)
        connection.queue(response.wire(closing: true, headRequest: false, date: date(now)), at: now)
        connection.closesAfterOutput = true
        connection.input = []
        connection.enter(.waiting, at: now)
    }

    // MARK: - Time

    /// Ends what ran out of time.
    private func expire(at now: ContinuousClock.Instant) {
        for connection in Array(connections.values) where connection.deadline(limits) <= now {
            if connection.hasPendingOutput {
                logOnce(
                    RefusalLog.Kind(message: "HTTP answer not taken in time", reason: "client not reading", status: nil, level: .notice),
                    at: now)
                drop(connection)
                continue
            }
            switch connection.phase {
            case .waiting, .discarding, .lingering:
                drop(connection)
            case .head:
                refuse(connection, .headTimedOut, at: now)
                pump(connection, at: now)
            case .body:
                refuse(connection, .bodyTimedOut, at: now)
                pump(connection, at: now)
            case .handling(let head, let task):
                task?.cancel()
                countRefusal(HTTPRefusal.handlerTimedOut.status)
                note(HTTPRefusal.handlerTimedOut.reason, status: 503, at: now)
                answer(connection, .text(503, HTTPRefusal.handlerTimedOut.reason), to: head, forceClose: true, at: now)
                pump(connection, at: now)
            }
        }
    }

    private func date(_ now: ContinuousClock.Instant) -> String {
        var seconds = time(nil)
        guard Int(seconds) != dateCache.second else { return dateCache.text }
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let text =
            "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
        dateCache = (Int(seconds), text)
        return text
    }

    // MARK: - Bookkeeping

    private func drop(_ connection: Connection) {
        guard connections.removeValue(forKey: connection.id) != nil else { return }
        close(connection.descriptor)
        connection.input = []
        connection.output = []
    }

    private func countRefusal(_ status: Int) {
        refused[status, default: 0] += 1
        events.requestRefused(status)
    }

    private func note(_ reason: String, status: Int, at now: ContinuousClock.Instant) {
        logOnce(
            RefusalLog.Kind(message: "HTTP request refused", reason: reason, status: status, level: status >= 500 ? .warning : .notice),
            at: now)
    }

    private func logOnce(_ kind: RefusalLog.Kind, at now: ContinuousClock.Instant) {
        if let line = refusals.note(kind, at: now) { RefusalLog.write(line, to: logger, listener: name) }
    }
}
