import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's descriptor limit, raised before the server starts: macOS gives a shell's programs a
/// soft limit of 256, which a few hundred connections and the database use up. Like Go's runtime, the
/// executable raises the soft limit to the hard one (at most 10,240 on macOS, `OPEN_MAX`, and 65,536
/// elsewhere); the server caps its connections at what the limit leaves (`HTTPServer.connectionLimit`).
/// Only the executable does this; a test or an app that starts `MockServer` keeps its own limit.
enum DescriptorLimit {
    static func raise() {
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        let ceiling: rlim_t = 65_536
        #else
        let resource = RLIMIT_NOFILE
        let ceiling = rlim_t(OPEN_MAX)
        #endif
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return }
        let wanted = min(limit.rlim_max, ceiling)
        guard limit.rlim_cur < wanted else { return }
        limit.rlim_cur = wanted
        _ = setrlimit(resource, &limit)   // refused: the server lives with the limit it has
    }
}
