import CPangoCairo

extension Bitmap {
    /// `bytes` decoded by libpng through Cairo's reader, or nil when they are not a PNG it reads to
    /// its end: how tests (and anyone checking a picture the bot sent) prove bytes are a valid
    /// picture and look at its pixels. Opaque pictures come back with alpha 0xFF throughout.
    public init?(png bytes: [UInt8]) {
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
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        var pixels: [UInt32] = []
        pixels.reserveCapacity(width * height)
        for row in 0..<height {
            let line = UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            pixels.append(contentsOf: UnsafeBufferPointer(start: line, count: width))
        }
        self.init(width: width, height: height, hasAlpha: false, pixels: pixels)
    }
}
