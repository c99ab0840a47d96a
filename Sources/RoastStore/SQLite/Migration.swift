/// One schema change. Its `name` is recorded in `schema_migrations` once applied, so a shipped
/// migration's name and SQL must never change; new changes are appended as new migrations.
struct Migration: Sendable, Hashable {
    /// A sentence saying what the migration does; the key under which it is recorded.
    let name: String
    /// One or more statements; no values from outside (this runs as a script, without bindings).
    let sql: String
}
