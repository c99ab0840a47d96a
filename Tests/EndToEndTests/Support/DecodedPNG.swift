import CPangoCairo

/// A PNG decoded by libpng (through Cairo's reader): proof that bytes the bot sent are a valid
/// picture, and its pixels to look at.
struct DecodedPNG: Sendable {
    let width: Int
    let height: Int
    /// Native-endian 0x??RRGGBB words, row by row.
    let pixels: [UInt32]

    /// nil when `bytes` are not a PNG libpng reads to its end.
    init?(_ bytes: [UInt8]) {
        final class Reader {
            let bytes: [UInt8]
            var offset = 0
            init(_ bytes: [UInt8]) { self.bytes = bytes }
        }
        let reader = Reader(bytes)
        let surface = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream(
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                    let reader = Unmanaged<Reader>.fromOpaque(closure).takeUnretainedValue()
                    let count = Int(length)
                    guard reader.offset + count <= reader.bytes.count else { return CAIRO_STATUS_READ_ERROR }
                    reader.bytes.withUnsafeBytes { source in
                        UnsafeMutableRawPointer(data).copyMemory(from: source.baseAddress! + reader.offset, byteCount: count)
                    }
                    reader.offset += count
                    return CAIRO_STATUS_SUCCESS
                }, Unmanaged.passUnretained(reader).toOpaque())
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else { return nil }
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        var pixels: [UInt32] = []
        pixels.reserveCapacity(width * height)
        for row in 0..<height {
            pixels.append(
                contentsOf: UnsafeBufferPointer(
                    start: UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self), count: width))
        }
        self.pixels = pixels
    }

    func rgb(x: Int, y: Int) -> (red: Int, green: Int, blue: Int) {
        let pixel = pixels[y * width + x]
        return (Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF))
    }
}
