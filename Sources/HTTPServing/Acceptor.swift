import CSockets
import Foundation

/// How the listener takes a pending connection off its listening socket: `accept4(2)`, non-blocking
/// and close-on-exec. A value rather than a call in place so that the listener's answer to a failing
/// `accept` (out of descriptors) can be shown without exhausting a test process's descriptors.
struct Acceptor: Sendable {
    /// The new connection's descriptor, or the `errno` of the failure.
    var accept: @Sendable (_ listener: Int32) -> Result<Int32, AcceptError>

    struct AcceptError: Error, Equatable {
        var code: Int32
    }

    static let system = Acceptor { listener in
        let descriptor = accept4(listener, nil, nil, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
        return descriptor >= 0 ? .success(descriptor) : .failure(AcceptError(code: errno))
    }
}
