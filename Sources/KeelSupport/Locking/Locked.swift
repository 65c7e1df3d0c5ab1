import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value guarded by a mutex: the one way Keel shares mutable state outside actors.
///
/// A `pthread_mutex_t` of its own rather than `Synchronization.Mutex` (iOS 18+, and the thread
/// sanitizer misreports it on Linux; see ARCHITECTURE.md, Conventions) or an `NSLock` object:
/// a client call makes several short-lived `Locked` values, and creating and destroying an
/// `NSLock` cost several times the rest of the value's life.
///
/// `@usableFromInline` so `withLock` is inlined and specialised in the other Keel modules:
/// Swift does not serialise the inlinable members of a plain `package` type (ARCHITECTURE.md,
/// Conventions).
@usableFromInline package final class Locked<Value>: @unchecked Sendable {
    // Invariant: `value` is only read or written while `mutex` is held. The mutex lives at a
    // fixed address of its own (a pthread mutex must not move).
    // Visible to inlinable code so `withLock` specialises in its callers' modules: an
    // unspecialised generic call with a closure context cost every locked read in other
    // modules a metadata lookup and an indirect call.
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    // The lock already makes every access exclusive: the runtime's dynamic exclusivity check
    // (a thread-local access set on every access) adds nothing. The container bench line
    // measures it.
    @usableFromInline @exclusivity(unchecked) var value: Value

    /// Wraps an initial value.
    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value and returns its result.
    @inlinable @inline(__always)
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// Runs `body` with exclusive access when the lock is free now; `nil`, without waiting,
    /// when it is held (by another thread, or by this one further up its stack).
    package func withLockIfAvailable<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result? {
        guard pthread_mutex_trylock(mutex) == 0 else { return nil }
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// A copy of the current value.
    @inlinable
    package var current: Value {
        withLock { $0 }
    }

    /// Replaces the value.
    @inlinable
    package func set(_ newValue: Value) {
        withLock { $0 = newValue }
    }
}

extension Locked where Value == Void {
    /// A lock that guards state kept elsewhere (striped locks, a commit section).
    package convenience init() { self.init(()) }

    /// Runs `body` while holding the lock, without forming an access to the (empty) value:
    /// under the thread sanitizer, `inout` accesses to the zero-sized value from two threads
    /// were reported as a race although both held the lock.
    @inlinable @inline(__always)
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
