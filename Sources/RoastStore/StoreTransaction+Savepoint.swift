/// Nested, partial rollback inside one transaction.
extension StoreTransaction {
    /// Runs `body` inside a savepoint: if it throws, everything it changed is undone (the rest of the
    /// transaction stays) and its error is rethrown. Used to apply several events in one commit while
    /// a failing event still loses only its own changes.
    public func savepoint<T>(_ body: (borrowing StoreTransaction) throws -> T) throws -> T {
        try connection.execute("SAVEPOINT event")
        do {
            let value = try body(self)
            try connection.execute("RELEASE event")
            return value
        } catch {
            // ROLLBACK TO keeps the savepoint open; RELEASE closes it. Failing here leaves the outer
            // transaction to fail at commit, which its caller handles.
            try? connection.execute("ROLLBACK TO event")
            try? connection.execute("RELEASE event")
            throw error
        }
    }
}
