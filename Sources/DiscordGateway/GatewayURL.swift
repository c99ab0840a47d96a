import Foundation

/// The gateway address with the query Discord requires (`v=10&encoding=json`), from the URL that
/// `GET /gateway/bot` or READY's `resume_gateway_url` gave. Other query items are kept.
enum GatewayURL {
    static let apiVersion = 10

    static func connectURL(_ base: String) -> String {
        guard var components = URLComponents(string: base) else { return base }
        if components.path.isEmpty { components.path = "/" }
        var items = (components.queryItems ?? []).filter { $0.name != "v" && $0.name != "encoding" }
        items.insert(
            contentsOf: [URLQueryItem(name: "v", value: String(apiVersion)), URLQueryItem(name: "encoding", value: "json")], at: 0)
        components.queryItems = items
        return components.string ?? base
    }
}
