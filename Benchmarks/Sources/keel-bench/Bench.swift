import Foundation

/// A named benchmark suite run by `keel-bench <name>`.
struct BenchSuite: Sendable {
    /// The suite's name on the command line.
    let name: String
    /// One line saying what it measures.
    let summary: String
    /// Runs the suite, printing results through the reporter.
    let run: @Sendable (BenchReporter) throws -> Void
}

/// Prints benchmark results as `<name>: <value> <unit>` lines.
final class BenchReporter: Sendable {
    /// Prints one result line.
    func report(_ name: String, _ value: Double, _ unit: String) {
        FileHandle.standardOutput.write(Data("\(name): \(Self.format(value)) \(unit)\n".utf8))
    }

    /// Prints a result and its ratio to a baseline measured in the same run
    /// (`<name>.ratio: <x> x`, baseline divided by the result for times: above 1 is faster).
    func report(_ name: String, _ value: Double, _ unit: String, baseline: Double) {
        report(name, value, unit)
        report("\(name).ratio", value > 0 ? baseline / value : .infinity, "x")
    }

    /// A compact rendering: up to 4 significant digits, no exponent for ordinary values.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : "inf" }
        let magnitude = abs(value)
        if value == value.rounded(), magnitude < 1e15 { return String(Int64(value)) }
        if magnitude >= 1000 { return String(format: "%.0f", value) }
        if magnitude >= 100 { return String(format: "%.1f", value) }
        if magnitude >= 1 { return String(format: "%.3f", value) }
        if magnitude == 0 { return "0" }
        return String(format: "%.4g", value)
    }
}

/// Timing helpers for benchmarks: best-of-N wall time with a monotonic clock.
enum Measure {
    /// The best (minimum) time in seconds of `repetitions` runs of `body`.
    static func best(repetitions: Int = 5, _ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<max(1, repetitions) {
            let start = ContinuousClock.now
            try body()
            let elapsed = start.duration(to: ContinuousClock.now)
            best = min(
                best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        return best
    }

    /// Seconds per iteration of `body`, run `iterations` times per sample, best of `samples`.
    static func perIteration(iterations: Int, samples: Int = 5, _ body: (Int) -> Void) -> Double {
        let total = best(repetitions: samples) {
            for index in 0..<iterations { body(index) }
        }
        return total / Double(iterations)
    }
}

/// Keeps a value alive and opaque to the optimiser.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// A value behind a lock, for the few counters and results the suites share across tasks.
final class BenchLocked<Value: Sendable>: @unchecked Sendable {
    // Invariant: `value` is only touched while `lock` is held.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// The current value.
    var current: Value { withLock { $0 } }

    /// Replaces the value.
    func set(_ newValue: Value) { withLock { $0 = newValue } }

    /// Runs `body` with the value, exclusively.
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
