import Foundation
import UnixSignals

/// SIGHUP as a stream of reload requests (operators send it after editing `config/collections.json`).
enum HangupSignal {
    static func reloadRequests() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let listener = Task {
            for await _ in await UnixSignalsSequence(trapping: .sighup) { continuation.yield() }
            continuation.finish()
        }
        continuation.onTermination = { _ in listener.cancel() }
        return stream
    }
}
