/// Delays between failed connection attempts: after the first failure a retry within a second, then
/// doubling from `base` up to `maximum`, each scaled by a random factor in [0.5, 1] so that many bots
/// (or shards) do not retry in step.
struct GatewayBackoff: Sendable, Hashable {
    let base: Double
    let maximum: Double

    /// Seconds to wait after `failures` failures in a row (0 when none).
    func delay(afterFailures failures: Int, using generator: inout some RandomNumberGenerator) -> Double {
        guard failures > 0 else { return 0 }
        guard failures > 1 else { return Double.random(in: 0..<1, using: &generator) }
        let exponent = min(failures - 1, 30)
        let ceiling = min(maximum, base * Double(1 << exponent))
        return ceiling * Double.random(in: 0.5...1, using: &generator)
    }
}
