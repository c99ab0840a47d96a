import Foundation
import RoastCore
import Synchronization

/// The current collection catalog (and the request parser that knows its names), replaced whole
/// when the collections file changes. A file that cannot be read or fails validation never
/// replaces a good catalog; the caller logs the reason.
public final class CollectionCatalogStore: Sendable {
    /// One consistent view: a catalog and the parser built from its names.
    public struct Snapshot: Sendable {
        public let catalog: CollectionCatalog
        public let parser: RoastRequestParser

        init(_ catalog: CollectionCatalog) {
            self.catalog = catalog
            self.parser = RoastRequestParser(collections: catalog.parserNames)
        }
    }

    /// What a reload attempt did.
    public enum ReloadOutcome: Sendable, Hashable {
        /// The file did not change since the last look (or no file is configured).
        case unchanged
        /// The new file was adopted.
        case reloaded(collections: Int)
        /// The file was refused; the previous catalog stays. The reason names the entry at fault.
        case rejected(reason: String)
    }

    /// Why the collections file cannot be used.
    public enum LoadError: Error, Sendable, Hashable, CustomStringConvertible {
        case unreadable(path: String, reason: String)
        case invalid(path: String, CollectionCatalogError)

        public var description: String {
            switch self {
            case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
            case .invalid(let path, let error): "\(path): \(error)"
            }
        }
    }

    private struct State {
        var snapshot: Snapshot
        /// Modification date and size of the file last looked at.
        var signature: FileSignature?
    }

    private struct FileSignature: Hashable {
        var modified: Date
        var size: Int
    }

    /// The configured file, nil for a fixed catalog.
    public let path: String?
    private let state: Mutex<State>

    /// A fixed catalog that never reloads (tests, or no collections file).
    public init(catalog: CollectionCatalog = .empty) {
        path = nil
        state = Mutex(State(snapshot: Snapshot(catalog), signature: nil))
    }

    /// Loads `path`; at start-up a bad file is an error (there is no good catalog to keep yet).
    public init(path: String) throws(LoadError) {
        self.path = path
        let signature = Self.signature(of: path)
        let catalog = try Self.read(path)
        state = Mutex(State(snapshot: Snapshot(catalog), signature: signature))
    }

    public var snapshot: Snapshot { state.withLock { $0.snapshot } }
    public var catalog: CollectionCatalog { snapshot.catalog }

    /// Re-reads the file when its modification date or size changed since the last look.
    public func reloadIfChanged() -> ReloadOutcome {
        guard let path else { return .unchanged }
        let current = Self.signature(of: path)
        guard current != state.withLock({ $0.signature }) else { return .unchanged }
        return load(path, signature: current)
    }

    /// Re-reads the file now, changed or not (SIGHUP).
    public func reload() -> ReloadOutcome {
        guard let path else { return .unchanged }
        return load(path, signature: Self.signature(of: path))
    }

    private func load(_ path: String, signature: FileSignature?) -> ReloadOutcome {
        do {
            let catalog = try Self.read(path)
            state.withLock { $0 = State(snapshot: Snapshot(catalog), signature: signature) }
            return .reloaded(collections: catalog.collections.count)
        } catch {
            // Remember the bad version so that it is reported once, not on every poll.
            state.withLock { $0.signature = signature }
            return .rejected(reason: error.description)
        }
    }

    private static func read(_ path: String) throws(LoadError) -> CollectionCatalog {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: "no such file or not readable")
        }
        do {
            return try CollectionCatalog(data: data)
        } catch {
            throw .invalid(path: path, error)
        }
    }

    private static func signature(of path: String) -> FileSignature? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let modified = attributes[.modificationDate] as? Date
        else { return nil }
        return FileSignature(modified: modified, size: (attributes[.size] as? NSNumber)?.intValue ?? -1)
    }
}
