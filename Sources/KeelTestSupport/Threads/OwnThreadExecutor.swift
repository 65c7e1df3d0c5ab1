import Foundation

// Tests run on macOS and Linux only; `TaskExecutor` is newer than the iOS 16.4 SDK.
#if os(macOS) || os(Linux)

    /// A task executor with one thread of its own: work that prefers it runs there, not on the
    /// cooperative pool.
    ///
    /// The cooperative pool has as many threads as the machine has cores (two here). A test that
    /// computes for seconds without suspending (a fuzz run, a conformance sweep) or blocks on a
    /// child process holds one of them for that long, and every other suite's tasks wait: their
    /// timers fire late and their waits time out on a busy machine. Under this executor such work
    /// runs on a thread the kernel schedules beside the pool, which stays free. (Not at a lower
    /// priority: measured, a lowered thread is starved by any other load and lengthens the run;
    /// `HeavySuiteGate` keeps the number of such threads near the number of cores instead.)
    ///
    /// ```swift
    /// let result = await OwnThreadExecutor.run { expensiveSweep() }
    /// ```
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    package final class OwnThreadExecutor: TaskExecutor, @unchecked Sendable {
        private let condition = NSCondition()
        // Guarded by `condition`.
        private var jobs: [UnownedJob] = []
        private var finished = false

        /// Starts the executor's thread, named `name` (seen in debuggers and `top -H`; Linux keeps
        /// the first 15 bytes).
        package init(name: String = "keel.own-thread", stackSize: Int = 8 << 20) {
            let thread = Thread { [self] in
                // Named from inside: on Linux a name given before `start()` is not applied.
                Thread.current.name = name
                Thread.current.threadDictionary[Self.marker] = true
                runJobs()
            }
            thread.stackSize = stackSize
            thread.start()
        }

        private static let marker = "keel.own-thread-executor"

        /// Whether the calling thread is the thread of an executor of this kind.
        package static var isCurrentThreadOwn: Bool {
            Thread.current.threadDictionary[marker] != nil
        }

        /// Queues `job` on the executor's thread.
        package func enqueue(_ job: UnownedJob) {
            condition.lock()
            jobs.append(job)
            condition.signal()
            condition.unlock()
        }

        /// Lets the thread end once the jobs queued so far have run; later jobs still run first.
        package func finish() {
            condition.lock()
            finished = true
            condition.signal()
            condition.unlock()
        }

        private func runJobs() {
            while true {
                condition.lock()
                while jobs.isEmpty && !finished { condition.wait() }
                if jobs.isEmpty {
                    condition.unlock()
                    return
                }
                let job = jobs.removeFirst()
                condition.unlock()
                job.runSynchronously(on: asUnownedTaskExecutor())
            }
        }

        /// Runs `body` in a task that starts on a new executor of this kind, then lets its thread
        /// end: `body`'s synchronous work, and every nonisolated async function it calls, run on
        /// that thread. Actor-isolated code still runs on its actor. The task inherits the
        /// caller's task-local values (a test's identity, so `#expect` works) and its
        /// cancellation; the caller suspends meanwhile, holding no thread.
        package static func run<T: Sendable>(
            name: String = "keel.own-thread", _ body: @escaping @Sendable () async throws -> T
        ) async throws -> T {
            let executor = OwnThreadExecutor(name: name)
            defer { executor.finish() }
            // A task that starts on the executor: its first job is queued there. (A preference set
            // inside a running task only applies from a later suspension, so synchronous work
            // could still start on the calling thread.)
            let task = Task(executorPreference: executor) { try await body() }
            return try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
        }
    }
#endif
