/// A short text in both languages, for catalog data that lives next to the rules (badge names).
public struct LocalizedText: Sendable, Hashable, Codable {
    public var vi: String
    public var en: String

    public init(vi: String, en: String) {
        self.vi = vi
        self.en = en
    }

    public func callAsFunction(_ language: Language) -> String { language == .vi ? vi : en }
}
