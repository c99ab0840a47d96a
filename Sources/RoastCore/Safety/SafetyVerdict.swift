/// What the safety filter decided about one text.
public enum SafetyVerdict: Sendable, Hashable {
    case allowed
    case rejected(SafetyViolation)

    public var isAllowed: Bool { self == .allowed }
}

/// Why a text may not be sent. Carries no text from the roast, so it is safe to log.
public enum SafetyViolation: Sendable, Hashable, CustomStringConvertible {
    /// Nothing but whitespace.
    case empty
    /// Longer than ``SafetyFilter/maximumLength`` characters.
    case tooLong(Int)
    /// More sentences than ``SafetyFilter/maximumSentences``: a roast is a one- or two-liner.
    case tooManySentences(Int)
    /// Swearing or sexual vulgarity.
    case profanity
    /// A slur against a group of people.
    case slur
    /// Mentions or attacks a protected trait.
    case protectedTrait(ProtectedTrait)
    /// A term from the operator's block list (`config/blocklist.txt`).
    case blockedTerm

    public var description: String {
        switch self {
        case .empty: "empty"
        case .tooLong(let length): "too long (\(length) characters)"
        case .tooManySentences(let count): "too many sentences (\(count))"
        case .profanity: "profanity"
        case .slur: "slur"
        case .protectedTrait(let trait): "protected trait (\(trait.rawValue))"
        case .blockedTerm: "blocked term"
        }
    }
}

/// The traits a roast must never be about.
public enum ProtectedTrait: String, Sendable, Hashable, CaseIterable {
    case gender, age, religion, ethnicity, region, body, disability, sexuality
}
