import CCurl
import Foundation
import Synchronization

/// The dedicated thread that owns a curl multi handle and every transfer on it.
///
/// `@unchecked Sendable` because it wraps the `CURLM *` C handle. Only the loop thread calls into
/// it, with one exception: `curl_multi_wakeup`, which libcurl documents as safe from any thread. Other
/// threads call it only while holding `inbox`'s lock and only before `isShutDown` is set, and the loop
/// tears the handle down only after seeing `isShutDown` under that lock, so a wakeup never races
/// `curl_multi_cleanup`. All other shared state is in the `Mutex` or an `Atomic`.
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

    init(configuration: CurlHTTPClient.Configuration) {
        precondition(Self.isCurlInitialized, "curl_global_init failed")
        guard let multi = curl_multi_init() else { fatalError("curl_multi_init failed: out of memory") }
        _ = rb_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, max(1, configuration.maxConnections))
        self.multi = multi
        self.configuration = configuration
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
            _ = curl_multi_wakeup(multi)
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
            _ = curl_multi_wakeup(multi)
            return nil
        }
        queued?.finish(.failure(.cancelled))
    }

    /// Makes the loop thread fail every transfer with `.cancelled`, free all handles and exit.
    func shutdown() {
        let queued: [Submission] = inbox.withLock { inbox in
            guard !inbox.isShutDown else { return [] }
            inbox.isShutDown = true
            _ = curl_multi_wakeup(multi)
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

    /// Longest sleep in `curl_multi_poll` when nothing happens; curl's own timers and wakeups cut it short.
    private static let idlePollMilliseconds: Int32 = 10_000

    private func run() {
        var transfers = TransferTable(loop: self)
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

            var running: Int32 = 0
            _ = curl_multi_perform(multi, &running)
            transfers.collectFinished()

            var readyDescriptors: Int32 = 0
            if curl_multi_poll(multi, nil, 0, Self.idlePollMilliseconds, &readyDescriptors) != CURLM_OK {
                usleep(10_000)  // Never spin if polling itself fails (only out of memory in practice).
            }
        }
        transfers.cancelAll()
        curl_multi_cleanup(multi)
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
            guard let easy = idleHandles.popLast() ?? curl_easy_init() else {
                submission.finish(.failure(.other(code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: "Out of memory")))
                return
            }
            let transfer = CurlTransfer(submission: submission, easy: easy)
            do throws(HTTPError) {
                try transfer.configure(with: loop.configuration)
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

        /// Keeps `easy` for the next transfer, up to the configured pool size.
        private mutating func recycle(_ easy: UnsafeMutableRawPointer) {
            guard idleHandles.count < max(1, loop.configuration.maxConnections) else {
                curl_easy_cleanup(easy)
                return
            }
            curl_easy_reset(easy)
            idleHandles.append(easy)
        }
    }
}
