import Foundation
import WebSocketClient

/// Gateway connections over ``WebSocketConnection`` (libcurl's TLS, a thread per connection).
public struct WebSocketGatewayTransport: GatewayTransport {
    public var configuration: WebSocketConfiguration

    public init(configuration: WebSocketConfiguration = WebSocketConfiguration()) {
        self.configuration = configuration
    }

    public func connect(to url: String) async throws -> any GatewayTransportConnection {
        Connection(try await WebSocketConnection.connect(to: url, configuration: configuration))
    }

    private struct Connection: GatewayTransportConnection {
        let socket: WebSocketConnection
        let events: AsyncStream<GatewayTransportEvent>

        init(_ socket: WebSocketConnection) {
            self.socket = socket
            let (events, sink) = AsyncStream.makeStream(of: GatewayTransportEvent.self)
            self.events = events
            let task = Task {
                for await event in socket.events {
                    switch event {
                    case .message(.text(let text)): sink.yield(.message(Data(text.utf8)))
                    case .message(.binary(let bytes)): sink.yield(.message(Data(bytes)))
                    case .closed(let closure): sink.yield(Self.event(closure))
                    }
                }
                sink.finish()
            }
            sink.onTermination = { _ in task.cancel() }
        }

        func send(_ payload: Data) async throws {
            try await socket.send(.text(String(decoding: payload, as: UTF8.self)))
        }

        func close(code: Int) async {
            await socket.close(code: WebSocketCloseCode(UInt16(clamping: code)))
        }

        static func event(_ closure: WebSocketClosure) -> GatewayTransportEvent {
            switch closure {
            case .closedByServer(let code, _): .closed(code: code.map { Int($0.rawValue) }, dropped: false)
            case .closedByClient(let code): .closed(code: Int(code.rawValue), dropped: false)
            case .failed, .connectionLost, .aborted: .closed(code: nil, dropped: true)
            }
        }
    }
}
