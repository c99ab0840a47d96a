/// Access to the database inside one transaction of ``RoastDatabase``.
///
/// Non-copyable and received `borrowing`, so it cannot outlive the closure it was given to.
/// Its queries are grouped by feature in `StoreTransaction+*.swift`.
public struct StoreTransaction: ~Copyable {
    let connection: SQLiteConnection

    init(connection: SQLiteConnection) {
        self.connection = connection
    }
}
