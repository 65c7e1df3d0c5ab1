import Foundation
import KeelApp
import KeelLogging
import KeelSupport
import KeelTesting

/// A logger that goes nowhere, so tests stay quiet.
let quietLogger = LogRouter(configuration: .init(routes: [])).logger(
    subsystem: "test", category: "bootstrap")

/// Runs `bootstrapper.start()`, moving `clock` from one pending deadline to the next, but only
/// once every running task is asleep on the clock (or finished) and has stayed so for a moment:
/// task durations then come out exact however loaded the machine is.
///
/// The driver gives up after a number of its own rounds, not after a wall-clock time: on two
/// cores shared with CPU-heavy suites it can go unscheduled for over a minute (a trivial
/// bootstrap test once took 74 s in CI), and a wall-clock limit then expired while the run was
/// only waiting for it. Giving up cancels the run — its tasks' sleeps on the test clock throw
/// `CancellationError` — so a stuck run fails the test instead of hanging the whole suite.
func runDriven(
    _ bootstrapper: AppBootstrapper, clock: TestClock, maximumRounds: Int = 60_000
) async -> Result<BootstrapReport, any Error> {
    let done = Locked(false)
    let run = Task { () -> Result<BootstrapReport, any Error> in
        defer { done.set(true) }
        do { return .success(try await bootstrapper.start()) } catch { return .failure(error) }
    }
    var rounds = 0
    var quietRounds = 0
    while !done.current, rounds < maximumRounds {
        rounds += 1
        let settled = clock.sleeperCount >= bootstrapper.activeTaskCount && clock.nextDeadline != nil
        quietRounds = settled ? quietRounds + 1 : 0
        if quietRounds >= 3, let next = clock.nextDeadline {
            quietRounds = 0
            await clock.advance(to: next)
        } else {
            for _ in 0..<32 { await Task.yield() }
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
    }
    if !done.current { run.cancel() }
    return await run.value
}

/// Records what happened, from many tasks.
final class Journal: Sendable {
    private let storage = Locked<[String]>([])

    func note(_ entry: String) {
        storage.withLock { $0.append(entry) }
    }

    var entries: [String] { storage.current }
}

/// A wait that ignores cancellation until the test opens it.
final class Gate: Sendable {
    private let state = Locked<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                if state.open { return true }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

struct TaskFailure: Error, Equatable {}

/// SplitMix64, seeded: KeelTesting's generator.
typealias SeededGenerator = SeededRandomNumberGenerator
