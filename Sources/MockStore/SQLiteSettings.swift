#if os(Linux)
import CSQLiteSettings
#endif

/// Process-wide SQLite settings, applied once, before SQLite initialises: at the first
/// `Store.configuration(file:)`, which every database the Store opens goes through.
///
/// - Memory statistics off (`SQLITE_CONFIG_MEMSTATUS`). With them on, SQLite's default, every
///   allocation and free takes one process-wide mutex to count bytes; the system SQLite here has
///   no lookaside, so that is every small object too. Threads working on different databases at
///   once (a namespace's request beside the `StorePool` copying the next namespace) then queue on
///   that mutex. Nothing in the mock reads the statistics.
///
/// Linux only: on Apple platforms the system SQLite is shared with the system's own frameworks in
/// the same process (an app hosting the mock in its tests), and is left as it is. When SQLite has
/// already initialised (something else in the process opened a database first), SQLite refuses
/// (`SQLITE_MISUSE`) and nothing changes: the mock works the same, only slower beside a refill.
enum SQLiteSettings {
    /// True when SQLite took the settings.
    static let applied: Bool = {
        #if os(Linux)
        return repairminder_sqlite_memory_statistics_off() == 0   // SQLITE_OK
        #else
        return false
        #endif
    }()
}
