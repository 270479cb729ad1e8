#if canImport(Glibc)
import CGlibcExtras
import Foundation
import Glibc

/// How glibc's allocator keeps memory, set before any connection thread exists. Only the executable
/// does this; a test or an app that starts `MockServer` in its own process keeps its allocator as it is.
///
/// - One arena per core. glibc gives a thread that finds the main heap busy an arena of its own, up
///   to eight per core, and each arena keeps the memory freed into it: many connection threads
///   (those the worker pool hands off) build up many arenas' worth of freed answers.
/// - Fixed trim and mmap thresholds (128 KiB, 256 KiB). By default glibc raises its mmap threshold
///   to the largest block freed so far, so after the first big answer (a ticket's answer to a note
///   grows with every note) such blocks come from the heap, and the heap is trimmed only past twice
///   that size: freed answers stay resident. Fixed thresholds return them; the read routes' answers
///   (4–15 KB) are far below both.
///
/// What each measured: docs/performance.md ("one malloc arena per core", "fixed malloc thresholds").
///
/// Settings in the environment (`MALLOC_ARENA_MAX`, `MALLOC_TRIM_THRESHOLD_`, `MALLOC_MMAP_THRESHOLD_`,
/// `GLIBC_TUNABLES`) are left to win.
enum MallocTuning {
    static func apply() {
        let environment = ProcessInfo.processInfo.environment
        let tunables = environment["GLIBC_TUNABLES"] ?? ""
        func unset(_ variable: String, _ tunable: String) -> Bool {
            environment[variable] == nil && !tunables.contains("glibc.malloc.\(tunable)")
        }
        if unset("MALLOC_ARENA_MAX", "arena_max") {
            _ = mallopt(M_ARENA_MAX, Int32(max(1, ProcessInfo.processInfo.activeProcessorCount)))
        }
        if unset("MALLOC_TRIM_THRESHOLD_", "trim_threshold") { _ = mallopt(M_TRIM_THRESHOLD, 128 << 10) }
        if unset("MALLOC_MMAP_THRESHOLD_", "mmap_threshold") { _ = mallopt(M_MMAP_THRESHOLD, 256 << 10) }
    }
}
#else
enum MallocTuning {
    /// Only glibc's allocator is tuned (Darwin's zones do not grow per thread this way).
    static func apply() {}
}
#endif
