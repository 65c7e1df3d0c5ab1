import KeelSupport

/// Runs one job per key, however many callers ask for it.
///
/// Every caller of ``value(for:priority:onProgress:work:)`` for a key whose job is in flight
/// joins it as a waiter. The job runs at the highest priority among its waiters, reports
/// progress to all of them, and is cancelled only when the last waiter has cancelled; a
/// waiter that cancels gets `CancellationError` at once and nothing after.
final class Coalescer<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// What a job's work sees: its shared priority and a way to report progress.
    struct Context: Sendable {
        let priority: PriorityCell
        let reportProgress: @Sendable (ImageLoadProgress) -> Void
    }

    private final class Job: Sendable {
        let id: UInt64
        let priority: PriorityCell
        private let task = Locked<(task: Task<Void, Never>?, cancelled: Bool)>((nil, false))

        init(id: UInt64, priority: ImageRequestPriority) {
            self.id = id
            self.priority = PriorityCell(priority)
        }

        func attach(_ newTask: Task<Void, Never>) {
            let cancelled = task.withLock { state -> Bool in
                state.task = newTask
                return state.cancelled
            }
            if cancelled { newTask.cancel() }
        }

        func cancel() {
            let running = task.withLock { state -> Task<Void, Never>? in
                state.cancelled = true
                return state.task
            }
            running?.cancel()
        }
    }

    private struct Waiter {
        let continuation: CheckedContinuation<Value, any Error>
        let priority: PriorityCell
        let observation: UInt64
        let onProgress: (@Sendable (ImageLoadProgress) -> Void)?
    }

    private struct Entry {
        let job: Job
        var waiters: [UInt64: Waiter]
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var nextID: UInt64 = 0
    }

    private let state = Locked(State())
    /// When `false`, every call runs its own work (no sharing).
    let isEnabled: Bool

    init(isEnabled: Bool = true) {
        self.isEnabled = isEnabled
    }

    /// Jobs in flight.
    var jobCount: Int {
        state.withLock { $0.entries.count }
    }

    /// Callers waiting across all jobs.
    var waiterCount: Int {
        state.withLock { $0.entries.values.reduce(0) { $0 + $1.waiters.count } }
    }

    /// The current priority of the job for `key`, if one is in flight.
    func priority(of key: Key) -> ImageRequestPriority? {
        state.withLock { $0.entries[key]?.job.priority.value }
    }

    /// The value of the job for `key`, starting it with `work` if none is in flight.
    func value(
        for key: Key,
        priority: PriorityCell,
        onProgress: (@Sendable (ImageLoadProgress) -> Void)? = nil,
        work: @escaping @Sendable (Context) async throws -> Value
    ) async throws -> Value {
        try Task.checkCancellation()
        // A key that is not equal to itself (a NaN inside it) could be stored but never found
        // again: its waiters would never be resumed. Such a call shares nothing.
        guard isEnabled, key == key else {
            return try await work(Context(priority: priority, reportProgress: onProgress ?? { _ in }))
        }
        let waiterID = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                join(key, waiterID, continuation, priority, onProgress, work)
                // A cancellation that arrived before the waiter was registered found nothing.
                if Task.isCancelled { leave(key, waiterID) }
            }
        } onCancel: {
            leave(key, waiterID)
        }
    }

    private func join(
        _ key: Key,
        _ waiterID: UInt64,
        _ continuation: CheckedContinuation<Value, any Error>,
        _ priority: PriorityCell,
        _ onProgress: (@Sendable (ImageLoadProgress) -> Void)?,
        _ work: @escaping @Sendable (Context) async throws -> Value
    ) {
        let observation = priority.observe { [weak self] _ in self?.updatePriority(key) }
        let newJob = state.withLock { state -> Job? in
            var created: Job?
            if state.entries[key] == nil {
                state.nextID += 1
                let job = Job(id: state.nextID, priority: priority.value)
                state.entries[key] = Entry(job: job, waiters: [:])
                created = job
            }
            state.entries[key]?.waiters[waiterID] = Waiter(
                continuation: continuation, priority: priority, observation: observation,
                onProgress: onProgress)
            return created
        }
        if let job = newJob {
            let jobID = job.id
            let context = Context(
                priority: job.priority,
                reportProgress: { [weak self] progress in self?.report(progress, key, jobID) })
            job.attach(
                Task { [weak self] in
                    let result: Result<Value, any Error>
                    do {
                        result = .success(try await work(context))
                    } catch {
                        result = .failure(error)
                    }
                    self?.finish(key, jobID, result)
                })
        } else {
            raisePriority(key, to: priority.value)
        }
    }

    private func leave(_ key: Key, _ waiterID: UInt64) {
        let (waiter, abandoned) = state.withLock { state -> (Waiter?, Job?) in
            guard let waiter = state.entries[key]?.waiters.removeValue(forKey: waiterID) else {
                return (nil, nil)
            }
            guard let entry = state.entries[key], entry.waiters.isEmpty else { return (waiter, nil) }
            state.entries[key] = nil
            return (waiter, entry.job)
        }
        guard let waiter else { return }
        waiter.priority.removeObserver(waiter.observation)
        waiter.continuation.resume(throwing: CancellationError())
        if let abandoned {
            abandoned.cancel()
        } else if waiter.priority.value >= (priority(of: key) ?? .veryLow) {
            updatePriority(key)  // the leaver may have been holding the priority up
        }
    }

    private func finish(_ key: Key, _ jobID: UInt64, _ result: Result<Value, any Error>) {
        let waiters = state.withLock { state -> [Waiter] in
            guard let entry = state.entries[key], entry.job.id == jobID else { return [] }
            state.entries[key] = nil
            return Array(entry.waiters.values)
        }
        for waiter in waiters {
            waiter.priority.removeObserver(waiter.observation)
            waiter.continuation.resume(with: result)
        }
    }

    private func report(_ progress: ImageLoadProgress, _ key: Key, _ jobID: UInt64) {
        let handlers = state.withLock { state -> [@Sendable (ImageLoadProgress) -> Void] in
            guard let entry = state.entries[key], entry.job.id == jobID else { return [] }
            return entry.waiters.values.compactMap(\.onProgress)
        }
        for handler in handlers { handler(progress) }
    }

    /// Raises the job's priority to `priority` if that is higher: a joining waiter can only
    /// raise it, and this avoids rescanning every waiter on each join.
    private func raisePriority(_ key: Key, to priority: ImageRequestPriority) {
        state.withLock { state in
            guard let job = state.entries[key]?.job, job.priority.value < priority else { return }
            job.priority.set(priority)
        }
    }

    /// Sets the job's priority to the highest of its waiters'. Done under the lock so that
    /// concurrent updates cannot land out of order; observers (child jobs) take only their
    /// own locks, which are never held while taking this one.
    private func updatePriority(_ key: Key) {
        state.withLock { state in
            guard let entry = state.entries[key],
                let highest = entry.waiters.values.map(\.priority.value).max()
            else { return }
            entry.job.priority.set(highest)
        }
    }
}
