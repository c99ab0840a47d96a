/// Where an HTTP listener binds: `127.0.0.1:9464`, `0.0.0.0:8080`, `[::1]:9464`, `localhost:9464`
/// (IPv4 loopback). Port 0 asks the system for a free one (its number is logged).
struct ListenAddress: Sendable, Hashable, CustomStringConvertible {
    /// An IPv4 or IPv6 literal.
    var host: String
    var port: UInt16

    var isIPv6: Bool { host.contains(":") }

    /// Whether only this machine can connect (127.0.0.0/8 or ::1).
    var isLoopback: Bool { host == "::1" || host.hasPrefix("127.") }

    /// `host:port`, IPv6 hosts in brackets (also the authority of a URL).
    var description: String { isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }

    init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// Parses `host:port`; nil unless the host is an IP literal (or `localhost`) and the port a number.
    init?(_ text: String) {
        let host: Substring
        let port: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else { return nil }
            host = text[text.index(after: text.startIndex)..<close]
            port = text[text.index(close, offsetBy: 2)...]
            guard host.contains(":"), host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
        } else {
            guard let colon = text.lastIndex(of: ":") else { return nil }
            host = text[..<colon]
            port = text[text.index(after: colon)...]
            if host != "localhost" {
                let parts = host.split(separator: ".", omittingEmptySubsequences: false)
                guard parts.count == 4, parts.allSatisfy({ UInt8($0) != nil }) else { return nil }
            }
        }
        guard let number = UInt16(port) else { return nil }
        self.init(host: host == "localhost" ? "127.0.0.1" : String(host), port: number)
    }
}
