import CSQLite
import Foundation
import Synchronization

/// Makes write transactions fail as a full disk or a locked file would, while switched on: how the
/// fault suites test that the bot waits out a store that cannot take writes. Off unless a test (or
/// the `ROASTBOT_STORE_FAULT_FILE` hook of the executable) installs it.
public final class StoreFaults: Sendable {
    /// The failure injected into each write transaction, if any.
    public enum Fault: String, Sendable, Hashable {
        /// `SQLITE_FULL`: "database or disk is full".
        case full
        /// `SQLITE_IOERR`: a disk I/O error.
        case ioerr
        /// `SQLITE_BUSY`: another process holds the file.
        case busy

        var error: StoreError {
            switch self {
            case .full: .sqlite(code: SQLITE_FULL, message: "database or disk is full")
            case .ioerr: .sqlite(code: SQLITE_IOERR, message: "disk I/O error")
            case .busy: .sqlite(code: SQLITE_BUSY, message: "database is locked")
            }
        }
    }

    private let fault = Mutex<Fault?>(nil)
    private let judged = Mutex(0)
    /// A file whose presence switches the fault on: it holds the fault's name (`full`, `ioerr`, `busy`).
    private let switchFile: String?

    /// Faults switched in code (``inject(_:)``).
    public init() {
        switchFile = nil
    }

    /// Faults switched by a file: present with a fault's name → on; absent → off.
    public init(switchFile: String) {
        self.switchFile = switchFile
    }

    /// Switches the fault on (or off with nil).
    public func inject(_ fault: Fault?) {
        self.fault.withLock { $0 = fault }
    }

    /// How many write transactions were begun while these faults were installed (tests use it to
    /// see that a component waits instead of retrying in a loop).
    public var writeAttempts: Int { judged.withLock { $0 } }

    /// The error a write transaction must fail with now, if any.
    func writeFault() -> StoreError? {
        judged.withLock { $0 += 1 }
        if let switchFile {
            guard let text = try? String(contentsOfFile: switchFile, encoding: .utf8) else { return nil }
            return (Fault(rawValue: text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? .full).error
        }
        return fault.withLock { $0 }?.error
    }
}
