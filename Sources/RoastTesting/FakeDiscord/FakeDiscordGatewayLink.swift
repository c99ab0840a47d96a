import FlyingFox
import Foundation
import Synchronization

/// One connection's two directions: the frames the fake writes, and the task reading what the bot sends.
///
/// Ending a connection waits for the reader to stop before FlyingFox closes the socket. FlyingSocks 0.27.1
/// removes a cancelled read from its epoll table asynchronously; a socket closed before that happens leaves
/// its descriptor registered in the pool's books, and the next connection that gets the same descriptor
/// number never hears that its bytes arrived (its Identify and heartbeats are lost, and the bot's upgrade can
/// time out). So the reader must be finished — the bot closed its end, or the read was cancelled and has
/// returned — before the output stream ends.
final class FakeDiscordGatewayLink: Sendable {
    enum Ending: Sendable {
        /// Close frames were exchanged or sent: the bot closes its end next; wait for it (2 s at most).
        case afterClient
        /// Drop now: stop reading and close.
        case now
    }

    let output: AsyncStream<WSFrame>.Continuation
    private let reader = Mutex<Task<Void, Never>?>(nil)
    private let pendingEnding = Mutex<Ending?>(nil)
    private let readerFinished = Mutex(false)

    init(output: AsyncStream<WSFrame>.Continuation) {
        self.output = output
    }

    /// Starts the reader (once the connection is registered); an ending asked for before runs now.
    func attach(_ task: Task<Void, Never>) {
        reader.withLock { $0 = task }
        if let ending = pendingEnding.withLock({ $0 }) { end(ending) }
    }

    func end(_ ending: Ending) {
        guard let task = reader.withLock({ $0 }) else {
            pendingEnding.withLock { $0 = ending }
            return
        }
        let output = output
        Task { [self] in
            if ending == .afterClient {
                let deadline = ContinuousClock.now + .seconds(2)
                while !readerFinished.withLock({ $0 }), ContinuousClock.now < deadline {
                    try? await Task.sleep(for: .milliseconds(10))
                }
            }
            task.cancel()
            await task.value
            output.finish()
        }
    }

    /// Called by the reader as it ends (the bot closed its end, or the read was cancelled).
    func markReaderFinished() {
        readerFinished.withLock { $0 = true }
    }
}
