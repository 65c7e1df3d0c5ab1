import KeelSupport

extension PagingController {
    /// Starts a load and returns its flight. A refresh starts a new generation: every
    /// in-flight load is cancelled and whatever it returns later is discarded.
    func start(_ request: LoadRequest<Key>) -> Flight {
        let direction = request.direction
        if direction == .refresh {
            state.generation += 1
            for (other, flight) in flights {
                flight.task.cancel()
                if other != .refresh, state[phase: other].isLoading {
                    state[phase: other] = .idle
                }
            }
            flights = [:]
            failedRequests = [:]
        } else {
            flights[direction]?.task.cancel()
            failedRequests[direction] = nil
        }
        nextFlightID += 1
        let id = nextFlightID
        let outcome = FlightOutcome<LoadOutcome>()
        let task = Self.makeTask(
            controller: self, id: id, request: request, load: loadPage, clock: clock,
            retryBackoff: configuration.retryBackoff, outcome: outcome)
        let flight = Flight(id: id, request: request, task: task, outcome: outcome)
        flights[direction] = flight
        setPhase(.loading(direction), for: direction)
        return flight
    }

    /// Waits for flight `id` in `direction`; when a newer flight in the same direction replaced
    /// it (a later refresh, a manual retry), waits for that one instead — or, when the newer one
    /// already ended, reports its outcome: the direction's failure if it failed (returning
    /// normally then hid a failed refresh behind a blank list). Throws the load's error,
    /// or `CancellationError` as soon as the waiting caller is cancelled: the load is shared
    /// with the other callers, so it keeps running for them (only ``cancel()`` stops it).
    func wait(for direction: LoadDirection, flight: Flight) async throws {
        waitingCallers[direction, default: 0] += 1
        defer { waitingCallers[direction, default: 0] -= 1 }
        var current = flight
        while true {
            switch try await current.outcome.value() {
            case .completed: return
            case .failed(let error): throw error
            case .superseded:
                if isClosed { throw CancellationError() }
                guard let newer = flights[direction], newer.id != current.id else {
                    // The newer flight ended before this one: its outcome is the direction's
                    // phase (a failure stays there until the next load in that direction).
                    if let error = state[phase: direction].error { throw error }
                    return
                }
                current = newer
            }
        }
    }

    /// The load itself, off the actor: load, hand the page to the controller, follow empty
    /// pages, and wait out automatic retries on the clock.
    nonisolated static func makeTask(
        controller: PagingController, id: Int, request: LoadRequest<Key>,
        load: @escaping @Sendable (LoadRequest<Key>) async throws -> Page<Key, Item>,
        clock: any Clock<Duration>, retryBackoff: RetryBackoff?, outcome: FlightOutcome<LoadOutcome>
    ) -> Task<Void, Never> {
        let body = runBody(
            controller: controller, id: id, request: request, load: load, clock: clock,
            retryBackoff: retryBackoff)
        return Task { outcome.complete(await body()) }
    }

    /// What the flight's task runs: the load, its retries and followed empty pages.
    private nonisolated static func runBody(
        controller: PagingController, id: Int, request: LoadRequest<Key>,
        load: @escaping @Sendable (LoadRequest<Key>) async throws -> Page<Key, Item>,
        clock: any Clock<Duration>, retryBackoff: RetryBackoff?
    ) -> @Sendable () async -> LoadOutcome {
        { [weak controller] in
            var request = request
            var attempt = 1
            var emptyPages = 0
            while true {
                let page: Page<Key, Item>
                do {
                    page = try await load(request)
                } catch {
                    if Task.isCancelled { return .superseded }
                    guard let controller else { return .superseded }
                    let decision = await controller.fail(
                        error, request: request, flight: id, attempt: attempt, backoff: retryBackoff)
                    guard let delay = decision else { return .failed(error) }
                    do {
                        try await sleep(for: delay, on: clock)
                    } catch {
                        return .superseded
                    }
                    guard await controller.resumeRetry(flight: id, direction: request.direction) else {
                        return .superseded
                    }
                    attempt += 1
                    continue
                }
                guard !Task.isCancelled, let controller else { return .superseded }
                switch await controller.apply(page, request: request, flight: id, emptyPages: emptyPages) {
                case .applied: return .completed
                case .stale: return .superseded
                case .failed(let error): return .failed(error)
                case .follow(let next):
                    request = next
                    emptyPages += 1
                    attempt = 1
                }
            }
        }
    }

    /// Records a failed load. Returns the wait before an automatic retry, or `nil` when the
    /// failure stands (it is then in the direction's phase, and ``retry()`` repeats it).
    func fail(
        _ error: any Error, request: LoadRequest<Key>, flight id: Int, attempt: Int, backoff: RetryBackoff?
    ) -> Duration? {
        let direction = request.direction
        guard !isClosed, flights[direction]?.id == id else { return nil }
        failedRequests[direction] = request
        if direction == .refresh { state.isStale = !state.items.isEmpty }
        setPhase(.failure(error, direction), for: direction)
        // `attempt` loads failed, so the next one is retry number `attempt`.
        guard let backoff, backoff.allowsRetry(attempt) else {
            flights[direction] = nil
            return nil
        }
        return backoff.delay(beforeRetry: attempt, random: random())
    }

    /// Marks an automatic retry as loading again; `false` when the flight was replaced meanwhile.
    func resumeRetry(flight id: Int, direction: LoadDirection) -> Bool {
        guard !isClosed, flights[direction]?.id == id else { return false }
        failedRequests[direction] = nil
        setPhase(.loading(direction), for: direction)
        return true
    }

    /// Sets one direction's phase and publishes it.
    func setPhase(_ phase: ListLoadingPhase, for direction: LoadDirection) {
        state[phase: direction] = phase
        publish(old: state.items, itemsChanged: false)
    }
}

extension ListLoadingPhase {
    /// A load in flight in `direction`.
    static func loading(_ direction: LoadDirection) -> ListLoadingPhase {
        direction == .refresh ? .refreshing : .loadingMore
    }

    /// A failed load in `direction`.
    static func failure(_ error: any Error, _ direction: LoadDirection) -> ListLoadingPhase {
        .failed(ListLoadingFailure(error, stage: direction == .refresh ? .refresh : .loadMore))
    }

    /// A direction at rest: `exhausted` when it has no more pages.
    static func settled(endReached: Bool) -> ListLoadingPhase {
        endReached ? .exhausted : .idle
    }
}

/// How one flight ended, for every caller waiting on it: the flight's task sets it once, which
/// resumes every waiter; a waiter whose task is cancelled first leaves alone, with
/// `CancellationError`, and the flight goes on for the others. No task waits on a caller's
/// behalf: a helper task per wait used to stay until the load ended, however long that was.
final class FlightOutcome<Outcome: Sendable>: Sendable {
    private struct State {
        var outcome: Outcome?
        var waiters: [Int: CheckedContinuation<Outcome, any Error>] = [:]
        /// Waiters cancelled before they installed their continuation.
        var cancelled: Set<Int> = []
        var nextWaiter = 0
    }

    private let state = Locked(State())

    /// Ends the flight with `outcome` and resumes every waiter; later calls do nothing.
    func complete(_ outcome: Outcome) {
        let waiters = state.withLock { state -> [CheckedContinuation<Outcome, any Error>] in
            guard state.outcome == nil else { return [] }
            state.outcome = outcome
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: outcome) }
    }

    /// The flight's outcome, or `CancellationError` as soon as the calling task is cancelled.
    func value() async throws -> Outcome {
        let id = state.withLock { state -> Int in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let now = state.withLock { state -> Result<Outcome, any Error>? in
                    if state.cancelled.remove(id) != nil { return .failure(CancellationError()) }
                    if let outcome = state.outcome { return .success(outcome) }
                    state.waiters[id] = continuation
                    return nil
                }
                if let now { continuation.resume(with: now) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Outcome, any Error>? in
                if let waiter = state.waiters.removeValue(forKey: id) { return waiter }
                if state.outcome == nil { state.cancelled.insert(id) }
                return nil
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    /// The number of callers waiting now (tests).
    var waiterCount: Int { state.withLock { $0.waiters.count } }
}
