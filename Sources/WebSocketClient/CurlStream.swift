import CCurl
import Foundation

/// A TCP (or TLS) byte stream opened by libcurl with `CURLOPT_CONNECT_ONLY`, so that DNS, a proxy's
/// CONNECT tunnel, TLS and the CA store are the ones REST uses. ALPN is off: with it, the TLS
/// handshake could pick HTTP/2, and a WebSocket upgrade is HTTP/1.1.
///
/// Used by one thread only (the connection's). Reads must go on until ``read(into:)`` says
/// `.wouldBlock` before waiting on the socket: TLS may hold decrypted bytes the socket no longer shows.
final class CurlStream {
    enum ReadResult {
        case bytes(Int)
        case wouldBlock
        case endOfStream
        case failed
    }

    enum WriteResult {
        case wrote(Int)
        case wouldBlock
        case failed
    }

    /// `curl_global_init` must run once before any other curl call.
    private static let isCurlInitialized: Bool = rb_global_init_all() == CURLE_OK

    private let easy: UnsafeMutableRawPointer
    /// The connected socket, for `poll`.
    private(set) var socket: Int32 = -1

    init() throws(WebSocketError) {
        guard Self.isCurlInitialized, let easy = curl_easy_init() else {
            throw .connectionFailed(code: Int(CURLE_FAILED_INIT.rawValue), message: "libcurl could not start")
        }
        self.easy = easy
    }

    deinit {
        curl_easy_cleanup(easy)
    }

    /// Connects (and does the TLS handshake for `wss`). Blocks this thread for at most the connect timeout.
    func connect(to url: WebSocketURL, configuration: WebSocketConfiguration) throws(WebSocketError) {
        var code = CURLE_OK
        func set(_ result: CURLcode) {
            if code == CURLE_OK { code = result }
        }
        set(rb_easy_setopt_string(easy, CURLOPT_URL, url.curlURL))
        set(rb_easy_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"))
        set(rb_easy_setopt_long(easy, CURLOPT_CONNECT_ONLY, 1))
        set(rb_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1))
        set(rb_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, Int(max(1, configuration.connectTimeout * 1_000))))
        set(rb_easy_setopt_long(easy, CURLOPT_SSL_ENABLE_ALPN, 0))
        // Through a proxy (from the environment, as for REST), plain ws:// must be tunnelled too.
        set(rb_easy_setopt_long(easy, CURLOPT_HTTPPROXYTUNNEL, 1))
        set(rb_easy_setopt_long(easy, CURLOPT_TCP_KEEPALIVE, 1))
        set(rb_easy_setopt_long(easy, CURLOPT_VERBOSE, configuration.verbose ? 1 : 0))
        if let file = configuration.certificateAuthorityFile { set(rb_easy_setopt_string(easy, CURLOPT_CAINFO, file)) }
        guard code == CURLE_OK else { throw Self.error(code) }

        let result = curl_easy_perform(easy)
        guard result == CURLE_OK else {
            throw result == CURLE_OPERATION_TIMEDOUT ? .timedOut : Self.error(result)
        }
        // CURLINFO_ACTIVESOCKET writes a curl_socket_t (an int) at the address it is given: give it a
        // zeroed, pointer-sized slot and read the int back from the slot's first bytes.
        var slot: UnsafeMutableRawPointer?
        let info = rb_easy_getinfo_pointer(easy, CURLINFO_ACTIVESOCKET, &slot)
        let descriptor = withUnsafeBytes(of: &slot) { $0.load(as: Int32.self) }
        guard info == CURLE_OK, descriptor >= 0 else { throw .connectionFailed(code: Int(info.rawValue), message: "no socket") }
        socket = descriptor
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> ReadResult {
        var count = 0
        let result = curl_easy_recv(easy, buffer.baseAddress, buffer.count, &count)
        switch result {
        case CURLE_OK: return count == 0 ? .endOfStream : .bytes(count)
        case CURLE_AGAIN: return .wouldBlock
        default: return .failed
        }
    }

    func write(_ bytes: ArraySlice<UInt8>) -> WriteResult {
        var count = 0
        let result = bytes.withUnsafeBytes { curl_easy_send(easy, $0.baseAddress, $0.count, &count) }
        switch result {
        case CURLE_OK: return .wrote(count)
        case CURLE_AGAIN: return .wouldBlock
        default: return .failed
        }
    }

    private static func error(_ code: CURLcode) -> WebSocketError {
        .connectionFailed(code: Int(code.rawValue), message: String(cString: curl_easy_strerror(code)))
    }
}
