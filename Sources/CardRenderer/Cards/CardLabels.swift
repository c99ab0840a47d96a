import RoastCore

/// The card's own words, in the card's language.
struct CardLabels: Sendable, Hashable {
    let language: Language

    /// Printed before the deep link: an invitation to get a roast too.
    var invitation: String {
        switch language {
        case .vi: "Đến lượt bạn →"
        case .en: "Your turn →"
        }
    }
}
