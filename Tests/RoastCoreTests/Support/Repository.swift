import Foundation

/// This repository's checkout, found from this file's path (the folder holding `Package.swift`).
enum Repository {
    static let root: URL = {
        var directory = URL(filePath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appending(path: "Package.swift").path), directory.pathComponents.count > 1 {
            directory.deleteLastPathComponent()
        }
        return directory
    }()

    /// `config/library`, the shipped roast library.
    static let library = root.appending(path: "config/library", directoryHint: .isDirectory)
}
