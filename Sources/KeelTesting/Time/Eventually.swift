/// Polls `condition` until it holds or `timeout` of real time has passed, and returns whether
/// it held: for tests waiting on work that runs in other tasks (a count a woken task updates,
/// a state a background load sets).
///
/// Where the code under test or a test double can say when the state changes, prefer
/// ``TestSignal``: it checks the condition only after a change, with no polling.
///
/// The bound is real time, not a number of polls, and it only guards against a hang: on a busy
/// machine the awaited work waits its turn behind every other test (a whole suite run under
/// load takes minutes), so the default is five minutes, not a guess at how quick the work is.
/// The first ten polls only yield, so a quick condition is seen at once; after them each poll
/// sleeps a millisecond, leaving the threads to the work: a yield goes to the back of the
/// pool's queue, behind every other test's work, so many yields slow everything down (and on
/// the main actor, yielding does not make the cooperative pool run). It gives up early,
/// returning `false`, when the calling task is cancelled (a test at its time limit). It runs on
/// the caller's actor, so `condition` may read actor-isolated state.
///
/// ```swift
/// let loaded = await eventually { model.items.count == 20 }
/// #expect(loaded)
/// ```
@discardableResult
public nonisolated(nonsending) func eventually(
    timeout: Duration = .seconds(300), _ condition: () async -> Bool
) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var polls = 0
    while await !condition() {
        guard clock.now < deadline, !Task.isCancelled else { return false }
        polls += 1
        if polls <= 10 {
            await Task.yield()
        } else {
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
    }
    return true
}
