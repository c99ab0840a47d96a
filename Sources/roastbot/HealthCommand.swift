import ArgumentParser
import CurlHTTP
import Foundation

/// `roastbot health` — asks a running bot's `/healthz` (for a container's HEALTHCHECK: the slim image
/// has no curl binary, and the bot's own libcurl client does the asking).
struct HealthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "health",
        abstract: "Ask the running bot whether it is healthy (GET /healthz on the metrics address); exit 0 when it is.",
        discussion: "Prints the bot's one-line answer. Exit 0: healthy; 1: unhealthy or no answer; 2: no metrics address configured."
    )

    @OptionGroup var options: SharedOptions

    @Option(name: .long, help: "The health URL to ask (default: http://<metrics address>/healthz).")
    var url: String?

    @Option(name: .long, help: "Seconds to wait for the answer.")
    var timeout: Double = 5

    func run() async throws {
        let settings = try options.settings()
        guard let target = url ?? settings.metricsAddress.map({ "http://\($0)\(OperationsEndpoints.healthPath)" }) else {
            Composition.fail("metrics.address is not set (ROASTBOT_METRICS_ADDRESS): there is no health endpoint to ask")
        }
        let http = CurlHTTPClient()
        defer { http.shutdown() }
        let response: HTTPResponse
        do {
            response = try await http.send(HTTPRequest(method: .get, url: target, timeout: timeout, connectTimeout: min(timeout, 2)))
        } catch {
            print("unhealthy: no answer from \(target) (\(error))")
            throw ExitCode(1)
        }
        let answer = String(decoding: response.body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        print(response.status == 200 ? answer : "unhealthy: \(answer.isEmpty ? "HTTP \(response.status)" : answer)")
        if response.status != 200 { throw ExitCode(1) }
    }
}
