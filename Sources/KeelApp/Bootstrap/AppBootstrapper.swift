import Foundation
import KeelLogging
import KeelSupport

/// Runs the app's start-up tasks as a dependency graph: each task starts as soon as every task
/// it depends on has succeeded, independent tasks run in parallel, and the whole graph is
/// validated (duplicates, unknown and self dependencies, cycles) before anything runs.
///
/// ```swift
/// let bootstrapper = AppBootstrapper(tasks: [AppearanceTask()])
/// try await bootstrapper.start()
/// ```
public final class AppBootstrapper: Sendable {
    /// Scheduling and reporting settings.
    public struct Configuration: Sendable {
        /// The most tasks running at once; `nil` for no limit.
        public var maximumConcurrency: Int?
        /// Tasks that take longer are flagged in the report and logged as warnings. 400 ms by default.
        public var slowTaskThreshold: Duration

        /// Creates a configuration.
        public init(maximumConcurrency: Int? = nil, slowTaskThreshold: Duration = .milliseconds(400)) {
            self.maximumConcurrency = maximumConcurrency
            self.slowTaskThreshold = slowTaskThreshold
        }
    }

    /// The tasks, in declaration order.
    package let tasks: [any AppBootstrapTask]
    /// The settings.
    package let configuration: Configuration
    private let environment: AppEnvironment?
    private let logger: AppLogger
    private let clock: any Clock<Duration>
    private let broadcaster = Broadcaster<BootstrapEvent>()
    private let run = Locked(SharedRun())
    private let active = Locked(0)

    /// How many tasks have started and not yet been settled by the scheduler, counted
    /// synchronously: a finished task stays counted until the tasks it unblocked have started.
    /// Test drivers use it to know when every running task is asleep on an injected clock.
    package var activeTaskCount: Int { active.current }

    /// Creates a bootstrapper; nothing runs until ``start()``.
    ///
    /// - Parameters:
    ///   - environment: handed to every task in its context.
    ///   - logger: receives the report's records.
    ///   - clock: measures task times and runs timeouts (inject a test clock in tests).
    public init(
        tasks: [any AppBootstrapTask],
        configuration: Configuration = Configuration(),
        environment: AppEnvironment? = nil,
        logger: AppLogger = AppLogger(subsystem: "Keel", category: "bootstrap"),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.tasks = tasks
        self.configuration = configuration
        self.environment = environment
        self.logger = logger
        self.clock = clock
    }

    /// Checks the task graph without running anything.
    ///
    /// - Throws: ``BootstrapValidationError``.
    public func validate() throws {
        _ = try BootstrapValidationError.graph(of: tasks)
    }

    /// A stream of task events from now on; subscribe before calling ``start()``.
    public func events() -> AsyncStream<BootstrapEvent> {
        broadcaster.stream()
    }

    /// Runs start-up once. Later calls (also concurrent ones) run nothing again and return the
    /// same report, or throw the same error.
    ///
    /// Cancelling a caller ends only that caller's wait (it throws `CancellationError`); the
    /// shared run goes on for the others and is cancelled only when every caller waiting for
    /// it has been cancelled. A caller cancelled before it calls starts nothing. A run
    /// cancelled that way is not the outcome: if it fails, the next call runs start-up again
    /// (after the cancelled run has wound down; its tasks that had finished run again).
    ///
    /// - Throws: ``BootstrapError/invalid(_:)`` before anything runs,
    ///   ``BootstrapError/taskFailed(_:report:)`` when a required task failed or timed out,
    ///   or `CancellationError` when this caller was cancelled.
    @discardableResult
    public func start() async throws -> BootstrapReport {
        let id = run.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        // Each caller waits on a continuation of its own: one cancelled window used to cancel
        // the run every window shares, and every later `start()` then failed with it.
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // `nil`: wait for the run; otherwise the answer now.
                let now = run.withLock { state -> Result<BootstrapReport, any Error>? in
                    if let outcome = state.outcome { return outcome }
                    if state.cancelledEarly.remove(id) != nil { return .failure(CancellationError()) }
                    state.waiters[id] = continuation
                    // While an abandoned run winds down, the caller waits for it: its end
                    // starts a fresh run (two runs never overlap).
                    if state.task == nil { startRun(&state) }
                    return nil
                }
                if let now { continuation.resume(with: now) }
            }
        } onCancel: {
            let (waiter, abandoned) = run.withLock {
                state -> (CheckedContinuation<BootstrapReport, any Error>?, Task<Void, Never>?) in
                guard let waiter = state.waiters.removeValue(forKey: id) else {
                    if state.outcome == nil { state.cancelledEarly.insert(id) }
                    return (nil, nil)
                }
                guard state.waiters.isEmpty, state.outcome == nil, !state.abandoned else {
                    return (waiter, nil)
                }
                state.abandoned = true
                return (waiter, state.task)
            }
            waiter?.resume(throwing: CancellationError())
            abandoned?.cancel()
        }
    }

    /// Starts the shared run. Called under `run`'s lock.
    private func startRun(_ state: inout SharedRun) {
        state.abandoned = false
        state.task = Task {
            let outcome: Result<BootstrapReport, any Error>
            do { outcome = .success(try await self.execute()) } catch {
                outcome = .failure(error)
            }
            self.finish(outcome)
        }
    }

    /// Keeps the run's outcome and resumes every caller still waiting for it.
    ///
    /// A run that failed after it was cancelled for having no caller left is not kept: that
    /// failure (a required task "cancelled") only says nobody waited, and it used to become
    /// the answer of every later `start()` until relaunch (an app with one window whose scene
    /// was closed during start-up). The next caller runs start-up again; callers that arrived
    /// while it wound down get that new run.
    private func finish(_ outcome: Result<BootstrapReport, any Error>) {
        let waiters = run.withLock { state -> [CheckedContinuation<BootstrapReport, any Error>] in
            if state.abandoned, case .failure = outcome {
                state.task = nil
                state.abandoned = false
                if !state.waiters.isEmpty { startRun(&state) }
                return []
            }
            state.outcome = outcome
            state.cancelledEarly = []
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(with: outcome) }
    }

    // MARK: - Running

    private enum Outcome: Sendable {
        case succeeded
        case failed(any Error)
        case timedOut(Duration)
        case cancelled
    }

    private func execute() async throws -> BootstrapReport {
        let graph: DependencyGraph<AppBootstrapTaskID>
        do {
            graph = try BootstrapValidationError.graph(of: tasks)
        } catch let error as BootstrapValidationError {
            logger.error("start-up rejected: \(error.description, privacy: .public)")
            broadcaster.finish()
            throw BootstrapError.invalid(error)
        }
        let clock = self.clock  // a local, so the existential opens for the generic call
        let elapsed = Self.stopwatch(clock)
        let context = BootstrapContext(environment: environment, logger: logger, values: BootstrapValues())
        let count = tasks.count
        var starts = [Duration?](repeating: nil, count: count)
        var ends = [Duration?](repeating: nil, count: count)
        var statuses = [BootstrapReport.Status?](repeating: nil, count: count)
        var remaining = graph.dependencies.map(\.count)
        var ready = DependencyReadyQueue(priorities: tasks.map(\.priority))
        for node in 0..<count where remaining[node] == 0 { ready.push(node) }
        let limit = max(1, configuration.maximumConcurrency ?? Int.max)
        var running = 0
        var failure: Int?

        await withTaskGroup(of: (Int, Outcome).self) { group in
            func skipDependents(of node: Int, reason: BootstrapReport.SkipReason) {
                var stack = graph.dependents[node]
                while let next = stack.popLast() {
                    guard statuses[next] == nil, starts[next] == nil else { continue }
                    statuses[next] = .skipped(reason)
                    broadcaster.yield(.finished(tasks[next].id, .skipped(reason), at: elapsed()))
                    stack.append(contentsOf: graph.dependents[next])
                }
            }
            var settled = 0  // finished tasks whose dependents have been started since
            while true {
                while failure == nil, running < limit, let node = ready.pop() {
                    let task = tasks[node]
                    starts[node] = elapsed()
                    running += 1
                    active.withLock { $0 += 1 }
                    broadcaster.yield(.started(task.id, at: starts[node]!))
                    group.addTask { (node, await self.runOne(task, context: context)) }
                }
                if settled > 0 {
                    active.withLock { [settled] in $0 -= settled }
                    settled = 0
                }
                guard let (node, outcome) = await group.next() else { break }
                running -= 1
                settled += 1
                ends[node] = elapsed()
                let task = tasks[node]
                let status: BootstrapReport.Status
                switch outcome {
                case .succeeded: status = .succeeded
                case .failed(let error): status = .failed(error)
                case .timedOut(let limit): status = .timedOut(limit)
                case .cancelled: status = .cancelled
                }
                statuses[node] = status
                broadcaster.yield(.finished(task.id, status, at: ends[node]!))
                switch outcome {
                case .succeeded:
                    for dependent in graph.dependents[node] {
                        remaining[dependent] -= 1
                        if remaining[dependent] == 0, statuses[dependent] == nil { ready.push(dependent) }
                    }
                case .cancelled where failure != nil:
                    break
                case .failed, .timedOut, .cancelled:
                    if task.policy == .required, failure == nil {
                        failure = node
                        group.cancelAll()
                    } else {
                        skipDependents(of: node, reason: .dependencyFailed(task.id))
                    }
                }
            }
        }

        for node in 0..<count where statuses[node] == nil {
            let reason: BootstrapReport.SkipReason =
                failure.map { .runFailed(tasks[$0].id) } ?? .dependencyFailed(tasks[node].id)
            statuses[node] = .skipped(reason)
            broadcaster.yield(.finished(tasks[node].id, .skipped(reason), at: elapsed()))
        }
        let threshold = configuration.slowTaskThreshold
        let entries = (0..<count).map { node in
            let duration = starts[node].flatMap { start in ends[node].map { $0 - start } }
            return BootstrapReport.Entry(
                id: tasks[node].id, isolation: tasks[node].isolation, status: statuses[node]!,
                start: starts[node], end: ends[node], isSlow: (duration ?? .zero) > threshold)
        }
        let report = BootstrapReport(
            entries: entries, graph: graph, slowTaskThreshold: threshold, succeeded: failure == nil)
        log(report)
        broadcaster.yield(.completed(report))
        broadcaster.finish()
        if let failure {
            throw BootstrapError.taskFailed(tasks[failure].id, report: report)
        }
        return report
    }

    private func runOne(_ task: any AppBootstrapTask, context: BootstrapContext) async -> Outcome {
        let isolation = task.isolation
        let body: @Sendable () async throws -> Void = {
            switch isolation {
            case .mainActor: try await Self.runOnMainActor(task, context: context)
            case .background: try await task.run(context: context)
            }
        }
        do {
            if let timeout = task.timeout {
                let clock = self.clock  // a local, so the existential opens for the generic call
                try await withTimeout(timeout, clock: clock, operation: body)
            } else {
                try await body()
            }
            return .succeeded
        } catch is TimeoutError {
            return .timedOut(task.timeout ?? .zero)
        } catch {
            return Task.isCancelled ? .cancelled : .failed(error)
        }
    }

    @MainActor
    private static func runOnMainActor(_ task: any AppBootstrapTask, context: BootstrapContext) async throws {
        try await task.run(context: context)
    }

    /// A function giving the time since it was made, on `clock`.
    private static func stopwatch(_ clock: some Clock<Duration>) -> @Sendable () -> Duration {
        let origin = clock.now
        return { origin.duration(to: clock.now) }
    }

    private func log(_ report: BootstrapReport) {
        let details = logger.isEnabled(.debug)
        for entry in report.entries where details || !entry.status.isSuccess || entry.isSlow {
            let duration = entry.duration.map { BootstrapReport.Status.milliseconds($0) } ?? "-"
            switch entry.status {
            case .succeeded where entry.isSlow:
                logger.warning(
                    "start-up task \(entry.id.rawValue, privacy: .public) is slow: \(duration, privacy: .public) ms on \(entry.isolation.description, privacy: .public)"
                )
            case .succeeded:
                logger.debug(
                    "start-up task \(entry.id.rawValue, privacy: .public) cost \(duration, privacy: .public) ms on \(entry.isolation.description, privacy: .public)"
                )
            case .failed(let error):
                logger.error(
                    "start-up task \(entry.id.rawValue, privacy: .public) failed after \(duration, privacy: .public) ms",
                    error: error)
            case .timedOut, .cancelled, .skipped:
                logger.warning(
                    "start-up task \(entry.id.rawValue, privacy: .public) \(entry.status.description, privacy: .public)"
                )
            }
        }
        logger.notice(
            "start-up \(report.succeeded ? "succeeded" : "failed", privacy: .public) in \(BootstrapReport.Status.milliseconds(report.wallTime), privacy: .public) ms (tasks summed \(BootstrapReport.Status.milliseconds(report.summedTaskTime), privacy: .public) ms, critical path \(BootstrapReport.Status.milliseconds(report.criticalPathDuration), privacy: .public) ms)"
        )
    }
}

/// The one start-up run an ``AppBootstrapper`` shares among its ``AppBootstrapper/start()``
/// callers.
private struct SharedRun {
    /// The run, once a caller started it.
    var task: Task<Void, Never>?
    /// Its outcome, once it ended.
    var outcome: Result<BootstrapReport, any Error>?
    /// The callers waiting for the outcome, by id.
    var waiters: [UInt64: CheckedContinuation<BootstrapReport, any Error>] = [:]
    /// Callers cancelled before they began waiting: they do not wait.
    var cancelledEarly: Set<UInt64> = []
    /// Whether the run was cancelled because its last caller left: its failure is then not
    /// kept (see `AppBootstrapper.finish(_:)`).
    var abandoned = false
    /// The last id handed out.
    var nextWaiter: UInt64 = 0
}
