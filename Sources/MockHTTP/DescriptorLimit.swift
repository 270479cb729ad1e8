#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's descriptor limit (`RLIMIT_NOFILE`), in one place for the server (which caps its
/// connections by it) and the executable (which raises it before starting).
public enum DescriptorLimit {
    #if canImport(Glibc)
    private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    /// How far `raise()` goes.
    private static let ceiling: rlim_t = 65_536
    #else
    private static let resource = RLIMIT_NOFILE
    private static let ceiling = rlim_t(OPEN_MAX)
    #endif

    /// The soft limit, nil when unlimited or unknown. Neither platform's `RLIM_INFINITY` imports into
    /// Swift; a limit past 2^31 is as good as none.
    public static var soft: Int? {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur < rlim_t(Int32.max) else { return nil }
        return Int(clamping: limit.rlim_cur)
    }

    /// Raises the soft limit to the hard one (at most 10,240 on macOS, `OPEN_MAX`, and 65,536
    /// elsewhere), as Go's runtime does: macOS gives a shell's programs 256, which a few hundred
    /// connections and the database use up. Only an executable should: a test or an app that starts
    /// a server in its own process keeps its own limit. A refusal leaves the limit as it was.
    public static func raise() {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return }
        let wanted = min(limit.rlim_max, ceiling)
        guard limit.rlim_cur < wanted else { return }
        limit.rlim_cur = wanted
        _ = setrlimit(resource, &limit)
    }
}
