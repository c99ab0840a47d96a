import CPangoCairo

/// Encodes an opaque Cairo image (`RGB24`) as an 8-bit RGB PNG.
///
/// Cairo's own PNG writer (`cairo_surface_write_to_png_stream`) spent ~80 % of a story card's
/// ~95 ms in libpng's per-row filter search and zlib's default level; this encoder uses one filter
/// (Paeth) and zlib's run-length strategy: the PNG takes ~15 ms instead of ~75 and is ~1.3 times
/// larger (≈ 450 KB for a story), far below what Telegram accepts for a photo. Rows are filtered
/// and compressed one at a time, so no copy of the whole image is made.
enum PNGEncoder {
    /// The PNG of `height` rows of `width` pixels starting at `pixels`, `stride` bytes apart, each
    /// pixel a native-endian `0x00RRGGBB` word.
    static func encode(pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int) throws(CardRenderingError) -> [UInt8] {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        // Bit depth 8, colour type 2 (RGB), deflate, adaptive filtering, no interlace.
        header += [8, 2, 0, 0, 0]
        appendChunk("IHDR", header, to: &png)
        appendChunk("IDAT", try compressedScanlines(pixels: pixels, width: width, height: height, stride: stride), to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// The image data: each row as a filter byte and its RGB bytes filtered with Paeth (each byte
    /// predicted from its left, upper and upper-left neighbours; `roastbot_png_paeth_row`), as one
    /// zlib stream. Gradients and flat areas turn into runs of small values, which the run-length
    /// strategy compresses well.
    private static func compressedScanlines(
        pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int
    ) throws(CardRenderingError) -> [UInt8] {
        let lineBytes = 3 * width
        // Three buffers: this row's RGB, the row above's, and the filtered row (filter byte first).
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 3 * lineBytes + 1)
        scratch.initialize(repeating: 0, count: 3 * lineBytes + 1)
        defer { scratch.deallocate() }
        var line = scratch
        var above = scratch + lineBytes
        let filtered = scratch + 2 * lineBytes

        var stream = z_stream()
        guard roastbot_deflate_init(&stream, 6, Z_RLE) == Z_OK else { throw .encoding("deflateInit2 failed") }
        defer { deflateEnd(&stream) }
        var output: [UInt8] = []
        output.reserveCapacity(256 * 1_024)
        let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: 64 * 1_024)
        defer { chunk.deallocate() }
        /// Feeds `count` bytes at `input` to zlib and appends what comes out.
        func deflateBytes(_ input: UnsafeMutablePointer<UInt8>?, count: Int, flush: Int32) -> Int32 {
            stream.next_in = input
            stream.avail_in = uInt(count)
            var status = Z_OK
            repeat {
                stream.next_out = chunk
                stream.avail_out = 64 * 1_024
                status = deflate(&stream, flush)
                output.append(contentsOf: UnsafeBufferPointer(start: chunk, count: 64 * 1_024 - Int(stream.avail_out)))
            } while status == Z_OK && (stream.avail_out == 0 || flush == Z_FINISH)
            return status
        }

        for y in 0..<height {
            roastbot_png_paeth_row((pixels + y * stride).assumingMemoryBound(to: UInt32.self), Int32(width), line, above, filtered)
            let status = deflateBytes(filtered, count: lineBytes + 1, flush: Z_NO_FLUSH)
            guard status == Z_OK || status == Z_BUF_ERROR else { throw .encoding("deflate returned \(status)") }
            swap(&line, &above)
        }
        let status = deflateBytes(nil, count: 0, flush: Z_FINISH)
        guard status == Z_STREAM_END else { throw .encoding("deflate returned \(status)") }
        return output
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        png.reserveCapacity(png.count + data.count + 12)
        png.appendBigEndian(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        var crc = crc32(0, typeBytes, uInt(typeBytes.count))
        crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        png += typeBytes
        png += data
        png.appendBigEndian(UInt32(truncatingIfNeeded: crc))
    }
}

extension [UInt8] {
    fileprivate mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [
            UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
            UInt8(truncatingIfNeeded: value),
        ])
    }
}
