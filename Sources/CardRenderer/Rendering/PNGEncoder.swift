import CPangoCairo

/// Encodes an opaque Cairo image (`RGB24`) as an 8-bit RGB PNG.
///
/// Cairo's own PNG writer (`cairo_surface_write_to_png_stream`) spent ~80 % of a story card's
/// ~95 ms in libpng's per-row filter search and zlib's default level; this encoder uses one filter
/// (Paeth) and zlib's run-length strategy: the PNG takes ~15 ms instead of ~75 and is ~1.5 times
/// larger (≈ 500 KB for a story), far below what Telegram accepts for a photo.
enum PNGEncoder {
    /// The PNG of `height` rows of `width` pixels starting at `pixels`, `stride` bytes apart, each
    /// pixel a native-endian `0x00RRGGBB` word.
    static func encode(pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int) throws(CardRenderingError) -> [UInt8] {
        var filtered = filteredScanlines(pixels: pixels, width: width, height: height, stride: stride)
        let compressed = try deflated(&filtered)
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png.reserveCapacity(compressed.count + 64)
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        // Bit depth 8, colour type 2 (RGB), deflate, adaptive filtering, no interlace.
        header += [8, 2, 0, 0, 0]
        appendChunk("IHDR", header, to: &png)
        appendChunk("IDAT", compressed, to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// Each row as a filter byte followed by its RGB bytes, filtered with Paeth (each byte predicted
    /// from its left, upper and upper-left neighbours): gradients and flat areas turn into runs of
    /// small values, which the run-length strategy compresses well.
    private static func filteredScanlines(pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int) -> [UInt8] {
        let lineBytes = 3 * width
        let rowBytes = 1 + lineBytes
        // Two RGB lines (this one and the one above), swapped after each row; raw pointers keep
        // this loop fast in debug builds too, where the tests run it hundreds of times.
        let lines = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * lineBytes)
        lines.initialize(repeating: 0, count: 2 * lineBytes)
        defer { lines.deallocate() }
        var line = lines
        var above = lines + lineBytes
        return [UInt8](unsafeUninitializedCapacity: rowBytes * height) { buffer, count in
            guard let output = buffer.baseAddress else { return }
            for y in 0..<height {
                let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let pixel = row[x]
                    line[3 * x] = UInt8(truncatingIfNeeded: pixel >> 16)
                    line[3 * x + 1] = UInt8(truncatingIfNeeded: pixel >> 8)
                    line[3 * x + 2] = UInt8(truncatingIfNeeded: pixel)
                }
                let out = output + y * rowBytes
                out[0] = 4
                for index in 0..<lineBytes {
                    let a = index >= 3 ? Int(line[index - 3]) : 0
                    let b = Int(above[index])
                    let c = index >= 3 ? Int(above[index - 3]) : 0
                    let pa = abs(b - c)
                    let pb = abs(a - c)
                    let pc = abs(a + b - 2 * c)
                    let predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                    out[1 + index] = line[index] &- UInt8(truncatingIfNeeded: predicted)
                }
                swap(&line, &above)
            }
            count = rowBytes * height
        }
    }

    /// `data` as one zlib stream.
    private static func deflated(_ data: inout [UInt8]) throws(CardRenderingError) -> [UInt8] {
        var stream = z_stream()
        guard roastbot_deflate_init(&stream, 6, Z_RLE) == Z_OK else { throw .encoding("deflateInit2 failed") }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(data.count)))
        var status = Z_OK
        let output = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            data.withUnsafeMutableBufferPointer { source in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = buffer.baseAddress
                stream.avail_out = uInt(buffer.count)
                status = deflate(&stream, Z_FINISH)
            }
            count = status == Z_STREAM_END ? Int(stream.total_out) : 0
        }
        guard status == Z_STREAM_END else { throw .encoding("deflate returned \(status)") }
        return output
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
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
