import Foundation
import KeelSupport

/// What happened during start-up: every task once, with its timing, plus totals.
public struct BootstrapReport: Sendable, CustomStringConvertible {
    /// Why a task did not run.
    public enum SkipReason: Sendable, Equatable, CustomStringConvertible {
        /// A task it depends on (directly or not) failed, timed out or was skipped.
        case dependencyFailed(AppBootstrapTaskID)
        /// A required task failed first, so no new task started.
        case runFailed(AppBootstrapTaskID)

        /// A short explanation.
        public var description: String {
            switch self {
            case .dependencyFailed(let id): "dependency '\(id)' did not succeed"
            case .runFailed(let id): "start-up failed at '\(id)'"
            }
        }
    }

    /// How a task ended.
    public enum Status: Sendable, CustomStringConvertible {
        /// It finished without error.
        case succeeded
        /// It threw.
        case failed(any Error)
        /// It ran past its timeout; the runner stopped waiting for it.
        case timedOut(Duration)
        /// It never started.
        case skipped(SkipReason)
        /// It was running when start-up failed and was cancelled.
        case cancelled

        /// Whether the task succeeded.
        package var isSuccess: Bool {
            if case .succeeded = self { return true }
            return false
        }

        /// A short word or phrase.
        public var description: String {
            switch self {
            case .succeeded: "succeeded"
            case .failed(let error): "failed: \(error)"
            case .timedOut(let limit): "timed out after \(Self.milliseconds(limit)) ms"
            case .skipped(let reason): "skipped: \(reason)"
            case .cancelled: "cancelled"
            }
        }

        static func milliseconds(_ duration: Duration) -> String {
            String(format: "%.1f", duration.seconds * 1000)
        }
    }

    /// One task's record.
    package struct Entry: Sendable {
        /// The task.
        package let id: AppBootstrapTaskID
        /// Where it ran.
        package let isolation: BootstrapIsolation
        /// How it ended.
        package let status: Status
        /// When it started, from the start of the run; `nil` if it never started.
        package let start: Duration?
        /// When the runner saw it end, from the start of the run; `nil` if it never started.
        package let end: Duration?
        /// Whether it took longer than the slow-task threshold.
        package let isSlow: Bool

        /// `end - start`, or `nil`.
        package var duration: Duration? {
            guard let start, let end else { return nil }
            return end - start
        }
    }

    /// Every task, in declaration order.
    package let entries: [Entry]
    /// From the start of the run to the end of the last task.
    public let wallTime: Duration
    /// The sum of every task's duration: what a serial runner would have needed.
    package let summedTaskTime: Duration
    /// The longest chain of dependent tasks by duration: the lower bound of `wallTime`.
    package let criticalPath: [AppBootstrapTaskID]
    /// The summed duration of ``criticalPath``.
    package let criticalPathDuration: Duration
    /// The slow-task threshold the report was made with.
    package let slowTaskThreshold: Duration

    /// Whether every required task succeeded.
    public let succeeded: Bool

    /// The entry of `id`.
    package subscript(id: AppBootstrapTaskID) -> Entry? {
        entries.first { $0.id == id }
    }

    /// Tasks that took longer than the threshold.
    package var slowTasks: [Entry] { entries.filter(\.isSlow) }

    /// A readable table: one line per task (`name cost 12.0 ms on main`) and the totals.
    public var description: String {
        var lines = ["start-up \(succeeded ? "succeeded" : "failed") in \(Status.milliseconds(wallTime)) ms"]
        for entry in entries {
            var line = "  \(entry.id)"
            if let duration = entry.duration {
                line += " cost \(Status.milliseconds(duration)) ms on \(entry.isolation.description)"
            }
            if !entry.status.isSuccess { line += " — \(entry.status)" }
            if entry.isSlow { line += " (slow: over \(Status.milliseconds(slowTaskThreshold)) ms)" }
            lines.append(line)
        }
        lines.append("  tasks summed: \(Status.milliseconds(summedTaskTime)) ms")
        lines.append(
            "  critical path: \(criticalPath.map(\.rawValue).joined(separator: " → ")) (\(Status.milliseconds(criticalPathDuration)) ms)"
        )
        return lines.joined(separator: "\n")
    }

    init(
        entries: [Entry], graph: DependencyGraph<AppBootstrapTaskID>, slowTaskThreshold: Duration,
        succeeded: Bool
    ) {
        self.entries = entries
        self.slowTaskThreshold = slowTaskThreshold
        self.succeeded = succeeded
        wallTime = entries.compactMap(\.end).max() ?? .zero
        summedTaskTime = entries.compactMap(\.duration).reduce(.zero, +)
        // Longest path by duration, in topological order.
        let order = graph.order()
        var best = [Duration](repeating: .zero, count: entries.count)
        var previous = [Int?](repeating: nil, count: entries.count)
        for node in order {
            var longest: Duration = .zero
            var pick: Int?
            for dependency in graph.dependencies[node] where pick == nil || best[dependency] > longest {
                longest = best[dependency]
                pick = dependency
            }
            previous[node] = pick
            best[node] = longest + (entries[node].duration ?? .zero)
        }
        var path: [AppBootstrapTaskID] = []
        // The end of the longest chain; on ties the later node in topological order, so a
        // zero-length final task still ends the path.
        var node: Int?
        for candidate in order where node == nil || best[candidate] >= best[node!] {
            node = candidate
        }
        criticalPathDuration = node.map { best[$0] } ?? .zero
        while let current = node {
            path.append(entries[current].id)
            node = previous[current]
        }
        criticalPath = path.reversed()
    }
}

/// Progress of a start-up run.
public enum BootstrapEvent: Sendable {
    /// A task started, at an offset from the start of the run.
    case started(AppBootstrapTaskID, at: Duration)
    /// A task ended (or was skipped) with a status.
    case finished(AppBootstrapTaskID, BootstrapReport.Status, at: Duration)
    /// The run ended.
    case completed(BootstrapReport)
}

/// Start-up could not complete.
public enum BootstrapError: Error, CustomStringConvertible {
    /// The tasks were rejected before any ran.
    case invalid(BootstrapValidationError)
    /// A required task failed or timed out; the report shows every task.
    case taskFailed(AppBootstrapTaskID, report: BootstrapReport)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .invalid(let error): "\(error)"
        case .taskFailed(let id, let report):
            "required start-up task '\(id)' \(report[id]?.status.description ?? "failed")"
        }
    }
}
