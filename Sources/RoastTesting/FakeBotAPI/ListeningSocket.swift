import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The listening TCP socket of this process on a port, found among its open descriptors, for the
/// socket options FlyingFox does not expose.
enum ListeningSocket {
    /// Turns Nagle's algorithm off on the socket listening on 127.0.0.1:`port`; Linux hands the
    /// setting down to every connection accepted from it.
    static func disableNagle(port: UInt16) {
        guard let descriptor = find(port: port) else { return }
        var one: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    private static func find(port: UInt16) -> Int32? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return nil }
        for entry in entries {
            guard let descriptor = Int32(entry) else { continue }
            var accepting: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(descriptor, SOL_SOCKET, SO_ACCEPTCONN, &accepting, &length) == 0, accepting == 1 else { continue }
            var address = sockaddr_in()
            var addressLength = socklen_t(MemoryLayout<sockaddr_in>.size)
            let named = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &addressLength) == 0 }
            }
            if named, address.sin_family == sa_family_t(AF_INET), UInt16(bigEndian: address.sin_port) == port { return descriptor }
        }
        return nil
    }
}
