import ChatPlatform
import Foundation

/// One request to be forgotten, as recorded: a keyed hash of whom and where, and when.
public struct ForgetRequest: Sendable, Hashable {
    /// HMAC-SHA-256 (hex) under the database's secret of `forget:<chat>:<user>`, or of
    /// `forget:*:<user>` for a request to be forgotten in every chat.
    public var mark: String
    public var requestedAt: Date
}

/// The record of who asked to be forgotten, so that a restore of a backup taken before the request
/// forgets them again (``DatabaseBackup/restore(from:to:at:)``).
///
/// What is kept is the least that does it: no id, name or data of the person — a keyed hash of the
/// chat and person, and the time of the request (so that what they did after coming back is kept).
/// The key is a secret of this database (``pseudonymKey()``, also behind log pseudonyms): without it
/// a mark says nothing; with the database in hand, and a person's id to try, it tells that this
/// person asked to be forgotten there.
extension StoreTransaction {
    /// The database's secret: 32 random bytes made by the migration that added it, kept in `bot_state`.
    public func pseudonymKey() throws(StoreError) -> [UInt8] {
        guard let hex = try value(forKey: Self.pseudonymKeyName), let key = Self.bytes(hex: hex), key.count >= 16 else {
            throw .corruptRow("bot_state.\(Self.pseudonymKeyName)")
        }
        return key
    }

    /// `/forgetme` in `chat`: everything about `user` there goes (``forgetUser(_:in:)``) and the
    /// request is recorded.
    public func forgetAtTheirRequest(_ user: UserID, in chat: ChatID, at date: Date) throws(StoreError) {
        let key = KeyedDigest(key: try pseudonymKey())
        let requested = try requestDate(date, of: user, in: [chat])
        try forgetUser(user, in: chat)
        try record(ForgetRequest(mark: Self.mark(user, in: chat, key), requestedAt: requested))
    }

    /// `/forgetme` for every chat: everything about `user` goes in each chat that holds something of
    /// theirs, and the request is recorded for every chat (also chats this database no longer knows
    /// but an older backup may). Returns the chats they were forgotten in.
    @discardableResult
    public func forgetEverywhereAtTheirRequest(_ user: UserID, at date: Date) throws(StoreError) -> [ChatID] {
        let key = KeyedDigest(key: try pseudonymKey())
        let chats = try chatsHolding(user)
        let requested = try requestDate(date, of: user, in: chats)
        for chat in chats { try forgetUser(user, in: chat) }
        try record(ForgetRequest(mark: Self.mark(user, in: nil, key), requestedAt: requested))
        return chats
    }

    /// The chats where something about `user` is stored (a profile, reactions, favorites, cards,
    /// shares, a collection pick, an export request, a queued message), by id.
    public func chatsHolding(_ user: UserID) throws(StoreError) -> [ChatID] {
        try connection.query(
            "WITH \(Self.holdings) SELECT DISTINCT chat_id FROM holdings WHERE user_id = ? ORDER BY chat_id", user
        ) { (row: borrowing Row) in ChatID(row.int64(0)) }
    }

    /// Every recorded request.
    public func forgetRequests() throws(StoreError) -> [ForgetRequest] {
        try connection.query("SELECT mark, requested_at FROM forget_requests ORDER BY mark") { (row: borrowing Row) in
            ForgetRequest(mark: row.string(0), requestedAt: row.date(1))
        }
    }

    /// Keeps `request` (a later date replaces an earlier one for the same mark).
    func record(_ request: ForgetRequest) throws(StoreError) {
        try connection.execute(
            """
            INSERT INTO forget_requests (mark, requested_at) VALUES (?, ?)
            ON CONFLICT (mark) DO UPDATE SET requested_at = max(requested_at, excluded.requested_at)
            """,
            request.mark, request.requestedAt)
    }

    /// Forgets again, in this database, everyone `requests` (marked under `key`) names: each person
    /// in each chat a request covers whose profile there began no later than the request (or who has
    /// data there but no profile). Returns how many (chat, person) pairs were forgotten.
    func reapply(_ requests: [ForgetRequest], key: KeyedDigest) throws(StoreError) -> Int {
        guard !requests.isEmpty else { return 0 }
        let dates = Dictionary(requests.map { ($0.mark, $0.requestedAt) }, uniquingKeysWith: max)
        let holders = try connection.query(
            """
            WITH \(Self.holdings)
            SELECT DISTINCT holdings.chat_id, holdings.user_id, profiles.first_seen FROM holdings
            LEFT JOIN profiles ON profiles.chat_id = holdings.chat_id AND profiles.user_id = holdings.user_id
            ORDER BY holdings.chat_id, holdings.user_id
            """
        ) { (row: borrowing Row) in (ChatID(row.int64(0)), UserID(row.int64(1)), row.optionalDate(2)) }
        var forgotten = 0
        for (chat, user, firstSeen) in holders {
            let requested = [Self.mark(user, in: chat, key), Self.mark(user, in: nil, key)].compactMap { dates[$0] }.max()
            guard let requested, firstSeen.map({ $0 <= requested }) ?? true else { continue }
            try forgetUser(user, in: chat)
            forgotten += 1
        }
        return forgotten
    }

    /// A restore: takes `key` (the replaced database's secret) as this database's and keeps
    /// `requests` (marked under it). Requests this database recorded under another secret could
    /// never match again, and go.
    func adoptForgetRecord(key: [UInt8], requests: [ForgetRequest]) throws(StoreError) {
        if try pseudonymKey() != key {
            try setValue(
                key.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined(),
                forKey: Self.pseudonymKeyName)
            try connection.execute("DELETE FROM forget_requests")
        }
        for request in requests { try record(request) }
    }

    // MARK: - Helpers

    /// The date a request is recorded with: when it was made, or the last time the person was seen in
    /// those chats if that is later (the platform's dates and the bot's clock may disagree). Any copy
    /// of their profiles began no later than that; a profile made after they came back began later.
    private func requestDate(_ date: Date, of user: UserID, in chats: [ChatID]) throws(StoreError) -> Date {
        var latest = date
        for chat in chats {
            if let seen = try profile(chat: chat, user: user)?.lastSeen { latest = max(latest, seen) }
        }
        return latest
    }

    static let pseudonymKeyName = "pseudonym_key"

    /// A request's mark: `user` in `chat`, or in every chat (`chat` nil).
    static func mark(_ user: UserID, in chat: ChatID?, _ key: KeyedDigest) -> String {
        key.hex("forget:\(chat.map { String($0.rawValue) } ?? "*"):\(user.rawValue)")
    }

    /// A common table expression `holdings(chat_id, user_id)`: each chat and person something is
    /// stored about (the tables ``forgetUser(_:in:)`` clears).
    private static let holdings = """
        holdings (chat_id, user_id) AS (
            SELECT chat_id, user_id FROM profiles
            UNION SELECT roasts.chat_id, reactions.user_id FROM reactions JOIN roasts ON roasts.roast_id = reactions.roast_id
            UNION SELECT roasts.chat_id, favorites.user_id FROM favorites JOIN roasts ON roasts.roast_id = favorites.roast_id
            UNION SELECT roasts.chat_id, card_photos.user_id FROM card_photos JOIN roasts ON roasts.roast_id = card_photos.roast_id
                WHERE card_photos.user_id IS NOT NULL
            UNION SELECT chat_id, user_id FROM shares WHERE chat_id IS NOT NULL
            UNION SELECT chat_id, user_id FROM collection_choices
            UNION SELECT chat_id, user_id FROM export_requests
            UNION SELECT about_chat_id, about_user_id FROM outbox WHERE about_user_id IS NOT NULL AND about_chat_id IS NOT NULL
            UNION SELECT chat_id, owner_user_id FROM issued_keyboards WHERE owner_user_id IS NOT NULL
        )
        """

    private static func bytes(hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }
}
