// Process-wide SQLite settings, which only the variadic sqlite3_config() sets (Swift cannot call a
// variadic C function). Linux only: elsewhere the system's SQLite is shared with the system's own
// frameworks in the same process, and is left as it is (Sources/MockStore/SQLiteSettings.swift).
#ifdef __linux__
#include <sqlite3.h>

/// SQLite's memory statistics off (SQLITE_CONFIG_MEMSTATUS 0): with them on, its default, every
/// allocation and free takes one process-wide mutex to count bytes, which threads copying and
/// reading different databases at once then queue on. SQLITE_MISUSE, and nothing changed, once
/// SQLite has initialised.
static inline int repairminder_sqlite_memory_statistics_off(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
#endif
