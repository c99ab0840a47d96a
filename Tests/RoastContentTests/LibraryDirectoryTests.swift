import Foundation
import RoastContent
import RoastCore
import Testing

struct LibraryDirectoryTests {
    @Test func loadingAMissingDirectoryFails() {
        let missing = URL(filePath: NSTemporaryDirectory()).appending(path: "no-such-library-\(UUID().uuidString)")
        #expect(throws: RoastLibraryError.unreadableDirectory(path: missing.path)) {
            try RoastLibrary.load(directory: missing)
        }
    }

    @Test func aLanguageWithoutItsFolderHasNoRoastsAndOtherFilesAreIgnored() throws {
        let root = URL(filePath: NSTemporaryDirectory()).appending(path: "library-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appending(path: "en"), withIntermediateDirectories: true)
        try Data(#"[{"id": "en.general.001", "spice": 2, "text": "Your inbox has an inbox."}]"#.utf8)
            .write(to: root.appending(path: "en/general.json"))
        try Data("not a roast file".utf8).write(to: root.appending(path: "en/README.txt"))
        let library = try RoastLibrary.load(directory: root)
        #expect(library.languages == [.en])
        #expect(library.roast(id: "en.general.001")?.spice.rawValue == 2)
    }

    @Test func anUnreadableFileIsNamed() throws {
        let root = URL(filePath: NSTemporaryDirectory()).appending(path: "library-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        // A directory where a file is expected cannot be read as one.
        try FileManager.default.createDirectory(at: root.appending(path: "vi/meetings.json"), withIntermediateDirectories: true)
        #expect(throws: RoastLibraryError.unreadableFile(file: "vi/meetings.json")) {
            try RoastLibrary.load(directory: root)
        }
    }
}
