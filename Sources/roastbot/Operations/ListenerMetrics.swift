import CoreMetrics
import HTTPServing
import Synchronization

/// The HTTP listeners' figures, labelled by listener (`webhook`, `metrics`, `webhook+metrics`):
/// what each holds right now — connections, requests with a handler, bytes read or to write — read
/// from its statistics at scrape time; and, counted as they happen, connections closed or refused
/// at the connection limit and requests the listener answered itself (malformed, too large, too
/// slow, no such path, refused before any handler), by status.
final class ListenerMetrics: Sendable {
    enum Name {
        static let connections = "roastbot_http_connections_open"
        static let inHandlers = "roastbot_http_requests_in_handlers"
        static let buffered = "roastbot_http_buffered_bytes"
        static let shed = "roastbot_http_connections_shed_total"
        static let refused = "roastbot_http_requests_refused_total"
    }

    /// Every status a listener answers on its own; each has its series from the start.
    static let refusalStatuses = [400, 401, 404, 405, 408, 413, 414, 417, 431, 501, 503, 505]

    private struct Gauges {
        let server: HTTPServer
        let connections: Gauge
        let inHandlers: Gauge
        let buffered: Gauge
    }

    private let factory: any MetricsFactory
    private let gauges = Mutex<[Gauges]>([])

    init(factory: any MetricsFactory) {
        self.factory = factory
    }

    /// The counters a listener named `listener` reports to.
    func events(for listener: String) -> HTTPServerEvents {
        let dimensions = [("listener", listener)]
        let shed = Counter(label: Name.shed, dimensions: dimensions, factory: factory)
        shed.increment(by: 0)
        var counters: [Int: Counter] = [:]
        for status in Self.refusalStatuses {
            let counter = Counter(label: Name.refused, dimensions: dimensions + [("status", "\(status)")], factory: factory)
            counter.increment(by: 0)
            counters[status] = counter
        }
        let refused = counters
        let other = Counter(label: Name.refused, dimensions: dimensions + [("status", "other")], factory: factory)
        return HTTPServerEvents(
            connectionShed: { shed.increment() },
            requestRefused: { status in (refused[status] ?? other).increment() })
    }

    /// Reads `server`'s statistics at every scrape from now on.
    func watch(_ server: HTTPServer) {
        let dimensions = [("listener", server.name)]
        let entry = Gauges(
            server: server, connections: Gauge(label: Name.connections, dimensions: dimensions, factory: factory),
            inHandlers: Gauge(label: Name.inHandlers, dimensions: dimensions, factory: factory),
            buffered: Gauge(label: Name.buffered, dimensions: dimensions, factory: factory))
        gauges.withLock { $0.append(entry) }
        refresh()
    }

    /// Records what each listener holds now.
    func refresh() {
        for entry in gauges.withLock({ $0 }) {
            let statistics = entry.server.statistics
            entry.connections.record(statistics.connections)
            entry.inHandlers.record(statistics.requestsInHandlers)
            entry.buffered.record(statistics.bufferedBytes)
        }
    }
}
