import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A new file beside a destination, under a name nobody can guess, created exclusively and never
/// through a symbolic link (`O_CREAT | O_EXCL | O_NOFOLLOW`): backups may be written as root into
/// folders others can write to, where a link planted at a predictable temporary name would have the
/// database written into a file of the attacker's choosing. The descriptor stays open so that its
/// mode, owner and sync apply to the file created here, whatever the name points at later, and
/// ``isStillAtItsPath`` tells whether the name was swapped meanwhile.
struct ExclusiveFile: ~Copyable {
    let path: String
    private let descriptor: Int32

    /// Creates `<destination>.<purpose>-<16 random hex digits>`, mode 0600.
    init(beside destination: String, purpose: String) throws(DatabaseBackup.Failure) {
        var attempts = 0
        while true {
            var random = SystemRandomNumberGenerator()
            let suffix = String(random.next() as UInt64, radix: 16)
            let candidate = "\(destination).\(purpose)-\(String(repeating: "0", count: 16 - suffix.count))\(suffix)"
            let opened = open(candidate, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if opened >= 0 {
                path = candidate
                descriptor = opened
                return
            }
            attempts += 1
            guard errno == EEXIST, attempts < 16 else {
                throw .file(path: candidate, reason: String(cString: strerror(errno)))
            }
        }
    }

    deinit {
        close(descriptor)
    }

    /// Whether the name still leads to the file created here (not replaced by a link or another file).
    var isStillAtItsPath: Bool {
        var opened = stat()
        var named = stat()
        guard fstat(descriptor, &opened) == 0, lstat(path, &named) == 0 else { return false }
        return opened.st_dev == named.st_dev && opened.st_ino == named.st_ino && named.st_mode & S_IFMT == S_IFREG
    }

    /// Mode 0600 (it holds everything the bot knows about people), and the owner of the file at
    /// `model` when there is one and this process may give files away (root).
    func makePrivate(ownedLike model: String?) throws(DatabaseBackup.Failure) {
        guard fchmod(descriptor, 0o600) == 0 else { throw .file(path: path, reason: String(cString: strerror(errno))) }
        var status = stat()
        guard let model, geteuid() == 0, stat(model, &status) == 0 else { return }
        guard fchown(descriptor, status.st_uid, status.st_gid) == 0 else {
            throw .file(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// Flushes the file to the disk (before it is renamed into place).
    func sync() throws(DatabaseBackup.Failure) {
        guard fsync(descriptor) == 0 else { throw .file(path: path, reason: String(cString: strerror(errno))) }
    }

    /// Removes the file and what SQLite made beside it (journal, log, shared memory).
    func remove() {
        Self.remove(path)
    }

    /// Removes the file at `path` and what SQLite made beside it; links are removed, not followed.
    static func remove(_ path: String) {
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(path + suffix) }
    }
}
