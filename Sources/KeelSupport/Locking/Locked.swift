import Foundation

/// A value guarded by an `NSLock`: the one way Keel shares mutable state outside actors.
///
/// `NSLock` rather than `Synchronization.Mutex`: Mutex is iOS 18+ and the thread sanitizer
/// misreports it on Linux (see ARCHITECTURE.md, Conventions).
package final class Locked<Value>: @unchecked Sendable {
    // Invariant: `value` is only read or written while `lock` is held.
    // Visible to inlinable code so `withLock` specialises in its callers' modules: an
    // unspecialised generic call with a closure context cost every locked read in other
    // modules a metadata lookup and an indirect call.
    @usableFromInline let lock = NSLock()
    // The lock already makes every access exclusive: the runtime's dynamic exclusivity check
    // (a thread-local access set on every access) adds nothing. The container bench line
    // measures it.
    @usableFromInline @exclusivity(unchecked) var value: Value

    /// Wraps an initial value.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value and returns its result.
    @inlinable @inline(__always)
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the current value.
    package var current: Value {
        withLock { $0 }
    }

    /// Replaces the value.
    package func set(_ newValue: Value) {
        withLock { $0 = newValue }
    }
}
