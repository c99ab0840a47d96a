import Foundation

/// A non-blocking TCP socket listening on an IPv4 or IPv6 literal address.
struct ListeningSocket {
    let descriptor: Int32
    let port: UInt16

    /// Binds and listens; throws why not (an address in use, not an IP literal…).
    init(host: String, port: UInt16) throws(HTTPServerError) {
        func failure(_ reason: String) -> HTTPServerError { HTTPServerError(host: host, port: port, reason: reason) }
        let isIPv6 = host.contains(":")
        let family = isIPv6 ? AF_INET6 : AF_INET
        var storage = sockaddr_storage()
        var length: socklen_t
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            guard inet_pton(AF_INET6, host, &address.sin6_addr) == 1 else { throw failure("not an IP address") }
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
            withUnsafeBytes(of: address) { source in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) } }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { throw failure("not an IP address") }
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
            withUnsafeBytes(of: address) { source in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) } }
        }
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw failure(String(cString: strerror(errno))) }
        var one: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0, listen(descriptor, SOMAXCONN) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw failure(reason)
        }
        var actual = sockaddr_storage()
        length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        let boundPort: UInt16 = withUnsafeBytes(of: actual) { raw in
            isIPv6
                ? UInt16(bigEndian: raw.load(as: sockaddr_in6.self).sin6_port) : UInt16(bigEndian: raw.load(as: sockaddr_in.self).sin_port)
        }
        self.descriptor = descriptor
        self.port = boundPort
    }
}
