import CurlHTTP
import Foundation
import RoastTesting

/// The operator's view of a running bot in tests: its metrics and health endpoints over HTTP, a free
/// loopback port to put them on, and the Prometheus text parsed into values.
enum OperationsProbe {
    /// A port on 127.0.0.1 nobody listens on right now.
    static func freePort() -> UInt16 { LoopbackPort.free() }

    /// One HTTP exchange; nil when nothing answered.
    static func request(
        _ url: String, method: HTTPRequest.Method = .get, headers: [(name: String, value: String)] = [], body: [UInt8] = []
    ) async -> HTTPResponse? {
        let client = CurlHTTPClient()
        defer { client.shutdown() }
        return try? await client.send(HTTPRequest(method: method, url: url, headers: headers, body: body, timeout: 10, connectTimeout: 2))
    }

    /// The body of a GET, as text; nil when nothing answered.
    static func get(_ url: String) async -> (status: Int, text: String)? {
        guard let response = await request(url) else { return nil }
        return (response.status, String(decoding: response.body, as: UTF8.self))
    }

    /// Prometheus text format → values by series (`name{label="value",…}` with labels sorted, or `name`).
    static func samples(_ text: String) -> [String: Double] {
        var values: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else { continue }
            values[canonical(String(line[..<space]))] = value
        }
        return values
    }

    /// A series name with its labels in sorted order, for lookups: `series("x", ["b": "1", "a": "2"])`.
    static func series(_ name: String, _ labels: [String: String] = [:]) -> String {
        guard !labels.isEmpty else { return name }
        return name + "{" + labels.sorted { $0.key < $1.key }.map { "\($0.key)=\"\($0.value)\"" }.joined(separator: ",") + "}"
    }

    private static func canonical(_ series: String) -> String {
        guard let open = series.firstIndex(of: "{"), series.hasSuffix("}") else { return series }
        let name = String(series[..<open])
        let inner = series[series.index(after: open)..<series.index(before: series.endIndex)]
        var labels: [String: String] = [:]
        for pair in inner.split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            labels[String(parts[0])] = String(parts[1]).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return Self.series(name, labels)
    }
}
