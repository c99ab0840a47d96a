/// Why a listener could not start.
public struct HTTPServerError: Error, Sendable, CustomStringConvertible {
    public var host: String
    public var port: UInt16
    public var reason: String

    public var description: String {
        let authority = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        return "cannot listen on \(authority): \(reason)"
    }
}
