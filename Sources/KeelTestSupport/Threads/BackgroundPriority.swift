#if os(Linux)
    import Glibc
#endif

// Tests and tools run on macOS and Linux only.
#if os(macOS) || os(Linux)

    /// Lowers the calling thread's CPU priority (nice 10), so that long test work on threads of
    /// its own (`OwnThreadExecutor`, a child process started from such a thread) takes the
    /// CPU only when the cooperative pool, where the rest of the suite's async tests run, does
    /// not need it. On Linux the nice value is per thread and a child process inherits it from
    /// the thread that starts it. Failure (a sandbox that forbids it) leaves the priority as it
    /// was: the work only runs sooner. On macOS it does nothing.
    package func lowerCurrentThreadPriority() {
        #if os(Linux)
            // PRIO_PROCESS with 0 names the calling thread under Linux's NPTL.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        #endif
    }
#endif
