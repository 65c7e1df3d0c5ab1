import KeelApp
import Testing

@Suite struct BootstrapValidationTests {
    func noop(_ id: AppBootstrapTaskID, _ dependencies: [AppBootstrapTaskID] = [], ran: Journal)
        -> BootstrapTask
    {
        BootstrapTask(id, dependencies: dependencies) { _ in ran.note(id.rawValue) }
    }

    @Test func cycleIsRejectedWithItsPathBeforeAnythingRuns() async {
        let ran = Journal()
        let bootstrapper = AppBootstrapper(
            tasks: [noop("start", ran: ran), noop("a", ["b"], ran: ran), noop("b", ["a"], ran: ran)],
            logger: quietLogger)
        await #expect {
            try await bootstrapper.start()
        } throws: { error in
            guard case .invalid(.cycle(let path))? = error as? BootstrapError else { return false }
            return path == ["a", "b", "a"] || path == ["b", "a", "b"]
        }
        #expect(ran.entries.isEmpty)
        let message = BootstrapValidationError.cycle(["a", "b", "a"]).description
        #expect(message.hasSuffix("a → b → a"))
    }

    @Test func longerCycleBehindAnAcyclicPrefix() {
        let ran = Journal()
        let bootstrapper = AppBootstrapper(
            tasks: [
                noop("x", ["c"], ran: ran), noop("a", ["b"], ran: ran), noop("b", ["c"], ran: ran),
                noop("c", ["a"], ran: ran),
            ], logger: quietLogger)
        #expect {
            try bootstrapper.validate()
        } throws: { error in
            guard case .cycle(let path)? = error as? BootstrapValidationError else { return false }
            return path.count == 4 && path.first == path.last && Set(path) == ["a", "b", "c"]
        }
    }

    @Test func unknownSelfAndDuplicateAreRejected() {
        let ran = Journal()
        #expect(throws: BootstrapValidationError.unknownDependency(task: "a", dependency: "ghost")) {
            try AppBootstrapper(tasks: [noop("a", ["ghost"], ran: ran)]).validate()
        }
        #expect(throws: BootstrapValidationError.selfDependency("a")) {
            try AppBootstrapper(tasks: [noop("a", ["a"], ran: ran)]).validate()
        }
        #expect(throws: BootstrapValidationError.duplicateID("a")) {
            try AppBootstrapper(tasks: [noop("a", ran: ran), noop("a", ran: ran)]).validate()
        }
        #expect(ran.entries.isEmpty)
    }
}
