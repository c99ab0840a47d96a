import COpenSSL
import Foundation

/// The opening handshake of RFC 6455 §4.1–4.2.2: the client's upgrade request and the checks on the
/// server's answer, which arrives in pieces. No subprotocol and no extension are offered, so a server
/// that names one is refused; bytes after the answer's headers are the first frames.
struct WebSocketHandshake {
    /// The GUID every server appends to the key (RFC 6455 §1.3).
    static let keyGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
    /// A larger answer head is refused: a real upgrade answer is a few hundred bytes.
    static let maximumResponseHeadBytes = 16_384

    let url: WebSocketURL
    /// The base64 of 16 random bytes.
    let key: String
    private var received: [UInt8] = []

    init(url: WebSocketURL, using generator: inout some RandomNumberGenerator) {
        self.url = url
        let nonce = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        key = Data(nonce).base64EncodedString()
    }

    /// The HTTP/1.1 GET that asks for the upgrade.
    func request(userAgent: String) -> [UInt8] {
        let lines = [
            "GET \(url.requestTarget) HTTP/1.1",
            "Host: \(url.hostHeader)",
            "User-Agent: \(userAgent)",
            "Upgrade: websocket",
            "Connection: Upgrade",
            "Sec-WebSocket-Key: \(key)",
            "Sec-WebSocket-Version: 13",
        ]
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    /// `Sec-WebSocket-Accept` for `key`: base64(SHA-1(key + GUID)).
    static func acceptValue(for key: String) -> String {
        let input = Array((key + keyGUID).utf8)
        var digest = [UInt8](repeating: 0, count: Int(SHA_DIGEST_LENGTH))
        _ = input.withUnsafeBufferPointer { bytes in
            digest.withUnsafeMutableBufferPointer { SHA1(bytes.baseAddress, bytes.count, $0.baseAddress) }
        }
        return Data(digest).base64EncodedString()
    }

    /// Takes bytes of the server's answer. Nil while its head is incomplete; then the bytes that came
    /// after it. Throws when the answer refuses or breaks the upgrade.
    mutating func receive(_ bytes: some Sequence<UInt8>) throws(WebSocketError) -> [UInt8]? {
        received.append(contentsOf: bytes)
        guard let end = Self.endOfHead(received) else {
            guard received.count <= Self.maximumResponseHeadBytes else { throw .handshakeInvalid("answer head too long") }
            return nil
        }
        try validate(head: received[..<end])
        return Array(received[(end + 4)...])
    }

    private func validate(head: ArraySlice<UInt8>) throws(WebSocketError) {
        guard let text = String(validating: head, as: UTF8.self) else { throw .handshakeInvalid("answer is not text") }
        var lines = text.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ", maxSplits: 2)
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else {
            throw .handshakeInvalid("malformed status line")
        }
        guard status == 101 else { throw .handshakeRejected(status: status) }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { throw .handshakeInvalid("malformed header line") }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        guard headers["upgrade"]?.lowercased() == "websocket" else { throw .handshakeInvalid("no Upgrade: websocket") }
        let connection = headers["connection"]?.lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard connection?.contains("upgrade") == true else { throw .handshakeInvalid("no Connection: Upgrade") }
        guard headers["sec-websocket-accept"] == Self.acceptValue(for: key) else {
            throw .handshakeInvalid("wrong Sec-WebSocket-Accept")
        }
        guard headers["sec-websocket-extensions"] == nil else { throw .handshakeInvalid("an extension nobody asked for") }
        guard headers["sec-websocket-protocol"] == nil else { throw .handshakeInvalid("a subprotocol nobody asked for") }
    }

    private static func endOfHead(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }
}
