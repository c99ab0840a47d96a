import Foundation
import Logging
import Synchronization

/// A small, strict HTTP/1.1 server for the bot's listeners (the webhook, metrics and health): heads
/// and bodies are read on a thread of its own within hard limits (``HTTPLimits``), and only a
/// complete, bounded request whose route let it in is handed to a task. A stranger's bytes — a head
/// line of megabytes, thousands of idle connections, a flood of forged requests — cost that thread
/// a few microseconds each and never a thread of the cooperative pool, which the bot's pipeline needs.
///
/// HTTP/1.1 with keep-alive, pipelining (one request at a time, answers in order), `Content-Length`
/// and chunked bodies, `Expect: 100-continue`; no TLS (a reverse proxy ends it), no HTTP/2, no
/// upgrades.
public final class HTTPServer: Sendable {
    /// The name in its log lines and thread (`webhook`, `metrics`).
    public let name: String
    /// The port bound (the one asked for, or the system's choice for 0).
    public let port: UInt16
    private let loop: ServerLoop
    private let started = Mutex(false)

    /// Binds and listens on `host` (an IPv4 or IPv6 literal) and `port`; serving starts with
    /// ``start()``. Paths not in `routes` are answered 404.
    public convenience init(
        name: String, host: String, port: UInt16, routes: [String: HTTPRoute], limits: HTTPLimits = HTTPLimits(), logger: Logger,
        events: HTTPServerEvents = HTTPServerEvents()
    ) throws(HTTPServerError) {
        try self.init(name: name, host: host, port: port, routes: routes, limits: limits, logger: logger, events: events, acceptor: .system)
    }

    init(
        name: String, host: String, port: UInt16, routes: [String: HTTPRoute], limits: HTTPLimits, logger: Logger, events: HTTPServerEvents,
        acceptor: Acceptor
    ) throws(HTTPServerError) {
        let socket = try ListeningSocket(host: host, port: port)
        self.name = name
        self.port = socket.port
        do {
            loop = try ServerLoop(
                name: name, listener: socket.descriptor, limits: limits, routes: routes, logger: logger, events: events, acceptor: acceptor)
        } catch {
            close(socket.descriptor)
            throw error
        }
    }

    /// Starts serving on the listener's own thread.
    public func start() {
        let first = started.withLock { started in
            defer { started = true }
            return !started
        }
        if first { loop.start() }
    }

    /// Stops accepting, closes idle connections, lets requests under way finish for up to `timeout`
    /// seconds (their answers close their connections), then closes everything and returns.
    public func stop(timeout: Double = 5) async {
        start()
        await loop.mailbox.stop(timeout: timeout)
    }

    /// What the listener holds and has turned away.
    public var statistics: HTTPServerStatistics {
        loop.statistics.withLock { $0 }
    }
}
