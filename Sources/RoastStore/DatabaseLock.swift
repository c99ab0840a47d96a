#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps a second process off a database file: an exclusive `flock` on `<database>.lock`, held while
/// this object lives or until the process ends (the kernel drops it then, even after `kill -9`).
///
/// Two bots on one file would each deliver the outbox (every message twice) and race on the
/// resume point; the second one must refuse to start instead.
public final class DatabaseLock: Sendable {
    /// Why the lock cannot be taken.
    public enum LockError: Error, Sendable, Hashable, CustomStringConvertible {
        /// Another process holds it.
        case held(path: String)
        /// The lock file cannot be created or opened.
        case unavailable(path: String, reason: String)

        public var description: String {
            switch self {
            case .held(let path): "another roastbot process is using this database (lock \(path) is held)"
            case .unavailable(let path, let reason): "cannot open the lock file \(path): \(reason)"
            }
        }
    }

    /// The lock file's path.
    public let path: String
    private let descriptor: Int32

    /// Takes the lock for the database at `databasePath`, or throws at once if another process has it.
    /// The lock sits beside the file the path resolves to, so two paths to one database (a symbolic
    /// link, `./data` and an absolute path) share it.
    public init(databasePath: String) throws(LockError) {
        path = Self.resolved(databasePath) + ".lock"
        // Never through a link planted at the lock's name (`restore` may run as root).
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw .unavailable(path: path, reason: String(cString: strerror(errno))) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let error = errno
            close(descriptor)
            if error == EWOULDBLOCK { throw .held(path: path) }
            throw .unavailable(path: path, reason: String(cString: strerror(error)))
        }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// `path` with symbolic links and relative parts resolved: the file's if it exists, else its
    /// folder's joined with its name.
    static func resolved(_ path: String) -> String {
        if let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { path[..<$0].isEmpty ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let real = realpath(folder, nil) else { return path }
        defer { free(real) }
        let base = String(cString: real)
        return (base.hasSuffix("/") ? base : base + "/") + name
    }
}
