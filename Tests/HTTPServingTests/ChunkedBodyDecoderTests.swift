import Testing

@testable import HTTPServing

/// Chunked bodies: decoded whole whatever the pieces they arrive in, within their limit.
struct ChunkedBodyDecoderTests {
    static func decode(_ pieces: [String], limit: Int = 100) -> (ChunkedBodyDecoder.Progress, String) {
        var decoder = ChunkedBodyDecoder(limit: limit)
        var body: [UInt8]? = []
        var progress = ChunkedBodyDecoder.Progress.incomplete
        var input: [UInt8] = []
        for piece in pieces {
            input += Array(piece.utf8)
            let (result, next) = decoder.feed(input, from: 0, into: &body)
            input.removeFirst(next)
            progress = result
            if result != .incomplete { break }
        }
        return (progress, String(decoding: body ?? [], as: UTF8.self))
    }

    @Test(arguments: [
        ["5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n"],
        ["5\r", "\nhel", "lo\r\n6;ext=1\r\n wor", "ld\r\n0\r\nTrailer: x\r\n", "\r\n"],
        ["5\nhello\n6\n world\n0\n\n"],
    ])
    func aChunkedBodyIsDecodedWhole(pieces: [String]) {
        let (progress, body) = Self.decode(pieces)
        #expect(progress == .complete)
        #expect(body == "hello world")
    }

    @Test(arguments: [
        (["zz\r\n"], 400), (["5\r\nhelloX\r\n"], 400), (["\r\n"], 400), (["ffffffffffffffffff\r\n"], 400),
        (["65\r\n"], 413), (["40\r\n" + String(repeating: "a", count: 64) + "\r\n40\r\n"], 413),
        ([String(repeating: "1", count: 5_000)], 400),
    ])
    func aMalformedOrOversizedChunkedBodyIsRefused(pieces: [String], status: Int) {
        guard case .refused(let refusal) = Self.decode(pieces).0 else {
            Issue.record("not refused")
            return
        }
        #expect(refusal.status == status)
    }
}
