import CKeelAtomics

/// A 64-bit integer with atomic loads, stores and increments (C11 atomics underneath).
///
/// Used where a lock would cost too much on a hot path, such as a logger's level check.
@usableFromInline
package final class AtomicInt: @unchecked Sendable {
    // Invariant: `storage` is only accessed through the C11 atomic functions.
    @usableFromInline
    let storage: UnsafeMutablePointer<keel_atomic_i64>

    /// Creates the integer with an initial value.
    @usableFromInline
    package init(_ value: Int) {
        storage = .allocate(capacity: 1)
        keel_atomic_i64_init(storage, Int64(value))
    }

    deinit {
        storage.deallocate()
    }

    /// A relaxed load: the cheapest read, for checks that tolerate a briefly stale value.
    @inlinable
    package var relaxed: Int {
        Int(keel_atomic_i64_load_relaxed(storage))
    }

    /// An acquiring load.
    package func load() -> Int {
        Int(keel_atomic_i64_load(storage))
    }

    /// A releasing store.
    package func store(_ value: Int) {
        keel_atomic_i64_store(storage, Int64(value))
    }

    /// Adds `delta` and returns the previous value.
    @discardableResult
    package func add(_ delta: Int) -> Int {
        Int(keel_atomic_i64_fetch_add(storage, Int64(delta)))
    }

    /// Stores `desired` if the value is `expected`; returns whether it did.
    package func compareExchange(expected: Int, desired: Int) -> Bool {
        keel_atomic_i64_cas(storage, Int64(expected), Int64(desired))
    }
}
