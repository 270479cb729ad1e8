#if canImport(Glibc)
import Glibc
import Foundation

/// glibc gives a thread that finds the main heap busy an arena of its own, up to eight per core,
/// and each arena keeps the memory freed into it. The server runs a thread per connection, so 64
/// clients built up arenas that each held a few response bodies' worth: 49 MiB resident at the
/// peak of 64 connections writing notes, against 37 MiB with one arena per core (same requests
/// per second; docs/performance.md). A `MALLOC_ARENA_MAX` in the environment is left to win.
enum MallocArenas {
    /// `M_ARENA_MAX` of glibc's `<malloc.h>`, which Swift's Glibc module does not import (nor
    /// `mallopt`, found below by name in the C library the process already uses).
    private static let arenaMax: Int32 = -8

    static func limitToCores() {
        guard ProcessInfo.processInfo.environment["MALLOC_ARENA_MAX"] == nil,
              let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        _ = mallopt(arenaMax, Int32(max(1, ProcessInfo.processInfo.activeProcessorCount)))
    }
}
#else
enum MallocArenas {
    /// Only glibc's allocator is tuned (Darwin's zones do not grow per thread this way).
    static func limitToCores() {}
}
#endif
