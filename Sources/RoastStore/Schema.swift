/// The database schema as an append-only list of migrations.
///
/// Never edit or reorder a shipped migration; append a new one. Every table that stores a chat id
/// must also be handled by `StoreTransaction.migrateChat(from:to:)`.
enum Schema {
    static let migrations: [Migration] = [
        Migration(
            name: "create chats, profiles, roasts, reactions",
            sql: """
                CREATE TABLE chats (
                    chat_id INTEGER PRIMARY KEY NOT NULL,
                    kind TEXT NOT NULL,
                    title TEXT,
                    language TEXT NOT NULL,
                    time_zone TEXT NOT NULL,
                    max_spice INTEGER NOT NULL CHECK (max_spice BETWEEN 1 AND 5),
                    daily_enabled INTEGER NOT NULL,
                    daily_time TEXT NOT NULL,
                    weekdays_only INTEGER NOT NULL,
                    reminders_enabled INTEGER NOT NULL,
                    banners_enabled INTEGER NOT NULL,
                    ai_enabled INTEGER NOT NULL,
                    is_active INTEGER NOT NULL,
                    created_at REAL NOT NULL
                );
                CREATE INDEX chats_by_activity ON chats (is_active, chat_id);

                CREATE TABLE profiles (
                    chat_id INTEGER NOT NULL REFERENCES chats (chat_id),
                    user_id INTEGER NOT NULL,
                    display_name TEXT NOT NULL,
                    username TEXT,
                    language_code TEXT,
                    first_seen REAL NOT NULL,
                    last_seen REAL NOT NULL,
                    roast_count INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (chat_id, user_id)
                ) WITHOUT ROWID;

                CREATE TABLE roasts (
                    roast_id INTEGER PRIMARY KEY AUTOINCREMENT,
                    chat_id INTEGER NOT NULL REFERENCES chats (chat_id),
                    user_id INTEGER,
                    kind TEXT NOT NULL,
                    source TEXT NOT NULL,
                    library_id TEXT,
                    text TEXT NOT NULL,
                    language TEXT NOT NULL,
                    category TEXT NOT NULL,
                    spice INTEGER NOT NULL CHECK (spice BETWEEN 1 AND 5),
                    mood TEXT,
                    collection TEXT,
                    message_id INTEGER,
                    created_at REAL NOT NULL,
                    FOREIGN KEY (chat_id, user_id) REFERENCES profiles (chat_id, user_id)
                );
                CREATE INDEX roasts_by_message ON roasts (chat_id, message_id);
                CREATE INDEX roasts_by_requester ON roasts (chat_id, user_id, created_at);

                CREATE TABLE reactions (
                    roast_id INTEGER NOT NULL REFERENCES roasts (roast_id) ON DELETE CASCADE,
                    user_id INTEGER NOT NULL,
                    kind TEXT NOT NULL,
                    source TEXT NOT NULL,
                    reacted_at REAL NOT NULL,
                    PRIMARY KEY (roast_id, user_id)
                ) WITHOUT ROWID;
                """
        ),
        Migration(
            name: "create favorites",
            sql: """
                CREATE TABLE favorites (
                    roast_id INTEGER NOT NULL REFERENCES roasts (roast_id) ON DELETE CASCADE,
                    user_id INTEGER NOT NULL,
                    created_at REAL NOT NULL,
                    PRIMARY KEY (roast_id, user_id)
                ) WITHOUT ROWID;
                CREATE INDEX favorites_by_user ON favorites (user_id, created_at);
                """
        ),
        Migration(
            name: "create processed updates, poll offset and bot state",
            sql: """
                CREATE TABLE processed_updates (
                    update_id INTEGER PRIMARY KEY NOT NULL,
                    processed_at REAL NOT NULL
                );
                CREATE TABLE poll_state (
                    id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
                    next_offset INTEGER NOT NULL
                );
                CREATE TABLE bot_state (
                    key TEXT PRIMARY KEY NOT NULL,
                    value TEXT NOT NULL
                ) WITHOUT ROWID;
                """
        ),
        Migration(
            name: "create outbox",
            sql: """
                CREATE TABLE outbox (
                    outbox_id INTEGER PRIMARY KEY AUTOINCREMENT,
                    chat_id INTEGER NOT NULL,
                    payload TEXT NOT NULL,
                    anchor_roast_id INTEGER REFERENCES roasts (roast_id) ON DELETE SET NULL,
                    state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'failed')),
                    attempts INTEGER NOT NULL DEFAULT 0,
                    failure_reason TEXT,
                    created_at REAL NOT NULL
                );
                CREATE INDEX outbox_by_state ON outbox (state, outbox_id);
                CREATE INDEX outbox_by_chat ON outbox (chat_id);
                """
        ),
        Migration(
            name: "create moods",
            sql: """
                CREATE TABLE moods (
                    chat_id INTEGER NOT NULL,
                    user_id INTEGER NOT NULL,
                    local_date TEXT NOT NULL,
                    mood TEXT NOT NULL,
                    set_at REAL NOT NULL,
                    PRIMARY KEY (chat_id, user_id, local_date),
                    FOREIGN KEY (chat_id, user_id) REFERENCES profiles (chat_id, user_id) ON DELETE CASCADE
                ) WITHOUT ROWID;
                CREATE INDEX reactions_by_user ON reactions (user_id, roast_id);
                """
        ),
        Migration(
            name: "create streaks and badges",
            sql: """
                CREATE TABLE streaks (
                    chat_id INTEGER NOT NULL,
                    user_id INTEGER NOT NULL,
                    current INTEGER NOT NULL,
                    longest INTEGER NOT NULL,
                    total_days INTEGER NOT NULL,
                    last_active TEXT,
                    freezes INTEGER NOT NULL,
                    days_toward_freeze INTEGER NOT NULL,
                    offer_length INTEGER,
                    offer_restarted_on TEXT,
                    reminders_on INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (chat_id, user_id),
                    FOREIGN KEY (chat_id, user_id) REFERENCES profiles (chat_id, user_id) ON DELETE CASCADE
                ) WITHOUT ROWID;
                CREATE INDEX streaks_by_reminder ON streaks (chat_id, reminders_on, last_active);

                CREATE TABLE badges (
                    chat_id INTEGER NOT NULL,
                    user_id INTEGER NOT NULL,
                    badge_id TEXT NOT NULL,
                    unlocked_at REAL NOT NULL,
                    unlocked_on TEXT NOT NULL,
                    announced INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (chat_id, user_id, badge_id),
                    FOREIGN KEY (chat_id, user_id) REFERENCES profiles (chat_id, user_id) ON DELETE CASCADE
                ) WITHOUT ROWID;
                """
        ),
        Migration(
            name: "create collection choices and seasonal banner claims",
            sql: """
                CREATE TABLE collection_choices (
                    chat_id INTEGER NOT NULL,
                    user_id INTEGER NOT NULL,
                    collection_id TEXT NOT NULL,
                    chosen_at REAL NOT NULL,
                    PRIMARY KEY (chat_id, user_id)
                ) WITHOUT ROWID;
                CREATE TABLE seasonal_banners (
                    chat_id INTEGER NOT NULL,
                    event_id TEXT NOT NULL,
                    season_year INTEGER NOT NULL,
                    claimed_at REAL NOT NULL,
                    PRIMARY KEY (chat_id, event_id, season_year)
                ) WITHOUT ROWID;
                CREATE INDEX roasts_by_collection ON roasts (chat_id, user_id, collection) WHERE collection IS NOT NULL;
                """
        ),
        Migration(
            name: "create scheduled post claims and shares",
            sql: """
                CREATE TABLE scheduled_posts (
                    chat_id INTEGER NOT NULL,
                    local_date TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    outcome TEXT NOT NULL,
                    roast_id INTEGER REFERENCES roasts (roast_id) ON DELETE SET NULL,
                    claimed_at REAL NOT NULL,
                    PRIMARY KEY (chat_id, local_date, kind)
                );

                CREATE TABLE shares (
                    share_id INTEGER PRIMARY KEY AUTOINCREMENT,
                    chat_id INTEGER,
                    user_id INTEGER NOT NULL,
                    roast_id INTEGER REFERENCES roasts (roast_id) ON DELETE SET NULL,
                    library_id TEXT,
                    shared_on TEXT NOT NULL,
                    shared_at REAL NOT NULL
                );
                CREATE INDEX shares_by_user ON shares (user_id, shared_at);
                """
        ),
        Migration(
            // Every /roast reads the chat's latest roasts (reaction feedback) and the requester's
            // roasts in the chat (what they were served, badge variety): both reads stay on an index
            // instead of scanning the chat's history or fetching every row.
            name: "index roasts for feedback and requester reads",
            sql: """
                CREATE INDEX roasts_by_chat ON roasts (chat_id, roast_id, category, spice, library_id);
                DROP INDEX roasts_by_requester;
                CREATE INDEX roasts_by_requester ON roasts (chat_id, user_id, created_at, kind, category, spice, library_id);
                """
        ),
        Migration(
            // Only moving a migrated group's queue reads the outbox by chat, rarely and over a queue
            // that is short; the index cost a page write on every message queued and delivered.
            name: "drop the outbox chat index",
            sql: "DROP INDEX outbox_by_chat;"
        ),
        Migration(
            // Reaction feedback reads the reacted roasts among a chat's 200 latest on every /roast.
            // Joining those roasts to their reactions would be one lookup per roast, reacted or not;
            // this summary keeps each reacted roast's counts next to the chat's others, so the read
            // is one short range. The
            // triggers maintain it in the same statement as the change, so it cannot drift from the
            // reactions table; a row whose counts fall back to zero stays and is skipped.
            name: "summarise reactions per roast for feedback",
            sql: """
                CREATE TABLE rated_roasts (
                    chat_id INTEGER NOT NULL,
                    roast_id INTEGER NOT NULL,
                    category TEXT NOT NULL,
                    spice INTEGER NOT NULL,
                    library_id TEXT,
                    hilarious INTEGER NOT NULL,
                    fire INTEGER NOT NULL,
                    meh INTEGER NOT NULL,
                    dislike INTEGER NOT NULL,
                    PRIMARY KEY (chat_id, roast_id)
                ) WITHOUT ROWID;
                INSERT INTO rated_roasts (chat_id, roast_id, category, spice, library_id, hilarious, fire, meh, dislike)
                    SELECT roasts.chat_id, roasts.roast_id, roasts.category, roasts.spice, roasts.library_id,
                        sum(reactions.kind = 'h'), sum(reactions.kind = 'f'), sum(reactions.kind = 'm'), sum(reactions.kind = 'd')
                    FROM reactions JOIN roasts ON roasts.roast_id = reactions.roast_id
                    GROUP BY roasts.roast_id;
                CREATE TRIGGER rated_roasts_after_reaction AFTER INSERT ON reactions BEGIN
                    INSERT INTO rated_roasts (chat_id, roast_id, category, spice, library_id, hilarious, fire, meh, dislike)
                        SELECT chat_id, roast_id, category, spice, library_id,
                            NEW.kind = 'h', NEW.kind = 'f', NEW.kind = 'm', NEW.kind = 'd'
                        FROM roasts WHERE roast_id = NEW.roast_id
                    ON CONFLICT (chat_id, roast_id) DO UPDATE SET
                        hilarious = hilarious + excluded.hilarious, fire = fire + excluded.fire,
                        meh = meh + excluded.meh, dislike = dislike + excluded.dislike;
                END;
                CREATE TRIGGER rated_roasts_after_reaction_change AFTER UPDATE OF kind ON reactions BEGIN
                    UPDATE rated_roasts SET
                        hilarious = hilarious - (OLD.kind = 'h') + (NEW.kind = 'h'), fire = fire - (OLD.kind = 'f') + (NEW.kind = 'f'),
                        meh = meh - (OLD.kind = 'm') + (NEW.kind = 'm'), dislike = dislike - (OLD.kind = 'd') + (NEW.kind = 'd')
                    WHERE chat_id = (SELECT chat_id FROM roasts WHERE roast_id = NEW.roast_id) AND roast_id = NEW.roast_id;
                END;
                CREATE TRIGGER rated_roasts_after_unreaction AFTER DELETE ON reactions BEGIN
                    UPDATE rated_roasts SET
                        hilarious = hilarious - (OLD.kind = 'h'), fire = fire - (OLD.kind = 'f'),
                        meh = meh - (OLD.kind = 'm'), dislike = dislike - (OLD.kind = 'd')
                    WHERE chat_id = (SELECT chat_id FROM roasts WHERE roast_id = OLD.roast_id) AND roast_id = OLD.roast_id;
                END;
                CREATE TRIGGER rated_roasts_after_roast_deletion AFTER DELETE ON roasts BEGIN
                    DELETE FROM rated_roasts WHERE chat_id = OLD.chat_id AND roast_id = OLD.roast_id;
                END;
                CREATE TRIGGER rated_roasts_after_roast_move AFTER UPDATE OF chat_id ON roasts BEGIN
                    UPDATE rated_roasts SET chat_id = NEW.chat_id WHERE chat_id = OLD.chat_id AND roast_id = OLD.roast_id;
                END;
                """
        ),
        Migration(
            // Deleting a roast (/forgetme deletes all of a person's roasts in the chat) makes SQLite
            // look for rows that reference it in every table with a foreign key to roasts; without an
            // index on the reference each deleted roast would scan the outbox and the scheduled posts
            // and shares of every chat, which only grow.
            name: "index the references to roasts",
            sql: """
                CREATE INDEX outbox_by_anchor ON outbox (anchor_roast_id) WHERE anchor_roast_id IS NOT NULL;
                CREATE INDEX scheduled_posts_by_roast ON scheduled_posts (roast_id) WHERE roast_id IS NOT NULL;
                CREATE INDEX shares_by_roast ON shares (roast_id) WHERE roast_id IS NOT NULL;
                """
        ),
        Migration(
            // Each event source (Telegram, the console) numbers its own events and keeps its own resume
            // point; rows from before were all written by the one source a database served, counted as
            // Telegram's.
            name: "key applied events and resume points by their source",
            sql: """
                CREATE TABLE applied_events (
                    source TEXT NOT NULL,
                    sequence INTEGER NOT NULL,
                    applied_at REAL NOT NULL,
                    PRIMARY KEY (source, sequence)
                ) WITHOUT ROWID;
                INSERT INTO applied_events (source, sequence, applied_at) SELECT 'telegram', update_id, processed_at FROM processed_updates;
                CREATE TABLE source_offsets (
                    source TEXT PRIMARY KEY NOT NULL,
                    next_sequence INTEGER NOT NULL
                ) WITHOUT ROWID;
                INSERT INTO source_offsets (source, next_sequence) SELECT 'telegram', next_offset FROM poll_state;
                DROP TABLE processed_updates;
                DROP TABLE poll_state;
                """
        ),
        Migration(
            // Each chat's queue is delivered on its own, replies before broadcasts; a person's queued and
            // failed messages are found (and forgotten) by whom and where they are about.
            name: "order the outbox by priority and tie rows to the person they are about",
            sql: """
                ALTER TABLE outbox ADD COLUMN priority INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE outbox ADD COLUMN about_user_id INTEGER;
                ALTER TABLE outbox ADD COLUMN about_chat_id INTEGER;
                CREATE INDEX outbox_by_person ON outbox (about_chat_id, about_user_id) WHERE about_user_id IS NOT NULL;
                """
        ),
        Migration(
            // A freeze offer is valid for a stated time after the break showed.
            name: "date freeze offers",
            sql: "ALTER TABLE streaks ADD COLUMN offer_made_at REAL;"
        ),
        Migration(
            // Forum topics: the topic an admin picked for the chat's scheduled posts (NULL: General),
            // and the topic each roast was posted in (reactions on it are answered there).
            name: "remember forum topics of scheduled posts and roasts",
            sql: """
                ALTER TABLE chats ADD COLUMN post_topic_id INTEGER;
                ALTER TABLE roasts ADD COLUMN topic_id INTEGER;
                """
        ),
        Migration(
            // The categories a chat's Roast of the Day is drawn from, comma-separated; empty: all.
            name: "choose the categories of the Roast of the Day",
            sql: "ALTER TABLE chats ADD COLUMN daily_categories TEXT NOT NULL DEFAULT '';"
        ),
        Migration(
            // Private data goes to the person: an export asked for in a group by someone the bot cannot
            // write to privately yet waits here until they open the private chat through its link.
            // Chats that removed the bot are deleted some time after they left (`left_at`).
            name: "hold exports for the private chat and date when the bot left a chat",
            sql: """
                CREATE TABLE export_requests (
                    request_id INTEGER PRIMARY KEY AUTOINCREMENT,
                    chat_id INTEGER NOT NULL,
                    user_id INTEGER NOT NULL,
                    scope TEXT NOT NULL CHECK (scope IN ('person', 'chat')),
                    requested_at REAL NOT NULL
                );
                CREATE INDEX export_requests_by_person ON export_requests (chat_id, user_id);
                ALTER TABLE chats ADD COLUMN left_at REAL;
                UPDATE chats SET left_at = strftime('%s', 'now') WHERE is_active = 0;
                CREATE INDEX chats_by_departure ON chats (left_at) WHERE left_at IS NOT NULL;
                """
        ),
        Migration(
            // The streak heatmap shows the days a person was active in a chat, which the streak row
            // alone does not keep. Before this table only each current streak's days are known: they
            // are recorded as the first active days.
            name: "record active days",
            sql: """
                CREATE TABLE active_days (
                    chat_id INTEGER NOT NULL,
                    user_id INTEGER NOT NULL,
                    local_date TEXT NOT NULL,
                    PRIMARY KEY (chat_id, user_id, local_date),
                    FOREIGN KEY (chat_id, user_id) REFERENCES profiles (chat_id, user_id) ON DELETE CASCADE
                ) WITHOUT ROWID;
                WITH RECURSIVE run (chat_id, user_id, day, left) AS (
                    SELECT chat_id, user_id, last_active, current - 1 FROM streaks WHERE last_active IS NOT NULL AND current > 0
                    UNION ALL
                    SELECT chat_id, user_id, date(day, '-1 day'), left - 1 FROM run WHERE left > 0
                )
                INSERT INTO active_days (chat_id, user_id, local_date) SELECT chat_id, user_id, day FROM run;
                """
        ),
        Migration(
            // Share cards: the photo the platform stored for each card of a roast (a card is drawn and
            // uploaded once, then posted by its id), and who asked for it first (their inline mode
            // offers it; forgotten with them). Each person's template and format per chat.
            name: "store card photos and card choices",
            sql: """
                CREATE TABLE card_photos (
                    roast_id INTEGER NOT NULL REFERENCES roasts (roast_id) ON DELETE CASCADE,
                    template TEXT NOT NULL,
                    format TEXT NOT NULL,
                    file_id TEXT NOT NULL,
                    user_id INTEGER,
                    created_at REAL NOT NULL,
                    PRIMARY KEY (roast_id, template, format)
                ) WITHOUT ROWID;
                CREATE INDEX card_photos_by_user ON card_photos (user_id, created_at) WHERE user_id IS NOT NULL;
                CREATE TABLE card_choices (
                    chat_id INTEGER NOT NULL,
                    user_id INTEGER NOT NULL,
                    template TEXT NOT NULL,
                    format TEXT NOT NULL,
                    PRIMARY KEY (chat_id, user_id),
                    FOREIGN KEY (chat_id, user_id) REFERENCES profiles (chat_id, user_id) ON DELETE CASCADE
                ) WITHOUT ROWID;
                """
        ),
        Migration(
            // A freeze bridges a missed day: the heatmap shows it, frozen, inside the restored streak.
            name: "mark the days a freeze bridged",
            sql: "ALTER TABLE active_days ADD COLUMN frozen INTEGER NOT NULL DEFAULT 0;"
        ),
        Migration(
            // The highest applied id each source has forgotten: every id at or below it still counts as
            // applied, so that a replay of an update older than the ids remembered is not applied again.
            // Ids forgotten before this migration are not known: each source's mark starts at its next
            // pruning.
            name: "keep a low-water mark of forgotten applied ids",
            sql: """
                CREATE TABLE applied_low_water_marks (
                    source TEXT PRIMARY KEY NOT NULL,
                    sequence INTEGER NOT NULL,
                    applied_at REAL NOT NULL
                ) WITHOUT ROWID;
                """
        ),
        Migration(
            // A roastbot database says so in its header (`DatabaseIdentity`): the bot and `roastbot restore`
            // refuse another application's file. "RMLB" in ASCII.
            name: "mark the file as a roastbot database",
            sql: "PRAGMA application_id = 1380797506;"
        ),
        Migration(
            // A secret of this database keys the pseudonyms logs name people by and the record of who
            // asked to be forgotten, which a restore of an older backup applies again: a keyed hash of
            // the chat and person and the time of the request, nothing of theirs.
            name: "keep a secret for pseudonyms and a record of forget requests",
            sql: """
                INSERT OR IGNORE INTO bot_state (key, value) VALUES ('pseudonym_key', lower(hex(randomblob(32))));
                CREATE TABLE forget_requests (
                    mark TEXT PRIMARY KEY NOT NULL,
                    requested_at REAL NOT NULL
                ) WITHOUT ROWID;
                """
        ),
        Migration(
            // Someone who left a group leaves its boards at once and their data goes after the retention
            // period, unless they come back first (any activity there clears the date).
            name: "date when members left a chat",
            sql: """
                ALTER TABLE profiles ADD COLUMN left_at REAL;
                CREATE INDEX profiles_by_departure ON profiles (left_at) WHERE left_at IS NOT NULL;
                """
        ),
        Migration(
            // A button press acts only on the message its button was issued on: the buttons of each
            // message the bot posted, recorded when it was delivered (and on each delivered edit of
            // them). A personal panel's owner is kept beside, so that forgetting them removes it. A
            // chat's first record dates its checks (messages posted before have no record to check).
            name: "record the keyboards the bot issued",
            sql: """
                CREATE TABLE issued_keyboards (
                    chat_id INTEGER NOT NULL,
                    message_id INTEGER NOT NULL,
                    payloads TEXT NOT NULL,
                    owner_user_id INTEGER,
                    PRIMARY KEY (chat_id, message_id)
                ) WITHOUT ROWID;
                CREATE INDEX issued_keyboards_by_owner ON issued_keyboards (chat_id, owner_user_id) WHERE owner_user_id IS NOT NULL;
                ALTER TABLE chats ADD COLUMN keyboards_since INTEGER;
                """
        ),
        Migration(
            // A chat without a main thread (a Discord server: every message is in some channel) has its
            // scheduled posts in the topic picked for them, else in the one where the bot was last
            // asked something, kept here. A person's private chat is found by the person, whatever the
            // platform numbers it by (a Discord DM channel has an id of its own).
            name: "remember where the bot was last asked in a chat; find private chats by person",
            sql: """
                ALTER TABLE chats ADD COLUMN last_topic_id INTEGER;
                CREATE INDEX profiles_by_user ON profiles (user_id);
                """
        ),
        Migration(
            // The deliverer reads which chats have rows pending and each such chat's queue: both are
            // ranges of this index (pending rows only: delivered rows are deleted, failed ones leave
            // it), where the index by state made SQLite visit every pending row and sort the chats
            // with a temporary b-tree. It replaces that index, so queuing and delivering write no
            // more index pages than before; pruning failed rows, rare, reads the table.
            name: "index the pending outbox by chat",
            sql: """
                DROP INDEX outbox_by_state;
                CREATE INDEX outbox_pending_by_chat ON outbox (chat_id, outbox_id) WHERE state = 'pending';
                """
        ),
    ]
}
