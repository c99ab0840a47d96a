#ifndef ROASTBOT_CSQLITE_SHIM_H
#define ROASTBOT_CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLite's SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import.
/// Passing it tells SQLite to copy the bound bytes before the bind call returns.
static inline sqlite3_destructor_type roastbot_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}
#endif
