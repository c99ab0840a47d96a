/// An opaque sRGB colour with components in 0…1.
struct RGBColor: Sendable, Hashable {
    var red: Double
    var green: Double
    var blue: Double

    init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `0xRRGGBB`, the way the theme is written down.
    init(hex: UInt32) {
        red = Double((hex >> 16) & 0xFF) / 255
        green = Double((hex >> 8) & 0xFF) / 255
        blue = Double(hex & 0xFF) / 255
    }

    /// The colour `fraction` of the way toward `other` (0 keeps this one, 1 gives `other`).
    func mixed(with other: RGBColor, _ fraction: Double) -> RGBColor {
        RGBColor(
            red: red + (other.red - red) * fraction, green: green + (other.green - green) * fraction,
            blue: blue + (other.blue - blue) * fraction)
    }

    /// Whether dark text reads better on this colour than white (relative luminance above ~0.4).
    var isLight: Bool { 0.2126 * red + 0.7152 * green + 0.0722 * blue > 0.55 }

    static let white = RGBColor(hex: 0xFFFFFF)
    static let black = RGBColor(hex: 0x000000)
}
