/// Settings for one connection. The defaults suit Discord's gateway.
public struct WebSocketConfiguration: Sendable, Hashable {
    /// Seconds allowed for DNS, TCP, a proxy's CONNECT and TLS (`CURLOPT_CONNECTTIMEOUT_MS`).
    public var connectTimeout: Double
    /// Seconds allowed for the upgrade request and the server's answer.
    public var handshakeTimeout: Double
    /// Seconds to wait for the server's close frame after the client sent its own.
    public var closeTimeout: Double
    /// Largest message accepted (a fragmented message counts whole); past it the client fails the
    /// connection with 1009.
    public var maximumMessageSize: Int
    public var userAgent: String
    /// A PEM file of certificate authorities to trust instead of the system's (`CURLOPT_CAINFO`), for
    /// tests against a server with its own certificate. Nil: the system store, as REST uses.
    public var certificateAuthorityFile: String?
    /// libcurl's verbose trace of the connection phase on stderr; debugging only.
    public var verbose: Bool

    public init(
        connectTimeout: Double = 10, handshakeTimeout: Double = 10, closeTimeout: Double = 3,
        maximumMessageSize: Int = 16 << 20, userAgent: String = "roastbot/1.0", certificateAuthorityFile: String? = nil,
        verbose: Bool = false
    ) {
        self.connectTimeout = connectTimeout
        self.handshakeTimeout = handshakeTimeout
        self.closeTimeout = closeTimeout
        self.maximumMessageSize = maximumMessageSize
        self.userAgent = userAgent
        self.certificateAuthorityFile = certificateAuthorityFile
        self.verbose = verbose
    }
}
