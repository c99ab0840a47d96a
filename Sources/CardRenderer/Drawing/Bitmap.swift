/// Pixels copied out of a canvas: Cairo's native-endian `0xAARRGGBB` words, premultiplied alpha
/// (alpha is 0xFF throughout an opaque canvas).
public struct Bitmap: Sendable {
    public let width: Int
    public let height: Int
    public let hasAlpha: Bool
    public let pixels: [UInt32]

    public func pixel(x: Int, y: Int) -> UInt32 { pixels[y * width + x] }

    /// The colour at (`x`, `y`) as 0…255 components, ignoring alpha.
    public func rgb(x: Int, y: Int) -> (red: Int, green: Int, blue: Int) {
        let value = pixel(x: x, y: y)
        return (Int((value >> 16) & 0xFF), Int((value >> 8) & 0xFF), Int(value & 0xFF))
    }

    /// The smallest rectangle holding every pixel with any ink (alpha above zero), or nil when the
    /// bitmap is empty. Meaningful for transparent canvases only.
    func inkBounds() -> Rect? {
        var minX = width
        var minY = height
        var maxX = -1
        var maxY = -1
        pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<height {
                let row = y * width
                var x = 0
                while x < width, pixels[row + x] >> 24 == 0 { x += 1 }
                guard x < width else { continue }
                var last = width - 1
                while pixels[row + last] >> 24 == 0 { last -= 1 }
                minX = min(minX, x)
                maxX = max(maxX, last)
                minY = min(minY, y)
                maxY = y
            }
        }
        guard maxX >= 0 else { return nil }
        return Rect(x: Double(minX), y: Double(minY), width: Double(maxX - minX + 1), height: Double(maxY - minY + 1))
    }
}
