#ifndef ROASTBOT_CSQLITE_SHIM_H
#define ROASTBOT_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
