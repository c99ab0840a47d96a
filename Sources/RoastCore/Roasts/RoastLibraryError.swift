/// Why the shipped roast library cannot be used. Every case names the file (`en/meetings.json`) and,
/// where there is one, the roast id, so whoever edits the content knows exactly what to fix.
public enum RoastLibraryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The library directory (or a language directory in it) could not be listed.
    case unreadableDirectory(path: String)
    /// A library file exists but could not be read.
    case unreadableFile(file: String)
    /// The file stem is neither a category nor `premium`.
    case unknownCategoryFile(file: String)
    /// The file is not a JSON array of roast objects; `reason` is the decoder's explanation.
    case malformedJSON(file: String, reason: String)
    /// The id does not have the form the file requires (`expectedPrefix` followed by digits).
    case malformedID(file: String, id: String, expectedPrefix: String)
    case spiceOutOfRange(file: String, id: String, spice: Int)
    case unknownMood(file: String, id: String, mood: String)
    case emptyText(file: String, id: String)
    /// The text is longer than `RoastLibrary.maximumTextLength` characters.
    case textTooLong(file: String, id: String, length: Int)
    /// Two entries share an id; ids must be unique across the whole library.
    case duplicateID(id: String, firstFile: String, secondFile: String)
    case premiumEntryWithoutCategory(file: String, id: String)
    /// A premium entry names a category that does not exist.
    case unknownCategory(file: String, id: String, category: String)
    /// An entry in a category file names a different category.
    case categoryMismatch(file: String, id: String, category: String)

    public var description: String {
        switch self {
        case .unreadableDirectory(let path): "cannot list roast library directory \(path)"
        case .unreadableFile(let file): "\(file): cannot read file"
        case .unknownCategoryFile(let file): "\(file): file name is neither a roast category nor premium"
        case .malformedJSON(let file, let reason): "\(file) (a list of roasts): \(reason)"
        case .malformedID(let file, let id, let prefix): "\(file): id \(id) should be \(prefix)<digits>"
        case .spiceOutOfRange(let file, let id, let spice): "\(file): \(id) has spice \(spice), outside 1–5"
        case .unknownMood(let file, let id, let mood): "\(file): \(id) has unknown mood \(mood)"
        case .emptyText(let file, let id): "\(file): \(id) has an empty text"
        case .textTooLong(let file, let id, let length):
            "\(file): \(id) text has \(length) characters, more than \(RoastLibrary.maximumTextLength)"
        case .duplicateID(let id, let first, let second): "duplicate id \(id) in \(first) and \(second)"
        case .premiumEntryWithoutCategory(let file, let id): "\(file): premium roast \(id) has no category"
        case .unknownCategory(let file, let id, let category): "\(file): \(id) has unknown category \(category)"
        case .categoryMismatch(let file, let id, let category): "\(file): \(id) claims category \(category)"
        }
    }
}
