/// Where an app's start-up stands, for a front end that shows a launch screen while it
/// runs and the failure report when it fails (a SwiftUI `App`'s root view).
package enum BootstrapPhase: Sendable {
    /// Start-up tasks are running.
    case running
    /// Every required task succeeded.
    case ready(BootstrapReport)
    /// Start-up failed: a one-line reason and, when tasks ran, the report of every task.
    case failed(reason: String, report: BootstrapReport?)

    /// Runs `bootstrapper` (once; a later call returns the same outcome) and gives the phase
    /// it ends in. A cancelled run reports the cancellation as its reason.
    package static func run(_ bootstrapper: AppBootstrapper) async -> BootstrapPhase {
        do {
            return .ready(try await bootstrapper.start())
        } catch let error as BootstrapError {
            return .failed(reason: error.description, report: error.report)
        } catch {
            return .failed(reason: "\(error)", report: nil)
        }
    }

    /// The failure report to show: the reason, then every task's line (empty unless failed).
    package var failureText: String {
        guard case .failed(let reason, let report) = self else { return "" }
        guard let report else { return reason }
        return reason + "\n\n" + report.description
    }
}

extension BootstrapError {
    /// The report of the run, when tasks ran.
    package var report: BootstrapReport? {
        guard case .taskFailed(_, let report) = self else { return nil }
        return report
    }
}
