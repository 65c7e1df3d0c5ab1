import KeelSupport

/// One sleeping task for every pending request deadline on the `ContinuousClock`.
///
/// Registering a deadline is a lock and a heap insertion, instead of a timer task (or a
/// dispatch timer source) per request. Deadlines are mostly the same default timeout, so a new
/// one rarely comes before the earliest and the sleeper is rarely restarted.
final class DeadlineScheduler: Sendable {
    /// The scheduler shared by every client on the continuous clock (an implementation detail
    /// like a timer thread, not configurable state).
    static let shared = DeadlineScheduler()

    private struct Entry {
        var deadline: ContinuousClock.Instant
        var id: UInt64
    }

    private struct State {
        var heap: [Entry] = []
        var handlers: [UInt64: @Sendable () -> Void] = [:]
        var nextID: UInt64 = 0
        var sleeper: Task<Void, Never>?
        var sleeperDeadline: ContinuousClock.Instant?
    }

    private let state = Locked(State())

    /// Calls `handler` (on some task) once `deadline` passes, unless cancelled first.
    func schedule(at deadline: ContinuousClock.Instant, _ handler: @escaping @Sendable () -> Void) -> UInt64 {
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.handlers[id] = handler
            Self.push(Entry(deadline: deadline, id: id), into: &state.heap)
            if state.sleeperDeadline.map({ deadline < $0 }) ?? true {
                state.sleeper?.cancel()
                state.sleeperDeadline = deadline
                state.sleeper = Task { [self] in await sleep(until: deadline) }
            }
            return id
        }
    }

    /// Forgets the deadline `id` (its handler will not run).
    func cancel(_ id: UInt64) {
        state.withLock { state in
            state.handlers[id] = nil
            // Drop cancelled entries in bulk so the heap stays proportional to live deadlines.
            if state.heap.count > 64, state.heap.count > 4 * state.handlers.count {
                let live = state.heap.filter { state.handlers[$0.id] != nil }
                state.heap = []
                for entry in live { Self.push(entry, into: &state.heap) }
            }
        }
    }

    private func sleep(until deadline: ContinuousClock.Instant) async {
        var target = deadline
        while true {
            do {
                try await Task.sleep(until: target, clock: .continuous)
            } catch {
                return  // replaced by a sleeper for an earlier deadline
            }
            let (due, next) = state.withLock { state -> ([@Sendable () -> Void], ContinuousClock.Instant?) in
                let now = ContinuousClock.now
                var due: [@Sendable () -> Void] = []
                while let first = state.heap.first, first.deadline <= now {
                    Self.popFirst(&state.heap)
                    if let handler = state.handlers.removeValue(forKey: first.id) { due.append(handler) }
                }
                while let first = state.heap.first, state.handlers[first.id] == nil {
                    Self.popFirst(&state.heap)
                }
                state.sleeperDeadline = state.heap.first?.deadline
                if state.sleeperDeadline == nil { state.sleeper = nil }
                return (due, state.sleeperDeadline)
            }
            for handler in due { handler() }
            guard let next else { return }
            target = next
        }
    }

    private static func push(_ entry: Entry, into heap: inout [Entry]) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].deadline < heap[parent].deadline else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private static func popFirst(_ heap: inout [Entry]) {
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].deadline < heap[smallest].deadline { smallest = left }
            if right < heap.count, heap[right].deadline < heap[smallest].deadline { smallest = right }
            if smallest == parent { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
