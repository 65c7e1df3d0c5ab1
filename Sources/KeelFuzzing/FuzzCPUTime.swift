#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// CPU time of the calling thread: what a synchronous check measures when it bounds the work
/// a boundary does (linear time), unlike wall time, which other suites sharing the machine
/// inflate. Only meaningful between two readings with no suspension point in between.
package enum FuzzCPUTime {
    /// The calling thread's CPU time so far.
    package static func now() -> Duration {
        var spec = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec) == 0 else { return .zero }
        return .seconds(Int64(spec.tv_sec)) + .nanoseconds(Int64(spec.tv_nsec))
    }
}
