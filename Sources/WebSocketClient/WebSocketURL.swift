import Foundation

/// A `ws://` or `wss://` address split into what the connection needs: the `http(s)://` URL libcurl
/// connects to (libcurl 7.88 refuses ws schemes), the request target and the `Host` header.
public struct WebSocketURL: Sendable, Hashable {
    public let isSecure: Bool
    public let host: String
    public let port: Int
    /// The path and query of the GET request ("/" when the URL has no path).
    public let requestTarget: String

    /// Nil unless `text` is an absolute `ws://` or `wss://` URL with a host.
    public init?(_ text: String) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "ws" || scheme == "wss", let host = components.host, !host.isEmpty,
            components.user == nil, components.password == nil
        else { return nil }
        isSecure = scheme == "wss"
        self.host = host
        port = components.port ?? (isSecure ? 443 : 80)
        guard (1...65_535).contains(port) else { return nil }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        requestTarget = path + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
    }

    /// What libcurl connects to: the same host and port with the matching HTTP scheme.
    public var curlURL: String {
        "\(isSecure ? "https" : "http")://\(bracketedHost):\(port)/"
    }

    /// The `Host` header: the port only when it is not the scheme's default.
    public var hostHeader: String {
        port == (isSecure ? 443 : 80) ? bracketedHost : "\(bracketedHost):\(port)"
    }

    private var bracketedHost: String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }
}
