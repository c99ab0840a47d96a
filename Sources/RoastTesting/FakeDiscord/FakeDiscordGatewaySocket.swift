import FlyingFox
import Foundation

/// One WebSocket connection to the fake gateway: frames in go to the state, frames out come from it.
struct FakeDiscordGatewaySocket: WSHandler {
    let gateway: FakeDiscordGateway
    let path: String
    let query: [String: String]

    func makeFrames(for client: AsyncThrowingStream<WSFrame, any Error>) async throws -> AsyncStream<WSFrame> {
        let (frames, output) = AsyncStream.makeStream(of: WSFrame.self)
        let id = gateway.state.withLock { $0.open(path: path, query: query, output: output, now: ContinuousClock.now) }
        let reader = Task { [gateway] in
            do {
                for try await frame in client {
                    let now = ContinuousClock.now
                    gateway.state.withLock { $0.receive(frame, on: id, now: now) }
                }
            } catch {}
            gateway.state.withLock { $0.clientDisconnected(id) }
        }
        // When the fake ends the connection, stop reading before FlyingFox closes the socket: a read
        // still waiting on a closed descriptor would catch the next connection that reuses its number
        // (its upgrade request then goes unanswered). FlyingFox's own handler cancels the same way.
        output.onTermination = { _ in reader.cancel() }
        if gateway.state.withLock({ $0.connections[id]?.isOpen != true }) { reader.cancel() }
        return frames
    }
}
