import FlyingFox
import Foundation

/// One WebSocket connection to the fake gateway: frames in go to the state, frames out come from it.
struct FakeDiscordGatewaySocket: WSHandler {
    let gateway: FakeDiscordGateway
    let path: String
    let query: [String: String]

    func makeFrames(for client: AsyncThrowingStream<WSFrame, any Error>) async throws -> AsyncStream<WSFrame> {
        let (frames, output) = AsyncStream.makeStream(of: WSFrame.self)
        let link = FakeDiscordGatewayLink(output: output)
        let id = gateway.state.withLock { $0.open(path: path, query: query, link: link, now: ContinuousClock.now) }
        link.attach(
            Task { [gateway] in
                do {
                    for try await frame in client {
                        let now = ContinuousClock.now
                        gateway.state.withLock { $0.receive(frame, on: id, now: now) }
                    }
                } catch {}
                link.markReaderFinished()
                gateway.state.withLock { $0.clientDisconnected(id) }
            })
        return frames
    }
}
