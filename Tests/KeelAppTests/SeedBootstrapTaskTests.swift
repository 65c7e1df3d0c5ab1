import KeelApp
import KeelLogging
import Testing

/// The original foundation's task shape — `identifier` and `run()` — is an `AppBootstrapTask`.
@Suite struct SeedBootstrapTaskTests {
    /// The seed's task, as its README writes it, recording that it ran.
    struct AppearanceTask: AppBootstrapTask {
        let identifier = "appearance"
        let journal: Journal

        func run() async throws {
            journal.note("appearance")
        }
    }

    /// A task that implements neither body.
    struct EmptyTask: AppBootstrapTask {
        let identifier = "empty"
    }

    @Test func aTaskWithIdentifierAndRunRunsUnderItsIdentifier() async throws {
        let journal = Journal()
        let bootstrapper = AppBootstrapper(tasks: [AppearanceTask(journal: journal)], logger: quietLogger)
        let report = try await bootstrapper.start()
        #expect(journal.entries == ["appearance"])
        #expect(report["appearance"]?.status.isSuccess == true)
        #expect(AppearanceTask(journal: journal).id == "appearance")
    }

    @Test func otherTasksDependOnASeedTaskByItsIdentifier() async throws {
        let journal = Journal()
        let bootstrapper = AppBootstrapper(
            tasks: [
                BootstrapTask("window", dependencies: ["appearance"]) { _ in journal.note("window") },
                AppearanceTask(journal: journal),
            ], logger: quietLogger)
        try await bootstrapper.start()
        #expect(journal.entries == ["appearance", "window"])
    }

    @Test func theIdentifierDefaultsToTheTypeName() {
        struct NamedTask: AppBootstrapTask {
            func run() async throws {}
        }
        #expect(NamedTask().identifier == "NamedTask")
        #expect(BootstrapTask("db") { _ in }.identifier == "db")
    }

    @Test func aTaskDeclaringKeelsTypedIDRunsUnderThatID() async throws {
        struct KeelStyleTask: AppBootstrapTask {
            let id: AppBootstrapTaskID = "database"
            let journal: Journal
            func run(context: BootstrapContext) async throws { journal.note("database") }
        }
        let journal = Journal()
        let bootstrapper = AppBootstrapper(
            tasks: [
                BootstrapTask("cache", dependencies: ["database"]) { _ in journal.note("cache") },
                KeelStyleTask(journal: journal),
            ], logger: quietLogger)
        let report = try await bootstrapper.start()
        #expect(journal.entries == ["database", "cache"])
        #expect(report["database"]?.status.isSuccess == true)
    }

    @Test func aTaskWithNeitherBodyFailsInsteadOfRecursing() async throws {
        let bootstrapper = AppBootstrapper(tasks: [EmptyTask()], logger: quietLogger)
        do {
            try await bootstrapper.start()
            Issue.record("a task without a body must fail start-up")
        } catch BootstrapError.taskFailed(let id, let report) {
            #expect(id == "empty")
            guard case .failed(let error) = report["empty"]?.status else {
                Issue.record("expected a failure, got \(String(describing: report["empty"]?.status))")
                return
            }
            #expect(error as? BootstrapTaskError == .noBody("empty"))
        }
    }
}
