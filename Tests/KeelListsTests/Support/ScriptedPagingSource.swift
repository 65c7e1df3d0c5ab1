import KeelLists
import KeelSupport
import KeelTesting
import Testing

/// A paging source whose loads suspend until the test answers them, so every interleaving is
/// chosen by the test. It records each request and whether the load saw cancellation.
final class ScriptedPagingSource<Key: Hashable & Sendable>: PagingSource, @unchecked Sendable {
    typealias Item = Row

    struct Call {
        var request: LoadRequest<Key>
        var continuation: CheckedContinuation<Page<Key, Row>, any Error>?
        var sawCancellation = false
        var answered = false
    }

    // Invariant: all mutable state lives in `state` and is only touched under its lock.
    private let state = Locked<[Call]>([])
    /// Signalled after every change to `state`, so waits check their condition then, not by
    /// polling.
    private let changes = TestSignal()
    /// When true a cancelled load keeps waiting for the test's answer (a source that ignores
    /// cancellation); otherwise it throws `CancellationError` at once.
    let ignoresCancellation: Bool
    let refreshKeyPicker: @Sendable (PagingAnchor<Key>?) -> Key?

    init(
        ignoresCancellation: Bool = false,
        refreshKey: @escaping @Sendable (PagingAnchor<Key>?) -> Key? = { _ in nil }
    ) {
        self.ignoresCancellation = ignoresCancellation
        self.refreshKeyPicker = refreshKey
    }

    func load(_ request: LoadRequest<Key>) async throws -> Page<Key, Row> {
        let index = state.withLock { calls in
            calls.append(Call(request: request))
            return calls.count - 1
        }
        changes.signal()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let cancelled = state.withLock { calls in
                    if calls[index].sawCancellation, !ignoresCancellation { return true }
                    calls[index].continuation = continuation
                    return false
                }
                changes.signal()
                if cancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let continuation = state.withLock { calls -> CheckedContinuation<Page<Key, Row>, any Error>? in
                calls[index].sawCancellation = true
                guard !ignoresCancellation else { return nil }
                defer { calls[index].continuation = nil }
                return calls[index].continuation
            }
            changes.signal()
            continuation?.resume(throwing: CancellationError())
        }
    }

    func refreshKey(for anchor: PagingAnchor<Key>?) -> Key? { refreshKeyPicker(anchor) }

    /// Every request so far.
    var requests: [LoadRequest<Key>] { state.withLock { $0.map(\.request) } }
    /// How many loads were started.
    var callCount: Int { state.withLock { $0.count } }
    /// Whether load number `index` saw its task cancelled.
    func sawCancellation(_ index: Int) -> Bool { state.withLock { $0[index].sawCancellation } }

    /// Waits until `count` loads have started and are suspended (or were answered or
    /// cancelled); records an issue if that does not happen. Woken by each change to the
    /// calls; `timeout` only guards against a hang (see `TestSignal`).
    @discardableResult
    func waitForCalls(_ count: Int, timeout: Duration = .seconds(300)) async -> Bool {
        let ready = await changes.wait(timeout: timeout) {
            state.withLock { calls in
                calls.count >= count
                    && calls.prefix(count).allSatisfy {
                        $0.continuation != nil || $0.answered || $0.sawCancellation
                    }
            }
        }
        if !ready { Issue.record("the source saw \(callCount) loads, not \(count)") }
        return ready
    }

    /// The index of the first load whose request is `request`.
    func index(of request: LoadRequest<Key>) -> Int? {
        state.withLock { calls in calls.firstIndex { $0.request == request } }
    }

    /// Answers load number `index` with a page.
    func respond(_ index: Int, with page: Page<Key, Row>) {
        take(index)?.resume(returning: page)
    }

    /// Answers load number `index` with an error.
    func fail(_ index: Int, with error: any Error = TestFailure.offline) {
        take(index)?.resume(throwing: error)
    }

    private func take(_ index: Int) -> CheckedContinuation<Page<Key, Row>, any Error>? {
        defer { changes.signal() }
        return state.withLock { calls in
            guard calls.indices.contains(index) else {
                Issue.record("no load number \(index): the source saw \(calls.count)")
                return nil
            }
            defer {
                calls[index].continuation = nil
                calls[index].answered = true
            }
            return calls[index].continuation
        }
    }
}

/// Errors scripted sources throw.
enum TestFailure: Error, Equatable {
    case offline
    case server(Int)
}

/// A page of rows with the given ids.
func page<Key>(_ ids: [Int], previous: Key? = nil, next: Key? = nil) -> Page<Key, Row> {
    Page(items: rows(ids), previousKey: previous, nextKey: next)
}

/// The value of `task`; but if the waiting task is cancelled first (a test is, at its time
/// limit), `task` is cancelled and this throws `CancellationError` without waiting for it.
///
/// A controller call waiting for a load the test never answers does not end when cancelled,
/// and a test awaiting it directly would keep the whole run waiting past its time limit.
func value<T: Sendable>(of task: Task<T, any Error>) async throws -> T {
    typealias Waiting = (continuation: CheckedContinuation<T, any Error>?, cancelled: Bool)
    let waiting = Locked<Waiting>((nil, false))
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            let cancelled = waiting.withLock { waiting -> Bool in
                if !waiting.cancelled { waiting.continuation = continuation }
                return waiting.cancelled
            }
            guard !cancelled else { return continuation.resume(throwing: CancellationError()) }
            Task {
                let result = await task.result
                waiting.withLock { waiting in
                    defer { waiting.continuation = nil }
                    return waiting.continuation
                }?.resume(with: result)
            }
        }
    } onCancel: {
        task.cancel()
        waiting.withLock { waiting in
            waiting.cancelled = true
            defer { waiting.continuation = nil }
            return waiting.continuation
        }?.resume(throwing: CancellationError())
    }
}

/// Collects a controller's updates in the background.
final class UpdateRecorder<Key: Hashable & Sendable>: @unchecked Sendable {
    // Invariant: `updates` is only touched under its lock.
    private let storage = Locked<[PagingUpdate<Key, Row>]>([])
    private let task: Task<Void, Never>

    init(_ stream: AsyncStream<PagingUpdate<Key, Row>>) {
        let storage = storage
        task = Task {
            for await update in stream { storage.withLock { $0.append(update) } }
        }
    }

    var updates: [PagingUpdate<Key, Row>] { storage.current }

    /// The distinct successive states of one direction, as published.
    func transitions(_ direction: LoadDirection) -> [ListLoadingPhase] {
        var result: [ListLoadingPhase] = []
        for update in updates where result.last != update.state[phase: direction] {
            result.append(update.state[phase: direction])
        }
        return result
    }

    deinit { task.cancel() }
}

/// A controller over `source` whose first refresh has been answered with `ids` (next key
/// `next`, previous key `previous`).
func loadedController<Key>(
    _ source: ScriptedPagingSource<Key>,
    _ configuration: PagingConfiguration = PagingConfiguration(pageSize: 3),
    clock: any Clock<Duration> = ContinuousClock(),
    random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }, ids: [Int], previous: Key? = nil,
    next: Key?
) async throws -> PagingController<Key, Row> {
    let controller = try PagingController(
        source: source, configuration: configuration, clock: clock, random: random)
    let refresh = Task { try await controller.refresh() }
    let index = source.callCount
    await source.waitForCalls(index + 1)
    source.respond(index, with: page(ids, previous: previous, next: next))
    try await value(of: refresh)
    return controller
}
