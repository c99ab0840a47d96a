import Foundation

/// How the bot and its picture process (`roastbot-render`) talk over a pipe: one request frame,
/// then one reply frame, in turn.
///
/// - A request is a 4-byte big-endian length and that many bytes of JSON: a ``Picture``.
/// - A reply is a status byte (``Status``), a 4-byte big-endian length and that many bytes: the PNG,
///   or a UTF-8 message saying why there is none.
///
/// Lengths are bounded (``maxRequestBytes``, ``maxReplyBytes``), so a corrupt stream is detected
/// instead of read into memory.
public enum PictureWire {
    public enum Status: UInt8, Sendable {
        case png = 0
        case failed = 1
    }

    /// What the other side sent that is not a frame.
    public struct ProtocolError: Error, Sendable, Hashable, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// Far above any card description (a roast is cut to 1,200 characters, a heatmap lists at most
    /// 140 days); a longer length means a corrupt stream.
    public static let maxRequestBytes = 1 << 20
    /// Far above any PNG the renderer makes (about 0.5 MB for a story card).
    public static let maxReplyBytes = 64 << 20

    /// The request frame for `picture` (``Picture/bounded``: a huge text never makes a frame the
    /// other side refuses).
    public static func request(_ picture: Picture) throws -> [UInt8] {
        let json = try encoder.encode(picture.bounded)
        return bigEndian(UInt32(json.count)) + Array(json)
    }

    /// The picture a request frame's body (the bytes after its length) describes.
    public static func picture(fromRequestBody body: [UInt8]) throws -> Picture {
        try JSONDecoder().decode(Picture.self, from: Data(body))
    }

    /// The reply frame carrying `png`.
    public static func reply(png: [UInt8]) -> [UInt8] {
        [Status.png.rawValue] + bigEndian(UInt32(png.count)) + png
    }

    /// The reply frame saying why no picture was made.
    public static func reply(failure message: String) -> [UInt8] {
        let bytes = Array(message.utf8.prefix(4_096))
        return [Status.failed.rawValue] + bigEndian(UInt32(bytes.count)) + bytes
    }

    /// The length a 4-byte big-endian header announces, checked against `limit`.
    public static func length(_ header: some Collection<UInt8>, limit: Int) throws(ProtocolError) -> Int {
        guard header.count == 4 else { throw ProtocolError("a length takes 4 bytes, got \(header.count)") }
        let length = header.reduce(0) { $0 << 8 | Int($1) }
        guard length <= limit else { throw ProtocolError("frame of \(length) bytes exceeds \(limit)") }
        return length
    }

    /// The status a reply's first byte names.
    public static func status(_ byte: UInt8) throws(ProtocolError) -> Status {
        guard let status = Status(rawValue: byte) else { throw ProtocolError("unknown reply status \(byte)") }
        return status
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [
            UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
            UInt8(truncatingIfNeeded: value),
        ]
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
}
