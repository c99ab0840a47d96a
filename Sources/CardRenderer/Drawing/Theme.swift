/// The app's colours (crimson theme) and the few neutrals the templates add.
enum Theme {
    /// Primary: crimson, also the gradient's start.
    static let crimson = RGBColor(hex: 0xE63946)
    /// Secondary: dark navy.
    static let navy = RGBColor(hex: 0x1D3557)
    /// Accent: warm sand.
    static let sand = RGBColor(hex: 0xF4A261)
    /// The gradient's end: deep red.
    static let deepRed = RGBColor(hex: 0x9D0208)

    static let cream = RGBColor(hex: 0xFBF4E8)
    static let ink = RGBColor(hex: 0x14213D)
    static let night = RGBColor(hex: 0x0F1C2E)
    static let charcoal = RGBColor(hex: 0x1A0B0F)
    static let ivory = RGBColor(hex: 0xFFF1E2)
    /// A frozen streak day on the heatmap.
    static let ice = RGBColor(hex: 0x8ECAE6)
}
