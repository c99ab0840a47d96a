import AIRoasts
import CoreMetrics
import Foundation

/// Figures about this process and its AI provider read at scrape time: resident memory (Linux
/// `/proc/self/statm`, Prometheus's conventional `process_resident_memory_bytes`) and the AI circuit
/// breaker's state (0 closed, 1 half-open, 2 open; absent without AI).
struct ProcessGauges: Sendable {
    static let residentName = "process_resident_memory_bytes"
    static let circuitName = "roastbot_ai_circuit_state"

    private let resident: Gauge
    private let circuit: Gauge?
    private let circuitState: (@Sendable () -> Int)?

    /// - Parameter circuitState: the AI breaker's state as 0/1/2; nil when no AI provider is configured.
    init(factory: any MetricsFactory, circuitState: (@Sendable () -> Int)?) {
        resident = Gauge(label: Self.residentName, factory: factory)
        circuit = circuitState.map { _ in Gauge(label: Self.circuitName, factory: factory) }
        self.circuitState = circuitState
    }

    func refresh() {
        if let bytes = Self.residentBytes() { resident.record(bytes) }
        if let circuit, let circuitState { circuit.record(circuitState()) }
    }

    /// Resident pages × page size, from `/proc/self/statm`'s second field.
    static func residentBytes() -> Int64? {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int64(fields[1]) else { return nil }
        return pages * Int64(sysconf(Int32(_SC_PAGESIZE)))
    }
}

extension CircuitBreaker.State {
    /// 0 closed (calls go out), 1 half-open (one trial call), 2 open (the provider is skipped).
    var level: Int {
        switch self {
        case .closed: 0
        case .halfOpen: 1
        case .open: 2
        }
    }
}
