import KeelApp
import Testing

/// The phase a SwiftUI launch view shows: ready with the report, or failed with the reason
/// and every task's line.
@Suite("Bootstrap phase")
struct BootstrapPhaseTests {
    struct Broken: Error, CustomStringConvertible {
        var description: String { "disk full" }
    }

    @Test("A successful run is ready with its report")
    func ready() async {
        let bootstrapper = AppBootstrapper(tasks: [BootstrapTask("database") { _ in }])
        let phase = await BootstrapPhase.run(bootstrapper)
        guard case .ready(let report) = phase else {
            Issue.record("expected ready, got \(phase)")
            return
        }
        #expect(report.succeeded && report.entries.count == 1)
        #expect(phase.failureText == "")
    }

    @Test("A failed required task fails with its reason and the whole report")
    func failed() async {
        let bootstrapper = AppBootstrapper(tasks: [
            BootstrapTask("database") { _ in throw Broken() },
            BootstrapTask("feed", dependencies: ["database"]) { _ in },
        ])
        let phase = await BootstrapPhase.run(bootstrapper)
        guard case .failed(let reason, let report) = phase else {
            Issue.record("expected failed, got \(phase)")
            return
        }
        #expect(reason.contains("database"))
        #expect(report?.entries.count == 2)
        #expect(phase.failureText.hasPrefix(reason + "\n\n"))
        #expect(phase.failureText.contains("feed"))
        let again = await BootstrapPhase.run(bootstrapper)
        #expect(again.failureText == phase.failureText)
    }

    @Test("A graph rejected before running fails without a report")
    func invalid() async {
        let bootstrapper = AppBootstrapper(tasks: [BootstrapTask("feed", dependencies: ["missing"]) { _ in }])
        let phase = await BootstrapPhase.run(bootstrapper)
        guard case .failed(let reason, let report) = phase else {
            Issue.record("expected failed, got \(phase)")
            return
        }
        #expect(report == nil)
        #expect(phase.failureText == reason && !reason.isEmpty)
    }
}
