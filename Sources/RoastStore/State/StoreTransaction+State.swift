/// Small named values the bot keeps between runs (table `bot_state`).
extension StoreTransaction {
    public func value(forKey key: String) throws(StoreError) -> String? {
        try connection.queryOne("SELECT value FROM bot_state WHERE key = ?", key) { (row: borrowing Row) in row.string(0) }
    }

    /// Stores `value` under `key`; nil removes the key.
    public func setValue(_ value: String?, forKey key: String) throws(StoreError) {
        guard let value else {
            try connection.execute("DELETE FROM bot_state WHERE key = ?", key)
            return
        }
        try connection.execute(
            "INSERT INTO bot_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            key, value)
    }
}
