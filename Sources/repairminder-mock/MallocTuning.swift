#if canImport(Glibc)
import CGlibcExtras
import Foundation
import Glibc

/// How glibc's allocator keeps memory, set before any connection thread exists. Only the executable
/// does this; a test or an app that starts `MockServer` in its own process keeps its allocator as it is.
///
/// - One arena per core. glibc gives a thread that finds the main heap busy an arena of its own, up
///   to eight per core, and each arena keeps the memory freed into it. With a thread per
///   connection (before Linux had the worker pool; still the case for connections it hands off),
///   64 clients built up arenas that each held a few response bodies' worth: 49 MiB
///   resident at the peak of 64 connections writing notes, against 37 MiB with one arena per core.
/// - Fixed trim and mmap thresholds (128 KiB, 256 KiB). By default glibc raises its mmap threshold
///   to the largest block freed so far, so after the first big answer (a ticket's answer to a note
///   grows with every note) such blocks come from the heap, and the heap is trimmed only past twice
///   that size: freed answers stay resident. Fixed thresholds return them (write peak −2 to
///   −3 MiB, docs/performance.md); the read routes' answers (4–15 KB) are far below both.
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
