/// The two languages every user-facing string exists in.
public enum Language: String, Sendable, Hashable, Codable, CaseIterable {
    case vi
    case en

    /// The language's place in `allCases` (see ``RoastCategory/position``).
    var position: Int {
        switch self {
        case .vi: 0
        case .en: 1
        }
    }

    /// Maps a client language tag (`vi`, `en-US`, …) to a supported language, if any.
    public init?(languageTag: String?) {
        guard let tag = languageTag?.lowercased(), let prefix = tag.split(separator: "-").first else { return nil }
        self.init(rawValue: String(prefix))
    }
}
