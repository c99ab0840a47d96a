import Foundation
import Logging
import RoastBot
import RoastCore
import RoastStore
import TelegramAdapter

/// What the in-process benchmarks apply events through: a SQLite file in a temporary directory of
/// its own (opened with the production pragmas) and the real `UpdateProcessor` over it.
final class ScratchProcessor {
    let database: RoastDatabase
    let processor: UpdateProcessor
    let logger = Logger(label: "bench")
    private let directory: URL

    init(library: RoastLibrary) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("roastbot-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        do {
            database = try RoastDatabase(path: directory.appendingPathComponent("bench.sqlite").path)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
        processor = UpdateProcessor(
            database: database, platform: TelegramPlatform.profile(botUsername: "RoastMeLaterBot"),
            selector: RoastSelector(library: library),
            collections: CollectionCatalogStore(), seed: 42, logger: logger)
    }

    /// Closes the database and deletes its directory.
    func close() {
        database.close()
        try? FileManager.default.removeItem(at: directory)
    }
}
