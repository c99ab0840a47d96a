import Foundation
import Logging
import RoastBot
import RoastCore
import Testing
import Timekeeping

/// A copy of the shipped collections file in a temporary directory, to edit while "running".
private struct EditableCollections {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("collections-\(UUID().uuidString)")
    var path: String { directory.appendingPathComponent("collections.json").path }

    init() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: BotFixture.collectionsPath, toPath: path)
    }

    /// Rewrites the file with the collection `id` renamed in English (a valid change).
    func renameEnglish(_ id: String, to name: String) throws {
        var root = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
        var collections = root["collections"] as! [[String: Any]]
        let index = collections.firstIndex { $0["id"] as? String == id }!
        var names = collections[index]["name"] as! [String: String]
        names["en"] = name
        collections[index]["name"] = names
        root["collections"] = collections
        try write(JSONSerialization.data(withJSONObject: root))
    }

    func write(_ data: Data) throws {
        try data.write(to: URL(fileURLWithPath: path))
        // A later modification date than any earlier write, even on coarse file systems.
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(Double.random(in: 10...1000))], ofItemAtPath: path)
    }

    func cleanUp() { try? FileManager.default.removeItem(at: directory) }
}

@Suite(.serialized) struct CollectionHotReloadTests {
    @Test func aValidChangeIsPickedUpWithoutARestart() throws {
        let file = try EditableCollections()
        defer { file.cleanUp() }
        let store = try CollectionCatalogStore(path: file.path)
        #expect(store.reloadIfChanged() == .unchanged)
        try file.renameEnglish("tech_life", to: "Tech Life Deluxe")
        #expect(store.reloadIfChanged() == .reloaded(collections: 11))
        #expect(store.catalog.collection(id: "tech_life")?.name(in: .en) == "Tech Life Deluxe")
        // The parser follows the catalog: the new name is understood by /roast.
        #expect(store.snapshot.parser.parse("tech life deluxe").collection == "tech_life")
        #expect(store.reloadIfChanged() == .unchanged)
    }

    @Test func anInvalidFileKeepsTheLastGoodCatalogAndSaysWhy() throws {
        let file = try EditableCollections()
        defer { file.cleanUp() }
        let store = try CollectionCatalogStore(path: file.path)
        try file.write(Data("{\"collections\": [{\"id\": \"Bad Id\"}]}".utf8))
        guard case .rejected(let reason) = store.reloadIfChanged() else {
            Issue.record("an invalid file must be rejected")
            return
        }
        #expect(reason.contains("collections.json"))
        #expect(store.catalog.collections.count == 11)
        #expect(store.reloadIfChanged() == .unchanged)  // reported once, not on every poll

        try FileManager.default.removeItem(atPath: file.path)
        #expect(store.reload() == .rejected(reason: "cannot read \(file.path): no such file or not readable"))
        #expect(store.catalog.collection(id: "tet") != nil)
    }

    @Test func theServiceReloadsOnItsOwnWhenTheFileChanges() async throws {
        let file = try EditableCollections()
        defer { file.cleanUp() }
        let store = try CollectionCatalogStore(path: file.path)
        let clock = ManualClock()
        let (requests, requestContinuation) = AsyncStream.makeStream(of: Void.self)
        let service = CollectionCatalogService(
            store: store, clock: clock, interval: 3, reloadRequests: requests, logger: Logger(label: "test"))
        let watcher = Task { await service.watch() }
        defer { watcher.cancel() }

        try file.renameEnglish("tet", to: "Tết by poll")
        var seen = false
        for _ in 0..<500 where !seen {
            clock.advance(by: 3)
            try await Task.sleep(for: .milliseconds(10))
            seen = store.catalog.collection(id: "tet")?.name(in: .en) == "Tết by poll"
        }
        #expect(seen)

        // A reload request (SIGHUP) re-reads at once, without waiting for the poll.
        try file.renameEnglish("tet", to: "Tết by signal")
        requestContinuation.yield()
        seen = false
        for _ in 0..<500 where !seen {
            try await Task.sleep(for: .milliseconds(10))
            seen = store.catalog.collection(id: "tet")?.name(in: .en) == "Tết by signal"
        }
        #expect(seen)
    }
}
