import Foundation
import KeelApp
import KeelLogging
import KeelSupport
import KeelTesting
import Testing

@Suite struct BootstrapSchedulingTests {
    func sleeper(
        _ id: AppBootstrapTaskID, _ milliseconds: Int, after dependencies: [AppBootstrapTaskID] = [],
        clock: TestClock
    ) -> BootstrapTask {
        BootstrapTask(id, dependencies: dependencies) { _ in
            try await clock.sleep(for: .milliseconds(milliseconds))
        }
    }

    @Test func aDriverThatGivesUpCancelsTheRunInsteadOfHanging() async {
        let clock = TestClock()
        let bootstrapper = AppBootstrapper(
            tasks: [sleeper("A", 10, clock: clock)], logger: quietLogger, clock: clock)
        // No rounds: the clock is never advanced, so only the cancellation ends the run.
        let result = await runDriven(bootstrapper, clock: clock, maximumRounds: 0)
        guard case .failure = result else {
            Issue.record("a run the driver gave up on must fail, got \(result)")
            return
        }
    }

    @Test func diamondRunsBothMiddlesInParallelAndTheJoinAfterBoth() async throws {
        let clock = TestClock()
        let bootstrapper = AppBootstrapper(
            tasks: [
                sleeper("A", 10, clock: clock), sleeper("B", 50, after: ["A"], clock: clock),
                sleeper("C", 30, after: ["A"], clock: clock),
                sleeper("D", 10, after: ["B", "C"], clock: clock),
            ], logger: quietLogger, clock: clock)
        let report = try await runDriven(bootstrapper, clock: clock).get()
        let a = try #require(report["A"])
        let b = try #require(report["B"])
        let c = try #require(report["C"])
        let d = try #require(report["D"])
        #expect(b.start! >= a.end! && c.start! >= a.end!)
        #expect(b.start! < c.end! && c.start! < b.end!, "B and C overlap")
        #expect(d.start! >= b.end! && d.start! >= c.end!)
        #expect(report.succeeded)
    }

    @Test func wallTimeIsTheCriticalPathNotTheSum() async throws {
        let clock = TestClock()
        let bootstrapper = AppBootstrapper(
            tasks: [
                sleeper("A", 100, clock: clock), sleeper("B", 200, after: ["A"], clock: clock),
                sleeper("C", 200, after: ["A"], clock: clock),
                BootstrapTask("D", dependencies: ["B", "C"]) { _ in },
            ], logger: quietLogger, clock: clock)
        let report = try await runDriven(bootstrapper, clock: clock).get()
        #expect(report.wallTime == .milliseconds(300))
        #expect(report.summedTaskTime == .milliseconds(500))
        #expect(report.criticalPathDuration == .milliseconds(300))
        #expect(report.criticalPath.first == "A" && report.criticalPath.last == "D")
        #expect(report.description.contains("critical path: A → "))
    }

    @Test func optionalFailureSkipsDependentsOnly() async throws {
        let ran = Journal()
        let bootstrapper = AppBootstrapper(
            tasks: [
                BootstrapTask("analytics", policy: .optional) { _ in throw TaskFailure() },
                BootstrapTask("analyticsConsumer", dependencies: ["analytics"]) { _ in ran.note("consumer") },
                BootstrapTask("grandchild", dependencies: ["analyticsConsumer"]) { _ in ran.note("grandchild")
                },
                BootstrapTask("database") { _ in ran.note("database") },
                BootstrapTask("feed", dependencies: ["database"]) { _ in ran.note("feed") },
            ], logger: quietLogger)
        let report = try await bootstrapper.start()
        #expect(report.succeeded)
        #expect(Set(ran.entries) == ["database", "feed"])
        guard case .failed(let error)? = report["analytics"]?.status else {
            Issue.record("analytics should have failed")
            return
        }
        #expect(error is TaskFailure)
        guard case .skipped(.dependencyFailed("analytics"))? = report["analyticsConsumer"]?.status,
            case .skipped(.dependencyFailed)? = report["grandchild"]?.status
        else {
            Issue.record("dependents should be skipped: \(report)")
            return
        }
    }

    @Test func requiredFailureCancelsInFlightAndStartsNothingNew() async throws {
        let clock = TestClock()
        let journal = Journal()
        let bootstrapper = AppBootstrapper(
            tasks: [
                BootstrapTask("config") { _ in
                    try await clock.sleep(for: .milliseconds(10))
                    throw TaskFailure()
                },
                BootstrapTask("longRunning") { _ in
                    do {
                        try await clock.sleep(for: .seconds(5))
                    } catch {
                        journal.note("longRunning saw cancellation: \(Task.isCancelled)")
                        throw error
                    }
                },
                BootstrapTask("slowButDone") { _ in
                    try? await clock.sleep(for: .milliseconds(20))
                },
                BootstrapTask("later", dependencies: ["slowButDone"]) { _ in journal.note("later ran") },
            ], logger: quietLogger, clock: clock)
        let result = await runDriven(bootstrapper, clock: clock)
        guard case .failure(BootstrapError.taskFailed(let id, let report)) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(id == "config")
        #expect(!report.succeeded)
        #expect(journal.entries == ["longRunning saw cancellation: true"])
        guard case .cancelled? = report["longRunning"]?.status,
            case .skipped(.runFailed("config"))? = report["later"]?.status
        else {
            Issue.record("unexpected statuses: \(report)")
            return
        }
    }

    @Test func timeoutStopsWaitingForATaskThatIgnoresCancellation() async throws {
        let clock = TestClock()
        let gate = Gate()
        defer { gate.open() }
        let bootstrapper = AppBootstrapper(
            tasks: [
                BootstrapTask("stuck", policy: .optional, timeout: .milliseconds(50)) { _ in await gate.wait()
                },
                BootstrapTask("other") { _ in },
            ], logger: quietLogger, clock: clock)
        let report = try await runDriven(bootstrapper, clock: clock).get()
        guard case .timedOut(let limit)? = report["stuck"]?.status else {
            Issue.record("expected a timeout: \(report)")
            return
        }
        #expect(limit == .milliseconds(50))
        #expect(report["stuck"]?.duration == .milliseconds(50))
        #expect(report["other"]?.status.isSuccess == true)
    }

    @Test func requiredTimeoutFailsTheRun() async {
        let clock = TestClock()
        let gate = Gate()
        defer { gate.open() }
        let bootstrapper = AppBootstrapper(
            tasks: [BootstrapTask("stuck", timeout: .milliseconds(50)) { _ in await gate.wait() }],
            logger: quietLogger, clock: clock)
        let result = await runDriven(bootstrapper, clock: clock)
        guard case .failure(BootstrapError.taskFailed("stuck", _)) = result else {
            Issue.record("expected the run to fail: \(result)")
            return
        }
    }

    @Test func mainActorTasksRunOnTheMainActor() async throws {
        struct AppearanceTask: AppBootstrapTask {
            let journal: Journal
            @MainActor func run(context: BootstrapContext) async throws {
                MainActor.assertIsolated()
                journal.note("appearance")
            }
        }
        let journal = Journal()
        let bootstrapper = AppBootstrapper(
            tasks: [
                AppearanceTask(journal: journal),
                BootstrapTask(mainActor: "window") { _ in
                    MainActor.assertIsolated()
                    journal.note("window")
                },
            ], logger: quietLogger)
        let report = try await bootstrapper.start()
        #expect(Set(journal.entries) == ["appearance", "window"])
        #expect(report["AppearanceTask"]?.isolation == .mainActor)
    }

    @Test func originalUsageKeepsWorking() async throws {
        struct AppearanceTask: AppBootstrapTask {
            func run(context: BootstrapContext) async throws {}
        }
        let bootstrapper = AppBootstrapper(tasks: [AppearanceTask()])
        try await bootstrapper.start()
    }

    @Test func secondStartRunsNothingAgain() async throws {
        let journal = Journal()
        let bootstrapper = AppBootstrapper(
            tasks: [BootstrapTask("once") { _ in journal.note("ran") }], logger: quietLogger)
        let first = try await bootstrapper.start()
        async let second = bootstrapper.start()
        async let third = bootstrapper.start()
        let others = try await [second, third]
        #expect(journal.entries == ["ran"])
        #expect(
            others.allSatisfy {
                $0.entries.map(\.id) == first.entries.map(\.id) && $0.wallTime == first.wallTime
            })
    }

    @Test func serialOrderIsTopologicalWithDeclarationTieBreaks() async throws {
        let journal = Journal()
        func task(_ id: AppBootstrapTaskID, _ dependencies: [AppBootstrapTaskID] = [], priority: Int = 0)
            -> BootstrapTask
        {
            BootstrapTask(id, dependencies: dependencies, priority: priority) { _ in journal.note(id.rawValue)
            }
        }
        let bootstrapper = AppBootstrapper(
            tasks: [task("c", ["a"]), task("a"), task("b"), task("d", ["b"]), task("e")],
            configuration: .init(maximumConcurrency: 1), logger: quietLogger)
        try await bootstrapper.start()
        #expect(journal.entries == ["a", "c", "b", "d", "e"])

        let prioritised = Journal()
        let second = AppBootstrapper(
            tasks: [
                BootstrapTask("low") { _ in prioritised.note("low") },
                BootstrapTask("high", priority: 10) { _ in prioritised.note("high") },
            ], configuration: .init(maximumConcurrency: 1), logger: quietLogger)
        try await second.start()
        #expect(prioritised.entries == ["high", "low"])
    }

    @Test func concurrencyLimitIsRespected() async throws {
        let running = Locked((now: 0, peak: 0))
        let tasks = (0..<12).map { index in
            BootstrapTask(AppBootstrapTaskID(rawValue: "t\(index)")) { _ in
                running.withLock {
                    $0.now += 1
                    $0.peak = max($0.peak, $0.now)
                }
                try await Task.sleep(for: .milliseconds(1))
                running.withLock { $0.now -= 1 }
            }
        }
        try await AppBootstrapper(
            tasks: tasks, configuration: .init(maximumConcurrency: 3), logger: quietLogger
        )
        .start()
        #expect(running.current.peak <= 3)
        #expect(running.current.peak >= 2)
    }

    @Test(arguments: [1, 2, 3, 4, 5])
    func randomGraphReportInvariants(seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        let count = 60
        let tasks = (0..<count).map { index -> BootstrapTask in
            let dependencies = (0..<index).filter { _ in Int.random(in: 0..<10, using: &random) == 0 }
            return BootstrapTask(
                AppBootstrapTaskID(rawValue: "t\(index)"),
                dependencies: dependencies.map { AppBootstrapTaskID(rawValue: "t\($0)") }
            ) { _ in await Task.yield() }
        }
        let report = try await AppBootstrapper(tasks: tasks.shuffled(using: &random), logger: quietLogger)
            .start()
        #expect(report.entries.count == count)
        #expect(Set(report.entries.map(\.id)).count == count)
        for task in tasks {
            let entry = try #require(report[task.id])
            #expect(entry.status.isSuccess)
            #expect(entry.start! <= entry.end!)
            for dependency in task.dependencies {
                #expect(entry.start! >= report[dependency]!.end!)
            }
        }
    }

    @Test func eventsFollowTheRun() async throws {
        let bootstrapper = AppBootstrapper(
            tasks: [BootstrapTask("a") { _ in }, BootstrapTask("b", dependencies: ["a"]) { _ in }],
            logger: quietLogger)
        let events = bootstrapper.events()
        try await bootstrapper.start()
        var seen: [String] = []
        for await event in events {
            switch event {
            case .started(let id, _): seen.append("start \(id)")
            case .finished(let id, _, _): seen.append("end \(id)")
            case .completed: seen.append("done")
            }
        }
        #expect(seen == ["start a", "end a", "start b", "end b", "done"])
    }

    @Test func slowTasksAreFlaggedAndLogged() async throws {
        let clock = TestClock()
        let capture = CapturingLogSink()
        let logger = KeelLogging.LogRouter(
            configuration: .init(minimumLevel: .trace, routes: [.init(capture)])
        )
        .logger(subsystem: "app", category: "startup")
        let bootstrapper = AppBootstrapper(
            tasks: [BootstrapTask("slow") { _ in try await clock.sleep(for: .milliseconds(500)) }],
            configuration: .init(slowTaskThreshold: .milliseconds(400)), logger: logger, clock: clock)
        let report = try await runDriven(bootstrapper, clock: clock).get()
        #expect(report.slowTasks.map(\.id) == ["slow"])
        #expect(
            capture.records(at: .warning).contains {
                $0.message.contains("slow is slow: 500.0 ms on background")
            })
        #expect(capture.records(at: .notice).count == 1)
    }

    @Test func contextCarriesEnvironmentAndValues() async throws {
        let environment = AppEnvironment(
            name: .staging, values: ["apiBaseURL": .string("https://staging.example.com")])
        let bootstrapper = AppBootstrapper(
            tasks: [
                BootstrapTask("producer") { context in context.values.set(42, for: "answer") },
                BootstrapTask("consumer", dependencies: ["producer"]) { context in
                    guard context.values.value(for: "answer", as: Int.self) == 42,
                        try context.environment?[.apiBaseURL].host == "staging.example.com"
                    else { throw TaskFailure() }
                },
            ], environment: environment, logger: quietLogger)
        #expect(try await bootstrapper.start().succeeded)
    }
}
