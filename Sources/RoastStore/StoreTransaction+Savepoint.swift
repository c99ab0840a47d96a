extension StoreTransaction {
    /// Runs `body` inside a savepoint of this transaction: if it throws, its changes (and only its
    /// changes) are rolled back and the error is rethrown; otherwise they stay part of the
    /// transaction. This lets one commit carry several independent units of work.
    public func savepoint<T>(_ body: (borrowing StoreTransaction) throws -> T) throws -> T {
        try connection.execute("SAVEPOINT unit")
        do {
            let value = try body(self)
            try connection.execute("RELEASE unit")
            return value
        } catch {
            try? connection.execute("ROLLBACK TO unit")
            try? connection.execute("RELEASE unit")
            throw error
        }
    }
}
