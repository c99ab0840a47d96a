import DiscordGateway
import Foundation
import Synchronization

/// A gateway transport without sockets for unit tests of the session: every connect opens a
/// ``ScriptedGatewayConnection`` the test speaks through (or fails, when scripted to).
public final class ScriptedGatewayTransport: GatewayTransport {
    private struct State {
        var urls: [String] = []
        var connections: [ScriptedGatewayConnection] = []
        var failures: [String] = []
    }

    public struct ConnectFailure: Error, CustomStringConvertible {
        public var description: String
    }

    private let state = Mutex(State())

    public init() {}

    public func connect(to url: String) async throws -> any GatewayTransportConnection {
        let outcome: Result<ScriptedGatewayConnection, ConnectFailure> = state.withLock { state in
            state.urls.append(url)
            if !state.failures.isEmpty { return .failure(ConnectFailure(description: state.failures.removeFirst())) }
            let connection = ScriptedGatewayConnection(url: url)
            state.connections.append(connection)
            return .success(connection)
        }
        return try outcome.get()
    }

    /// The next `count` connects fail with `message`.
    public func failNextConnects(_ count: Int = 1, message: String = "connection refused") {
        state.withLock { $0.failures += Array(repeating: message, count: count) }
    }

    /// Every URL a connect was asked for, failed ones included.
    public var urls: [String] { state.withLock { $0.urls } }
    public var connections: [ScriptedGatewayConnection] { state.withLock { $0.connections } }

    /// Waits (real time, 10 ms steps) until `count` connections were opened; returns the last of them.
    public func connection(number count: Int, timeout: Duration = .seconds(30)) async -> ScriptedGatewayConnection? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let connections = self.connections
            if connections.count >= count { return connections[count - 1] }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return nil
    }
}

/// One connection of ``ScriptedGatewayTransport``: the test plays the server.
public final class ScriptedGatewayConnection: GatewayTransportConnection {
    private struct State {
        var sent: [String] = []
        var closeCode: Int?
        var isOpen = true
    }

    public let url: String
    public let events: AsyncStream<GatewayTransportEvent>
    private let sink: AsyncStream<GatewayTransportEvent>.Continuation
    private let state = Mutex(State())

    public struct Closed: Error {}

    init(url: String) {
        self.url = url
        (events, sink) = AsyncStream.makeStream(of: GatewayTransportEvent.self)
    }

    public func send(_ payload: Data) async throws {
        try state.withLock { state in
            guard state.isOpen else { throw Closed() }
            state.sent.append(String(decoding: payload, as: UTF8.self))
        }
    }

    public func close(code: Int) async {
        let wasOpen = state.withLock { state in
            defer { state.isOpen = false }
            if state.isOpen { state.closeCode = code }
            return state.isOpen
        }
        guard wasOpen else { return }
        sink.yield(.closed(code: code, dropped: false))
        sink.finish()
    }

    // MARK: - The server's side

    /// A payload from the server.
    public func deliver(_ json: String) {
        sink.yield(.message(Data(json.utf8)))
    }

    /// The server closes with `code` (nil: the connection drops without a close frame).
    public func serverClose(code: Int?) {
        let wasOpen = state.withLock { state in
            defer { state.isOpen = false }
            return state.isOpen
        }
        guard wasOpen else { return }
        sink.yield(.closed(code: code, dropped: code == nil))
        sink.finish()
    }

    /// Payloads the session sent, in order.
    public var sent: [String] { state.withLock { $0.sent } }
    /// The code the session closed this connection with, if it did.
    public var closeCode: Int? { state.withLock { $0.closeCode } }
    public var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Waits (real time) until the session has sent `count` payloads; returns them.
    public func waitForSent(_ count: Int, timeout: Duration = .seconds(30)) async -> [String] {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let sent = self.sent
            if sent.count >= count { return sent }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return sent
    }

    /// Waits (real time) until the session closed this connection; returns the code.
    public func waitForClose(timeout: Duration = .seconds(30)) async -> Int? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let code = closeCode { return code }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return closeCode
    }
}
