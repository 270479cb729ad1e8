import Foundation
#if os(Linux)
import CGlibcExtras
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Playing Apple platforms on Linux (docs/http.md, "Playing Apple platforms on Linux"): `REPAIRMINDER_MOCK_EMULATE_APPLE=1`
/// in the environment gives every server the connection model Apple platforms use (a thread per
/// connection, no `epoll` pool) and every thread the mock starts without an explicit stack size
/// Apple's 512 KiB instead of Linux's 8 MiB, so that what would overflow a secondary thread on a Mac
/// or iPhone overflows here too. Read once per process; off Linux it changes nothing.
public enum AppleEmulation {
    /// The environment variable that turns it on (`1`).
    public static let environmentKey = "REPAIRMINDER_MOCK_EMULATE_APPLE"

    /// Whether this process plays Apple platforms.
    public static let isOn: Bool = {
        #if os(Linux)
        ProcessInfo.processInfo.environment[environmentKey] == "1"
        #else
        false
        #endif
    }()

    /// The stack of a secondary thread (`Thread`, GCD) on macOS and iOS.
    public static let secondaryThreadStackSize = 512 * 1024
}

/// The threads the mock starts: named, with the platform's stack or, for work that recurses deeply,
/// a stack of a given size on every platform.
package enum ServerThread {
    /// For decoding and walking large documents (OpenAPIKit and Yams over the 8,300-line contract,
    /// the proxy's schema checks): 8 MiB, Linux's default, which Apple's secondary threads do not get
    /// unless asked.
    package static let deepStackSize = 8 << 20

    /// Starts `body` on a new thread. `stackSize` nil is the platform's default (512 KiB under
    /// `AppleEmulation`).
    package static func start(_ name: String, stackSize: Int? = nil, qualityOfService: QualityOfService? = nil,
                              _ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.name = name
        if let qualityOfService { thread.qualityOfService = qualityOfService }
        if let size = stackSize ?? (AppleEmulation.isOn ? AppleEmulation.secondaryThreadStackSize : nil) {
            thread.stackSize = size
        }
        thread.start()
    }

    /// Runs `body` on a new thread with `deepStackSize` of stack and returns what it returns; the
    /// calling thread waits. For one-off work that may recurse deeper than a secondary thread's
    /// 512 KiB allow on Apple platforms, whatever thread asks for it.
    package static func withDeepStack<T: Sendable>(_ name: String, _ body: @escaping @Sendable () -> T) -> T {
        let result = Locked<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        start(name, stackSize: deepStackSize) {
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return result.withLock { $0! }
    }

    /// `withDeepStack` for work that throws: what it throws is thrown here. Untyped on purpose: a
    /// closure of a typed-throws function type captured generically needs runtime support that
    /// macOS 14 and iOS 17 do not have.
    package static func withDeepStack<T: Sendable>(_ name: String, _ body: @escaping @Sendable () throws -> T) throws -> T {
        try withDeepStack(name) { Result(catching: body) }.get()
    }

    /// The current thread's stack size in bytes, where the platform tells it (Linux and Darwin); nil
    /// elsewhere. For tests of the emulation.
    package static func currentStackSize() -> Int? {
        #if os(Linux)
        var attributes = pthread_attr_t()
        guard pthread_getattr_np(pthread_self(), &attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var size = 0
        guard pthread_attr_getstacksize(&attributes, &size) == 0 else { return nil }
        return size
        #elseif canImport(Darwin)
        return pthread_get_stacksize_np(pthread_self())
        #else
        return nil
        #endif
    }
}
