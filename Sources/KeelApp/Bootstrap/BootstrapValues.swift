import KeelSupport

/// A thread-safe box of values that start-up tasks hand to the tasks depending on them.
public final class BootstrapValues: Sendable {
    private let storage = Locked<[String: any Sendable]>([:])

    /// Creates an empty box.
    package init() {}

    /// Stores `value` under `key`.
    public func set<Value: Sendable>(_ value: Value, for key: String) {
        storage.withLock { $0[key] = value }
    }

    /// The value under `key` if it has type `Value`.
    public func value<Value: Sendable>(for key: String, as type: Value.Type = Value.self) -> Value? {
        storage.withLock { $0[key] as? Value }
    }
}
