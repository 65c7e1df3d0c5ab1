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
        let task = Self.makeTask(
            controller: self, id: id, request: request, load: loadPage, clock: clock,
            retryBackoff: configuration.retryBackoff)
        let flight = Flight(id: id, request: request, task: task)
        flights[direction] = flight
        setPhase(.loading(direction), for: direction)
        return flight
    }

    /// Waits for flight `id` in `direction`; when a newer flight in the same direction replaced
    /// it (a later refresh, a manual retry), waits for that one instead. Throws the load's error,
    /// or `CancellationError` as soon as the waiting caller is cancelled: the load is shared
    /// with the other callers, so it keeps running for them (only ``cancel()`` stops it).
    func wait(for direction: LoadDirection, flight: Flight) async throws {
        waitingCallers[direction, default: 0] += 1
        defer { waitingCallers[direction, default: 0] -= 1 }
        var current = flight
        while true {
            switch try await FlightWaiter.outcome(of: current.task) {
            case .completed: return
            case .failed(let error): throw error
            case .superseded:
                if isClosed { throw CancellationError() }
                guard let newer = flights[direction], newer.id != current.id else { return }
                current = newer
            }
        }
    }

    /// The load itself, off the actor: load, hand the page to the controller, follow empty
    /// pages, and wait out automatic retries on the clock.
    nonisolated static func makeTask(
        controller: PagingController, id: Int, request: LoadRequest<Key>,
        load: @escaping @Sendable (LoadRequest<Key>) async throws -> Page<Key, Item>,
        clock: any Clock<Duration>, retryBackoff: RetryBackoff?
    ) -> Task<LoadOutcome, Never> {
        Task { [weak controller] in
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

/// One caller's wait for a flight's outcome, resumed exactly once: by the outcome, or by
/// `CancellationError` when the caller is cancelled first. Awaiting `task.value` directly kept a
/// cancelled caller waiting as long as the load ran (forever, for a source that never returns).
final class FlightWaiter<Outcome: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Outcome, any Error>?
        var result: Result<Outcome, any Error>?
    }

    private let state = Locked(State())

    /// The outcome of `task`, or `CancellationError` as soon as the calling task is cancelled;
    /// `task` itself is never cancelled here.
    static func outcome(of task: Task<Outcome, Never>) async throws -> Outcome {
        let waiter = FlightWaiter()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiter.install(continuation)
                Task { waiter.finish(.success(await task.value)) }
            }
        } onCancel: {
            waiter.finish(.failure(CancellationError()))
        }
    }

    /// Keeps `continuation`, or resumes it at once when the wait already ended (a caller
    /// cancelled before it started waiting).
    private func install(_ continuation: CheckedContinuation<Outcome, any Error>) {
        let early = state.withLock { state -> Result<Outcome, any Error>? in
            if let result = state.result { return result }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(with: early) }
    }

    /// Ends the wait with `result`, unless it already ended.
    private func finish(_ result: Result<Outcome, any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<Outcome, any Error>? in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: result)
    }
}
