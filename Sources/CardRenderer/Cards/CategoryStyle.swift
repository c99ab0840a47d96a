import RoastCore

/// A category's look: its tint (one hue per category, muted to sit with the crimson theme, so that
/// the backgrounds differ at a glance) and its motif.
struct CategoryStyle: Sendable, Hashable {
    let category: RoastCategory

    init(_ category: RoastCategory) {
        self.category = category
    }

    var tint: RGBColor {
        switch category {
        case .deadlines: RGBColor(hex: 0xE63946)  // crimson
        case .meetings: RGBColor(hex: 0x457B9D)  // steel blue
        case .kpis: RGBColor(hex: 0x2A9D8F)  // teal
        case .codeReviews: RGBColor(hex: 0x7B5EA7)  // violet
        case .workload: RGBColor(hex: 0xF4A261)  // sand
        case .colleagues: RGBColor(hex: 0xE9C46A)  // saffron
        case .management: RGBColor(hex: 0x1D3557)  // navy
        case .general: RGBColor(hex: 0x6D6875)  // slate mauve
        }
    }

    var motif: CategoryMotif { CategoryMotif(category: category) }
}
