import FlyingFox
import FlyingSocks
import Foundation
import Synchronization

/// One HTTP server on one address, answering a fixed set of paths (404 for any other): the metrics
/// and health endpoints, the webhook, or both when they share an address. FlyingFox serves it on an
/// epoll loop of its own; handlers run as tasks.
final class HTTPListener: Sendable {
    typealias Handler = @Sendable (HTTPRequest) async -> HTTPResponse

    /// Why a listener did not start.
    struct StartError: Error, CustomStringConvertible {
        var address: ListenAddress
        var reason: String
        var description: String { "cannot listen on \(address): \(reason)" }
    }

    let address: ListenAddress
    private let server: HTTPServer
    private let failure = Mutex<String?>(nil)
    private let task = Mutex<Task<Void, Never>?>(nil)

    /// - Parameter timeout: the longest a handler may take (a webhook delivery waits for its commit).
    init(address: ListenAddress, routes: [String: Handler], timeout: Double) throws(StartError) {
        self.address = address
        let socketAddress: any SocketAddress
        do {
            socketAddress =
                address.isIPv6
                ? try sockaddr_in6.inet6(ip6: address.host, port: address.port)
                : try sockaddr_in.inet(ip4: address.host, port: address.port)
        } catch {
            throw StartError(address: address, reason: "not an IP address")
        }
        server = HTTPServer(
            config: HTTPServer.Configuration(address: socketAddress, timeout: timeout, logger: .disabled),
            handler: PathRouter(routes: routes))
    }

    /// Binds and starts serving; returns once the socket listens, or throws why it cannot.
    func start() async throws(StartError) {
        let running = Task { [self] in
            do {
                try await server.run()
            } catch {
                failure.withLock { $0 = "\(error)" }
            }
        }
        task.withLock { $0 = running }
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            if await server.isListening { return }
            if let reason = failure.withLock({ $0 }) { throw StartError(address: address, reason: reason) }
            guard ContinuousClock.now < deadline else { throw StartError(address: address, reason: "timed out") }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// The port actually bound (the configured one, or the system's choice for port 0).
    var boundPort: UInt16? {
        get async {
            switch await server.listeningAddress {
            case .ip4(_, let port)?, .ip6(_, let port)?: port
            default: nil
            }
        }
    }

    /// Stops accepting, lets requests under way finish for up to `timeout` seconds, then closes.
    func stop(timeout: Double = 5) async {
        await server.stop(timeout: timeout)
        let running = task.withLock { $0 }
        await running?.value
    }
}
