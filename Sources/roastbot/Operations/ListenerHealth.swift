import HTTPServing
import Synchronization

/// Whether the HTTP listeners take connections, for the health check (`/healthz` and the systemd
/// watchdog): a listener whose `accept` has failed for longer than ``grace`` (out of descriptors
/// that none of its own idle connections could give back) no longer receives Telegram's deliveries,
/// and the bot is unhealthy until it does — `/healthz`, `roastbot health` and the systemd unit's
/// status say why, where they once stayed content with a deaf bot.
final class ListenerHealth: Sendable {
    /// A shortage shorter than this is waited out without a verdict: the listener gives back an idle
    /// connection's descriptor at once, and something else's files are often closed within seconds.
    static let grace: Duration = .seconds(10)

    private let servers = Mutex<[HTTPServer]>([])

    /// Judges `server` from now on.
    func watch(_ server: HTTPServer) {
        servers.withLock { $0.append(server) }
    }

    /// The first listener's problem, nil when each takes connections.
    func problem(at now: ContinuousClock.Instant = .now) -> String? {
        for server in servers.withLock({ $0 }) {
            if let problem = Self.problem(of: server.name, server.statistics, at: now) { return problem }
        }
        return nil
    }

    /// `statistics`' problem: `accept` failing for longer than ``grace``.
    static func problem(of listener: String, _ statistics: HTTPServerStatistics, at now: ContinuousClock.Instant) -> String? {
        guard let failure = statistics.acceptFailure, now - failure.since > grace else { return nil }
        return "\(listener) listener cannot accept connections for \((now - failure.since).components.seconds) s: \(failure.reason)"
    }
}
