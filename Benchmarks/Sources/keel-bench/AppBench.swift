import Foundation
import KeelApp
import KeelLogging

extension BenchSuite {
    /// `keel-bench app`: the start-up runner's own overhead.
    static let app = BenchSuite(
        name: "app",
        summary: "AppBootstrapper: scheduling overhead for 1 000 no-op tasks in a random DAG"
    ) { reporter in
        let quiet = AppLogger(
            subsystem: "bench", category: "app", system: LogRouter(configuration: .init(routes: [])))
        let count = 1_000
        var random = BenchRandom(seed: 42)
        let tasks = (0..<count).map { index -> BootstrapTask in
            // Up to three dependencies on earlier tasks: a random DAG.
            let dependencies = (0..<min(index, 3)).map { _ in
                AppBootstrapTaskID(rawValue: "t\(random.next(below: index))")
            }
            return BootstrapTask(AppBootstrapTaskID(rawValue: "t\(index)"), dependencies: dependencies) { _ in
            }
        }
        let time = try Measure.best(repetitions: 10) {
            let bootstrapper = AppBootstrapper(tasks: tasks, logger: quiet)
            let done = DispatchSemaphore(value: 0)
            let failure = BenchFailure()
            Task {
                do { try await bootstrapper.start() } catch { failure.set(error) }
                done.signal()
            }
            done.wait()
            if let error = failure.error { throw error }
        }
        reporter.report("app.bootstrap.1000tasks", time * 1000, "ms")
        reporter.report("app.bootstrap.per_task", time / Double(count) * 1e6, "us")
    }
}

/// A small seeded generator (SplitMix64) so benchmark inputs are the same every run.
struct BenchRandom {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(max(1, bound)))
    }
}

/// Carries an error out of a detached benchmark task.
final class BenchFailure: @unchecked Sendable {
    // Written once before the semaphore is signalled, read after it is waited on.
    private(set) var error: (any Error)?

    func set(_ error: any Error) {
        self.error = error
    }
}
