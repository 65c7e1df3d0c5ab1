/// Polls `condition` until it holds or `timeout` of real time has passed, and returns whether
/// it held: for tests waiting on work that runs in other tasks (a count a woken task updates,
/// a state a background load sets).
///
/// The bound is real time, not a number of polls: on a busy machine the awaited work may not
/// get a thread for a while however often the caller polls (on the main actor, yielding does
/// not make the cooperative pool run). The first polls only yield, so a quick condition is
/// seen at once; after them each poll sleeps a millisecond, leaving the threads to the work.
/// It gives up early, returning `false`, when the calling task is cancelled (a test at its
/// time limit). It runs on the caller's actor, so `condition` may read actor-isolated state.
///
/// ```swift
/// let loaded = await eventually { model.items.count == 20 }
/// #expect(loaded)
/// ```
@discardableResult
public nonisolated(nonsending) func eventually(
    timeout: Duration = .seconds(60), _ condition: () async -> Bool
) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var polls = 0
    while await !condition() {
        guard clock.now < deadline, !Task.isCancelled else { return false }
        polls += 1
        if polls <= 1_000 {
            await Task.yield()
        } else {
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
    }
    return true
}
