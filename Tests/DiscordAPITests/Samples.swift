import Foundation

/// Discord JSON samples stored next to the tests (from the examples in Discord's documentation, trimmed).
enum Samples {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Samples")

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name + ".json"))
    }
}
