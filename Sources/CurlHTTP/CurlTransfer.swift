import CCurl
import Foundation

/// One request's state while curl performs it: the easy handle's options, the collected response,
/// and the caller to resume. Owned and touched only by the loop thread.
final class CurlTransfer {
    let submission: CurlMultiLoop.Submission
    private let easy: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    /// The header lines of the last response block as received; parsed only if the caller asks.
    private var headerBlock: [UInt8] = []
    private var body: [UInt8] = []
    /// Set when the body passed the request's limit: the write callback then refuses the rest.
    private var exceededLimit = false

    init(submission: CurlMultiLoop.Submission, easy: UnsafeMutableRawPointer) {
        self.submission = submission
        self.easy = easy
    }

    /// Sets the options every transfer of the client shares, once, on a new easy handle (see
    /// ``configure()`` for the rest). Pooled handles keep them from one transfer to the next
    /// instead of being reset and set up again for every request.
    static func prepare(_ easy: UnsafeMutableRawPointer, with configuration: CurlHTTPClient.Configuration) -> CURLcode {
        var code = CURLE_OK
        func set(_ result: CURLcode) {
            if code == CURLE_OK { code = result }
        }
        set(rb_easy_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"))
        set(rb_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1))
        set(rb_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 0))
        set(rb_easy_setopt_string(easy, CURLOPT_USERAGENT, configuration.userAgent))
        set(rb_easy_setopt_long(easy, CURLOPT_VERBOSE, configuration.verbose ? 1 : 0))
        set(
            rb_easy_setopt_write_function(easy, CURLOPT_WRITEFUNCTION) { data, size, count, userdata in
                guard let userdata else { return 0 }
                let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue()
                let length = size * count
                guard transfer.body.count + length <= transfer.submission.request.maximumResponseBytes else {
                    // Returning less than given makes curl abort the transfer (CURLE_WRITE_ERROR).
                    transfer.exceededLimit = true
                    return 0
                }
                transfer.body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: length))
                return length
            })
        set(
            rb_easy_setopt_write_function(easy, CURLOPT_HEADERFUNCTION) { data, size, count, userdata in
                guard let userdata else { return 0 }
                let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue()
                let length = size * count
                transfer.receiveHeaderLine(UnsafeRawBufferPointer(start: data, count: length))
                return length
            })
        return code
    }

    /// Sets this request's options on the easy handle (prepared by ``prepare(_:with:)``): every
    /// option a request may set, each time, so that nothing of the handle's previous transfer
    /// (a method, a body, headers, a limit) carries over. The handle points back at `self`
    /// unretained: the loop's table keeps `self` alive while the handle is attached.
    func configure() throws(HTTPError) {
        let request = submission.request
        guard !request.url.utf8.contains(0) else { throw .invalidRequest("URL contains a NUL byte") }
        for header in request.headers {
            guard Self.isSafeHeaderText(header.name), !header.name.isEmpty, !header.name.contains(":") else {
                throw .invalidRequest("invalid header name")
            }
            guard Self.isSafeHeaderText(header.value) else {
                throw .invalidRequest("header value contains a line break")
            }
        }

        var code = CURLE_OK
        func set(_ result: CURLcode) {
            if code == CURLE_OK { code = result }
        }
        set(rb_easy_setopt_string(easy, CURLOPT_URL, request.url))
        set(rb_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(request.connectTimeout)))
        set(rb_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, Self.milliseconds(request.timeout)))
        // Refused at once when the server announces a larger body; the write callback enforces it otherwise.
        set(rb_easy_setopt_off_t(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maximumResponseBytes)))

        let userdata = Unmanaged.passUnretained(self).toOpaque()
        set(rb_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, userdata))
        set(rb_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, userdata))

        switch request.method {
        case .get:
            set(rb_easy_setopt_long(easy, CURLOPT_HTTPGET, 1))
            set(rb_easy_setopt_pointer(easy, CURLOPT_CUSTOMREQUEST, nil))
        case .post, .put, .patch, .delete:
            // A body is sent the POST way; CUSTOMREQUEST only renames the method on the request line.
            set(rb_easy_setopt_long(easy, CURLOPT_POST, 1))
            if request.method != .post {
                set(rb_easy_setopt_string(easy, CURLOPT_CUSTOMREQUEST, request.method.rawValue))
            } else {
                set(rb_easy_setopt_pointer(easy, CURLOPT_CUSTOMREQUEST, nil))
            }
            set(rb_easy_setopt_off_t(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(request.body.count)))
            // COPYPOSTFIELDS copies POSTFIELDSIZE bytes now, so the Swift array need not outlive this call.
            if request.body.isEmpty {
                set(rb_easy_setopt_string(easy, CURLOPT_COPYPOSTFIELDS, ""))
            } else {
                request.body.withUnsafeBytes { bytes in
                    set(
                        rb_easy_setopt_pointer(
                            easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress)))
                }
            }
        }

        // "Expect:" stops curl from waiting for `100 Continue` before sending larger bodies.
        var lines = ["Expect:"]
        for header in request.headers {
            // "Name;" is curl's spelling for a header with an empty value ("Name:" would remove it).
            lines.append(header.value.isEmpty ? "\(header.name);" : "\(header.name): \(header.value)")
        }
        for line in lines {
            guard let appended = curl_slist_append(headerList, line) else {
                throw .other(code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: "Out of memory")
            }
            headerList = appended
        }
        set(rb_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headerList))

        guard code == CURLE_OK else { throw HTTPError(curlCode: code) }
    }

    /// The caller's outcome once curl reports the transfer done with `code`.
    func result(code: CURLcode) -> Result<HTTPResponse, HTTPError> {
        if exceededLimit || code == CURLE_FILESIZE_EXCEEDED {
            return .failure(.responseTooLarge(limit: submission.request.maximumResponseBytes))
        }
        guard code == CURLE_OK else { return .failure(HTTPError(curlCode: code)) }
        var status = 0
        _ = rb_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        return .success(HTTPResponse(status: status, headerBlock: headerBlock, body: body))
    }

    /// Frees what the easy handle borrowed from this transfer; call after detaching the handle.
    func releaseResources() {
        curl_slist_free_all(headerList)
        headerList = nil
    }

    // MARK: - Helpers

    /// Keeps one raw header line; a status line starts a new block (after `100 Continue` or a
    /// proxy's `200 Connection established`), so only the final response's fields are kept.
    private func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) {
        if bytes.starts(with: Self.statusLinePrefix) {
            headerBlock.removeAll(keepingCapacity: true)
            return
        }
        headerBlock.append(contentsOf: bytes)
    }

    private static let statusLinePrefix: [UInt8] = Array("HTTP/".utf8)

    private static func isSafeHeaderText(_ text: String) -> Bool {
        !text.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0 }
    }

    /// A curl millisecond option; at least 1, because curl reads 0 as "no limit".
    private static func milliseconds(_ seconds: Double) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 1 }
        return max(1, Int(min(seconds * 1000, Double(Int32.max)).rounded(.up)))
    }
}
