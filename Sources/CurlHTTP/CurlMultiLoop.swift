import CCurl
import Foundation
import Synchronization

/// The dedicated thread that owns a curl multi handle and every transfer on it.
///
/// Driven by socket events: curl tells the loop which sockets to watch (its socket callback) and when
/// it next needs the time (its timer callback); the loop waits on all of them in one `epoll_wait` and
/// hands curl only the sockets that are ready (`curl_multi_socket_action`). `curl_multi_perform` with
/// `curl_multi_poll` instead visited every transfer on every turn, and checked each one's socket
/// with a `poll` of its own: with a hundred sends in flight, a hundred system calls per reply.
///
/// `@unchecked Sendable` because it wraps the `CURLM *` C handle, the epoll descriptor and the
/// timer deadline. Only the loop thread touches them (curl calls both callbacks from inside the loop's
/// own curl calls), with one exception: other threads wake the loop by writing to the `wakeup`
/// eventfd, only while holding `inbox`'s lock and only before `isShutDown` is set, and the loop
/// closes it only after seeing `isShutDown` under that lock. All other shared state is in the
/// `Mutex` or an `Atomic`.
final class CurlMultiLoop: @unchecked Sendable {
    /// Identifies one `send` call, so its cancellation can find the transfer.
    struct TransferID: Hashable, Sendable {
        let rawValue: UInt64
    }

    /// A request waiting to be picked up by the loop thread, with the caller to resume.
    struct Submission: Sendable {
        let id: TransferID
        let request: HTTPRequest
        let continuation: CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>

        func finish(_ result: Result<HTTPResponse, HTTPError>) {
            continuation.resume(returning: result)
        }
    }

    /// `curl_global_init` is not thread-safe and must run once, before any other curl call.
    private static let isCurlInitialized: Bool = rb_global_init_all() == CURLE_OK

    private let multi: UnsafeMutableRawPointer
    private let configuration: CurlHTTPClient.Configuration
    private let inbox = Mutex(Inbox())
    private let connectionCount = Atomic<Int>(0)
    /// The sockets curl asked to watch, and the wakeup eventfd.
    private let epoll: Int32
    /// Readable when another thread has something for the loop (a submission, a cancellation, shutdown).
    private let wakeup: Int32
    /// When curl next wants `curl_multi_socket_action(CURL_SOCKET_TIMEOUT)` (its timer callback);
    /// nil when it wants nothing. Loop thread only.
    private var timerDeadline: ContinuousClock.Instant?

    init(configuration: CurlHTTPClient.Configuration) {
        precondition(Self.isCurlInitialized, "curl_global_init failed")
        guard let multi = curl_multi_init() else { fatalError("curl_multi_init failed: out of memory") }
        let epoll = rb_epoll_create()
        let wakeup = rb_eventfd_create()
        guard epoll >= 0, wakeup >= 0, rb_epoll_watch(epoll, wakeup, CURL_POLL_IN) == 0 else {
            fatalError("epoll or eventfd unavailable: \(String(cString: strerror(errno)))")
        }
        _ = rb_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, max(1, configuration.maxConnections))
        self.multi = multi
        self.epoll = epoll
        self.wakeup = wakeup
        self.configuration = configuration
        // The callbacks find the loop through an unretained pointer: the thread keeps it alive
        // until it has cleaned up the multi handle, after which curl calls neither.
        let loop = Unmanaged.passUnretained(self).toOpaque()
        _ = rb_multi_setopt_socket_function(multi) { _, socket, what, userdata, _ in
            guard let userdata else { return -1 }
            let loop = Unmanaged<CurlMultiLoop>.fromOpaque(userdata).takeUnretainedValue()
            // A socket curl closed itself has already left the epoll set: a failed removal is harmless.
            _ = rb_epoll_watch(loop.epoll, socket, what)
            return 0
        }
        _ = rb_multi_setopt_pointer(multi, CURLMOPT_SOCKETDATA, loop)
        _ = rb_multi_setopt_timer_function(multi) { _, milliseconds, userdata in
            guard let userdata else { return -1 }
            let loop = Unmanaged<CurlMultiLoop>.fromOpaque(userdata).takeUnretainedValue()
            loop.timerDeadline = milliseconds < 0 ? nil : .now + .milliseconds(milliseconds)
            return 0
        }
        _ = rb_multi_setopt_pointer(multi, CURLMOPT_TIMERDATA, loop)
        // The thread keeps the loop alive until it has cleaned up after `shutdown()`.
        let thread = Thread { [self] in run() }
        thread.name = "curl-multi"
        thread.start()
    }

    var connectionsOpened: Int {
        connectionCount.load(ordering: .relaxed)
    }

    func makeTransferID() -> TransferID {
        inbox.withLock { inbox in
            inbox.nextID += 1
            return TransferID(rawValue: inbox.nextID)
        }
    }

    /// Hands `submission` to the loop thread, or fails it with `.cancelled` after shutdown.
    func submit(_ submission: Submission) {
        let accepted = inbox.withLock { inbox in
            guard !inbox.isShutDown else { return false }
            inbox.submissions.append(submission)
            rb_eventfd_signal(wakeup)
            return true
        }
        if !accepted { submission.finish(.failure(.cancelled)) }
    }

    /// Fails transfer `id` with `.cancelled`; does nothing if it already finished or was never submitted.
    func cancel(_ id: TransferID) {
        let queued: Submission? = inbox.withLock { inbox in
            if let index = inbox.submissions.firstIndex(where: { $0.id == id }) {
                return inbox.submissions.remove(at: index)
            }
            guard !inbox.isShutDown else { return nil }
            inbox.cancellations.append(id)
            rb_eventfd_signal(wakeup)
            return nil
        }
        queued?.finish(.failure(.cancelled))
    }

    /// Makes the loop thread fail every transfer with `.cancelled`, free all handles and exit.
    func shutdown() {
        let queued: [Submission] = inbox.withLock { inbox in
            guard !inbox.isShutDown else { return [] }
            inbox.isShutDown = true
            rb_eventfd_signal(wakeup)
            defer { inbox.submissions = [] }
            return inbox.submissions
        }
        for submission in queued { submission.finish(.failure(.cancelled)) }
    }

    // MARK: - Loop thread

    private struct Inbox {
        var nextID: UInt64 = 0
        var submissions: [Submission] = []
        var cancellations: [TransferID] = []
        var isShutDown = false
    }

    /// Longest sleep in `epoll_wait` when curl wants nothing; its timer and wakeups cut it short.
    private static let idleWaitMilliseconds = 10_000
    /// `CURL_SOCKET_TIMEOUT`: "no socket, the timer expired".
    private static let timeoutSocket: curl_socket_t = -1

    private func run() {
        var transfers = TransferTable(loop: self)
        var descriptors = [Int32](repeating: 0, count: 64)
        var masks = [Int32](repeating: 0, count: 64)
        var running: Int32 = 0
        while true {
            let (submissions, cancellations, isShutDown) = inbox.withLock { inbox in
                defer {
                    inbox.submissions = []
                    inbox.cancellations = []
                }
                return (inbox.submissions, inbox.cancellations, inbox.isShutDown)
            }
            if isShutDown { break }
            for submission in submissions { transfers.start(submission) }
            for id in cancellations { transfers.cancel(id) }

            // Adding a transfer sets curl's timer to "now": it starts the transfer from the timeout action.
            if let deadline = timerDeadline, deadline <= .now {
                timerDeadline = nil
                _ = curl_multi_socket_action(multi, Self.timeoutSocket, 0, &running)
                transfers.collectFinished()
                continue
            }
            let wait =
                timerDeadline.map { deadline in
                    let left = deadline - .now
                    let milliseconds =
                        left.components.seconds * 1_000 + (left.components.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
                    return Int32(clamping: max(0, min(milliseconds, Int64(Self.idleWaitMilliseconds))))
                } ?? Int32(Self.idleWaitMilliseconds)
            let ready = descriptors.withUnsafeMutableBufferPointer { descriptors in
                masks.withUnsafeMutableBufferPointer { masks in
                    rb_epoll_wait(epoll, descriptors.baseAddress, masks.baseAddress, Int32(descriptors.count), wait)
                }
            }
            if ready < 0 {
                if errno != EINTR { usleep(10_000) }  // Never spin if waiting itself fails.
                continue
            }
            for index in 0..<Int(ready) {
                if descriptors[index] == wakeup {
                    rb_eventfd_drain(wakeup)
                } else {
                    _ = curl_multi_socket_action(multi, descriptors[index], masks[index], &running)
                }
            }
            if let deadline = timerDeadline, deadline <= .now {
                timerDeadline = nil
                _ = curl_multi_socket_action(multi, Self.timeoutSocket, 0, &running)
            }
            transfers.collectFinished()
        }
        transfers.cancelAll()
        curl_multi_cleanup(multi)
        close(epoll)
        close(wakeup)
    }

    /// Transfers attached to the multi handle and the pool of idle easy handles; loop thread only.
    private struct TransferTable {
        let loop: CurlMultiLoop
        private var byHandle: [UnsafeMutableRawPointer: CurlTransfer] = [:]
        private var handleByID: [TransferID: UnsafeMutableRawPointer] = [:]
        private var idleHandles: [UnsafeMutableRawPointer] = []

        init(loop: CurlMultiLoop) {
            self.loop = loop
        }

        mutating func start(_ submission: Submission) {
            let easy: UnsafeMutableRawPointer
            if let idle = idleHandles.popLast() {
                easy = idle
            } else {
                guard let fresh = curl_easy_init() else {
                    submission.finish(.failure(.other(code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: "Out of memory")))
                    return
                }
                let prepared = CurlTransfer.prepare(fresh, with: loop.configuration)
                guard prepared == CURLE_OK else {
                    curl_easy_cleanup(fresh)
                    submission.finish(.failure(HTTPError(curlCode: prepared)))
                    return
                }
                easy = fresh
            }
            let transfer = CurlTransfer(submission: submission, easy: easy)
            do throws(HTTPError) {
                try transfer.configure()
            } catch {
                transfer.releaseResources()
                recycle(easy)
                submission.finish(.failure(error))
                return
            }
            let added = curl_multi_add_handle(loop.multi, easy)
            guard added == CURLM_OK else {
                transfer.releaseResources()
                recycle(easy)
                let message = String(cString: curl_multi_strerror(added))
                submission.finish(.failure(.other(code: Int(added.rawValue), message: message)))
                return
            }
            byHandle[easy] = transfer
            handleByID[submission.id] = easy
        }

        mutating func cancel(_ id: TransferID) {
            guard let easy = handleByID[id], let transfer = detach(easy) else { return }
            recycle(easy)
            transfer.submission.finish(.failure(.cancelled))
        }

        /// Resumes the callers of every transfer curl reports done.
        mutating func collectFinished() {
            var remaining: Int32 = 0
            while let message = curl_multi_info_read(loop.multi, &remaining) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                    let transfer = detach(easy)
                else { continue }
                let result = transfer.result(code: message.pointee.data.result)
                recycle(easy)
                transfer.submission.finish(result)
            }
        }

        /// Fails every attached transfer with `.cancelled` and frees every easy handle.
        mutating func cancelAll() {
            for easy in Array(byHandle.keys) {
                guard let transfer = detach(easy) else { continue }
                curl_easy_cleanup(easy)
                transfer.submission.finish(.failure(.cancelled))
            }
            for easy in idleHandles { curl_easy_cleanup(easy) }
            idleHandles = []
        }

        /// Removes `easy` from the multi handle and the tables, counting the connections it opened.
        private mutating func detach(_ easy: UnsafeMutableRawPointer) -> CurlTransfer? {
            guard let transfer = byHandle.removeValue(forKey: easy) else { return nil }
            handleByID[transfer.submission.id] = nil
            _ = curl_multi_remove_handle(loop.multi, easy)
            var connects = 0
            if rb_easy_getinfo_long(easy, CURLINFO_NUM_CONNECTS, &connects) == CURLE_OK {
                loop.connectionCount.add(connects, ordering: .relaxed)
            }
            transfer.releaseResources()
            return transfer
        }

        /// Keeps `easy` for the next transfer, up to the configured pool size. Its options stay: the
        /// shared ones are the next transfer's too, and that transfer sets all of its own. Until then
        /// the handle still points at the finished transfer and its freed header list: only a handle
        /// whose ``CurlTransfer/configure()`` succeeded is ever attached to the multi handle.
        private mutating func recycle(_ easy: UnsafeMutableRawPointer) {
            guard idleHandles.count < max(1, loop.configuration.maxConnections) else {
                curl_easy_cleanup(easy)
                return
            }
            idleHandles.append(easy)
        }
    }
}
