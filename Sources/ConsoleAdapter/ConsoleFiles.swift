import Foundation

/// Where the console chat writes the files the bot sends: pictures under `cards/` and documents
/// (`/export`) under `exports/`, beside the console's database, each name prefixed with the
/// database's base name (`data/cards/console-message-2.png`) so that two databases sharing a
/// `data/` folder never overwrite each other's files.
public struct ConsoleFiles: Sendable, Hashable {
    public let cards: URL
    public let exports: URL
    /// The database file's name without its extension (`console` for `data/console.sqlite`).
    public let prefix: String

    public init(cards: URL, exports: URL, prefix: String) {
        self.cards = cards
        self.exports = exports
        self.prefix = prefix
    }

    /// The folders beside the database at `databasePath`.
    public init(besideDatabase databasePath: String) {
        let database = URL(fileURLWithPath: databasePath)
        let folder = database.deletingLastPathComponent()
        self.init(
            cards: folder.appendingPathComponent("cards", isDirectory: true),
            exports: folder.appendingPathComponent("exports", isDirectory: true),
            prefix: database.deletingPathExtension().lastPathComponent)
    }

    /// The file for a picture posted as message `id`.
    public func card(message id: Int64) -> URL {
        cards.appendingPathComponent("\(prefix)-message-\(id).png")
    }

    /// The file for a new picture of message `id` (a card shown in another style): the first of
    /// `…-message-ID-2.png`, `…-3.png`… that does not exist yet, also across sessions on the same
    /// database, so that no file once printed — the stored id of the picture it shows — is
    /// overwritten with another picture.
    public func newCard(replacing id: Int64) -> URL {
        var version = 2
        while true {
            let file = cards.appendingPathComponent("\(prefix)-message-\(id)-\(version).png")
            if !FileManager.default.fileExists(atPath: file.path) { return file }
            version += 1
        }
    }

    /// The file for a document the bot named `filename` (only its last path component is used).
    public func export(named filename: String) -> URL {
        let name = URL(fileURLWithPath: filename).lastPathComponent
        let safe = name.isEmpty || name == "." || name == ".." ? "document" : name
        return exports.appendingPathComponent("\(prefix)-\(safe)")
    }

    /// Writes `bytes` to `file`, creating its folder first.
    func write(_ bytes: [UInt8], to file: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Written beside and renamed into place: a link planted at the predictable name is replaced, never followed.
        try Data(bytes).write(to: file, options: .atomic)
    }
}
