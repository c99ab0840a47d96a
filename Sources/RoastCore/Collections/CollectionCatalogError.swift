/// Why a collections file was refused; each case names the collection (and roast) at fault so that
/// the operator can fix the file. Descriptions never quote roast text.
public enum CollectionCatalogError: Error, Sendable, Hashable, CustomStringConvertible {
    case malformedJSON(reason: String)
    case invalidID(id: String)
    case duplicateCollection(id: String)
    case missingText(collection: String, field: String, language: Language)
    case invalidKind(collection: String, kind: String)
    case invalidMonths(collection: String, reason: String)
    /// Monthly collections must cover every month exactly once.
    case monthlyCoverage(reason: String)
    case invalidWindow(collection: String, reason: String)
    case tooFewRoasts(collection: String, language: Language, count: Int)
    case malformedRoastID(collection: String, id: String, expectedPrefix: String)
    case duplicateRoastID(collection: String, id: String)
    case spiceOutOfRange(collection: String, id: String, spice: Int)
    case unknownCategory(collection: String, id: String, category: String)
    case emptyRoast(collection: String, id: String)
    case roastTooLong(collection: String, id: String, length: Int)
    /// A phase that cannot be used (bad id, repeated, a window unlike the season's, or no roast fits it).
    case invalidPhase(collection: String, phase: String, reason: String)
    /// A roast names a phase its collection does not define.
    case unknownPhase(collection: String, id: String, phase: String)

    public var description: String {
        switch self {
        case .malformedJSON(let reason): "collections file is not valid: \(reason)"
        case .invalidID(let id):
            "collection id \"\(id)\" is invalid: use 1–\(CollectionCatalog.maximumIDLength) of a-z, 0-9, _ starting with a letter"
        case .duplicateCollection(let id): "collection \(id) is defined twice"
        case .missingText(let collection, let field, let language):
            "collection \(collection): \(field) in \(language.rawValue) is missing or empty"
        case .invalidKind(let collection, let kind): "collection \(collection): unknown kind \"\(kind)\" (permanent, monthly, seasonal)"
        case .invalidMonths(let collection, let reason): "collection \(collection): months \(reason)"
        case .monthlyCoverage(let reason): "monthly collections: \(reason)"
        case .invalidWindow(let collection, let reason): "collection \(collection): window \(reason)"
        case .tooFewRoasts(let collection, let language, let count):
            "collection \(collection): \(count) roasts in \(language.rawValue), at least \(CollectionCatalog.minimumRoastsPerLanguage) needed"
        case .malformedRoastID(let collection, let id, let prefix): "collection \(collection): roast id \(id) must be \(prefix)<digits>"
        case .duplicateRoastID(let collection, let id): "collection \(collection): roast id \(id) is used twice"
        case .spiceOutOfRange(let collection, let id, let spice): "collection \(collection): roast \(id) has spice \(spice), expected 1–5"
        case .unknownCategory(let collection, let id, let category):
            "collection \(collection): roast \(id) has unknown category \"\(category)\""
        case .emptyRoast(let collection, let id): "collection \(collection): roast \(id) has no text"
        case .invalidPhase(let collection, let phase, let reason): "collection \(collection): phase \(phase) \(reason)"
        case .unknownPhase(let collection, let id, let phase):
            "collection \(collection): roast \(id) names phase \"\(phase)\", which the collection does not define"
        case .roastTooLong(let collection, let id, let length):
            "collection \(collection): roast \(id) is \(length) characters, at most \(RoastLibrary.maximumTextLength)"
        }
    }
}
