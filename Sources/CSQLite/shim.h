#ifndef ROASTBOT_CSQLITE_SHIM_H
#define ROASTBOT_CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLite's SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import.
/// Passing it tells SQLite to copy the bound bytes before the bind call returns.
static inline sqlite3_destructor_type roastbot_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

/// Turns off SQLite's memory statistics, which take a process-wide mutex around every allocation
/// SQLite makes. sqlite3_config is variadic, which Swift cannot call. Must run before the first
/// connection opens; returns SQLITE_MISUSE (harmlessly) after.
static inline int roastbot_sqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
#endif
