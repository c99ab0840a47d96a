import CoreMetrics
import Prometheus
import RoastBot
import TelegramAdapter

/// The metrics of one run: a Prometheus registry behind swift-metrics when the metrics listener is
/// configured, else a factory that records nothing (and no registry).
struct MetricsSetup: Sendable {
    let registry: PrometheusCollectorRegistry?
    let factory: any MetricsFactory
    let bot: BotMetrics
    let telegram: TelegramMetrics

    init(enabled: Bool) {
        guard enabled else {
            registry = nil
            factory = NOOPMetricsHandler.instance
            bot = .disabled
            telegram = .disabled
            return
        }
        let registry = PrometheusCollectorRegistry()
        var prometheus = PrometheusMetricsFactory(registry: registry)
        // A handler takes tens of microseconds to a few milliseconds; a commit, with its wait behind
        // the events before it, up to a few hundred.
        prometheus.durationHistogramBuckets = [
            BotMetrics.Name.handlerDuration: [
                .microseconds(50), .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2),
                .milliseconds(5), .milliseconds(10), .milliseconds(50), .milliseconds(250), .seconds(1),
            ],
            BotMetrics.Name.commitDuration: [
                .microseconds(250), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
                .milliseconds(50), .milliseconds(100), .milliseconds(500), .seconds(2), .seconds(10),
            ],
        ]
        self.registry = registry
        factory = prometheus
        bot = BotMetrics(factory: prometheus)
        telegram = TelegramMetrics(factory: prometheus)
    }
}
