import Foundation
import RoastCore

extension RoastLibrary {
    /// Reads `<directory>/<lang>/*.json` for every supported language and builds the library.
    ///
    /// A language without a directory simply has no roasts (check `languages`); any other file or
    /// directory in `directory` is ignored. Files are read in name order so `all` is reproducible.
    public static func load(directory: URL) throws(RoastLibraryError) -> RoastLibrary {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .unreadableDirectory(path: directory.path)
        }
        var files: [(language: Language, name: String, data: Data)] = []
        for language in Language.allCases {
            let languageDirectory = directory.appending(path: language.rawValue, directoryHint: .isDirectory)
            guard fileManager.fileExists(atPath: languageDirectory.path) else { continue }
            let names: [String]
            do {
                names = try fileManager.contentsOfDirectory(atPath: languageDirectory.path)
            } catch {
                throw .unreadableDirectory(path: languageDirectory.path)
            }
            for fileName in names.sorted() where fileName.hasSuffix(".json") {
                let name = String(fileName.dropLast(".json".count))
                let data: Data
                do {
                    data = try Data(contentsOf: languageDirectory.appending(path: fileName))
                } catch {
                    throw .unreadableFile(file: label(language: language, name: name))
                }
                files.append((language, name, data))
            }
        }
        return try RoastLibrary(files: files)
    }
}
