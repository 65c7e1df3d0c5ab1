import KeelSupport

/// A mutable priority that others can follow: an ``ImageTask``'s priority, or the priority of
/// a shared job (the highest among its waiters). Observers are called on every change,
/// synchronously and outside the cell's lock.
final class PriorityCell: Sendable {
    private struct State {
        var value: ImageRequestPriority
        var observers: [UInt64: @Sendable (ImageRequestPriority) -> Void] = [:]
        var nextID: UInt64 = 0
    }

    private let state: Locked<State>

    init(_ value: ImageRequestPriority) {
        state = Locked(State(value: value))
    }

    var value: ImageRequestPriority {
        state.withLock { $0.value }
    }

    /// Sets the value and, if it changed, tells every observer.
    func set(_ value: ImageRequestPriority) {
        let observers = state.withLock { state -> [@Sendable (ImageRequestPriority) -> Void] in
            guard state.value != value else { return [] }
            state.value = value
            return Array(state.observers.values)
        }
        for observer in observers { observer(value) }
    }

    /// Registers `observer`; returns a token for ``removeObserver(_:)``.
    func observe(_ observer: @escaping @Sendable (ImageRequestPriority) -> Void) -> UInt64 {
        state.withLock { state in
            state.nextID += 1
            state.observers[state.nextID] = observer
            return state.nextID
        }
    }

    func removeObserver(_ token: UInt64) {
        _ = state.withLock { $0.observers.removeValue(forKey: token) }
    }
}
