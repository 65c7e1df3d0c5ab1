import KeelLists
import KeelSupport
import KeelTesting
import Testing

/// P5 (coalescing), P6 (independent directions), P7 (refresh cancels), P8 (latest refresh wins),
/// P9 (stale results), P23 (teardown), P24 (isolation).
@Suite("Pagination concurrency", .timeLimit(.minutes(3)))
struct PaginationConcurrencyTests {
    @Test("P5: ten concurrent loadMore calls make one source call; all resume, none throws")
    func coalescing() async throws {
        let source = ScriptedPagingSource<Int>()
        let controller = try await loadedController(source, ids: [1, 2, 3], next: 2)
        let callers = (0..<10).map { _ in
            Task { () async throws -> [Row] in
                try await controller.loadMore()
                return await controller.items
            }
        }
        try #require(await source.waitForCalls(2))
        // Every caller waits for a load, so none can start one after the answer below (it would
        // never be answered).
        try #require(await eventually { await controller.waitingCallerCount(.append) == 10 })
        // Time for a caller that started a load of its own instead to reach the source.
        for _ in 0..<50 { await Task.yield() }
        #expect(source.callCount == 2)
        source.respond(1, with: page([4, 5, 6], next: 3))
        for caller in callers {
            #expect(try await value(of: caller) == rows([1, 2, 3, 4, 5, 6]))
        }
        #expect(source.callCount == 2)
    }

    @Test("P6: append and prepend run side by side, one per direction, each applied at its end")
    func independentDirections() async throws {
        for prependFirst in [true, false] {
            let source = ScriptedPagingSource<Int>()
            let controller = try await loadedController(source, ids: [10, 11, 12], previous: 1, next: 3)
            let more = Task { try await controller.loadMore() }
            let previous = Task { try await controller.loadPrevious() }
            let extra = Task { try await controller.loadMore() }
            try #require(await source.waitForCalls(3))
            // `extra` has joined the append (else it could start a second one after the answer).
            try #require(
                await eventually {
                    let appending = await controller.waitingCallerCount(.append)
                    let prepending = await controller.waitingCallerCount(.prepend)
                    return appending == 2 && prepending == 1
                })
            // Time for a load started by `extra` instead to reach the source.
            for _ in 0..<50 { await Task.yield() }
            #expect(source.callCount == 3)
            let appendCall = try #require(source.requests.firstIndex { $0.direction == .append })
            let prependCall = try #require(source.requests.firstIndex { $0.direction == .prepend })
            if prependFirst {
                source.respond(prependCall, with: page([7, 8, 9], previous: 0))
                try await value(of: previous)
                source.respond(appendCall, with: page([13, 14], next: 4))
            } else {
                source.respond(appendCall, with: page([13, 14], next: 4))
                try await value(of: more)
                source.respond(prependCall, with: page([7, 8, 9], previous: 0))
            }
            try await value(of: more)
            try await value(of: previous)
            try await value(of: extra)
            #expect(await controller.items == rows([7, 8, 9, 10, 11, 12, 13, 14]))
        }
    }

    @Test("P7: refresh cancels an in-flight append; a late answer is discarded")
    func refreshCancelsAppend() async throws {
        let source = ScriptedPagingSource<Int>(ignoresCancellation: true)
        let controller = try await loadedController(source, ids: [1, 2, 3], next: 2)
        let more = Task { try await controller.loadMore() }
        await source.waitForCalls(2)
        let refresh = Task { try await controller.refresh() }
        await source.waitForCalls(3)
        #expect(source.sawCancellation(1))
        // The cancelled append answers anyway: discarded.
        source.respond(1, with: page([4, 5, 6], next: 3))
        try await value(of: more)
        #expect(await controller.items == rows([1, 2, 3]))
        // No append starts until the refresh succeeds.
        let waiting = Task { try await controller.loadMore() }
        // `waiting` and `refresh` both wait for the refresh.
        try #require(await eventually { await controller.waitingCallerCount(.refresh) == 2 })
        for _ in 0..<50 { await Task.yield() }
        #expect(source.callCount == 3)
        source.respond(2, with: page([7, 8], next: 9))
        try await value(of: refresh)
        #expect(await controller.items == rows([7, 8]))
        await source.waitForCalls(4)
        #expect(source.requests[3] == LoadRequest(.append(9), limit: 3))
        source.respond(3, with: page([9], next: nil))
        try await value(of: waiting)
        #expect(await controller.items == rows([7, 8, 9]))
    }

    @Test("P8: of two quick refreshes only the second applies; both callers return after it")
    func latestRefreshWins() async throws {
        let source = ScriptedPagingSource<Int>(ignoresCancellation: true)
        let controller = try PagingController(
            source: source, configuration: PagingConfiguration(pageSize: 3))
        let firstDone = Locked(false)
        let first = Task {
            try await controller.refresh()
            firstDone.set(true)
        }
        await source.waitForCalls(1)
        let second = Task { try await controller.refresh() }
        await source.waitForCalls(2)
        #expect(source.sawCancellation(0))
        source.respond(0, with: page([1], next: nil))
        for _ in 0..<50 { await Task.yield() }
        #expect(firstDone.current == false)
        #expect(await controller.items.isEmpty)
        source.respond(1, with: page([2], next: nil))
        try await value(of: first)
        try await value(of: second)
        #expect(await controller.items == rows([2]))
    }

    // Round 12 #5: the first caller's flight ended `superseded` after the newer refresh had
    // already failed and left `flights`, and the caller used to return normally — a blank list
    // with no error (and, through `ListLoader`, no retry) while `refreshPhase` was failed.
    @Test("P8: a superseded refresh caller throws the error of the newer refresh that failed first")
    func supersededCallerGetsNewerFailure() async throws {
        let source = ScriptedPagingSource<Int>(ignoresCancellation: true)
        let controller = try PagingController(
            source: source, configuration: PagingConfiguration(pageSize: 3))
        let first = Task { try await controller.refresh() }
        try #require(await source.waitForCalls(1))
        let second = Task { try await controller.refresh() }
        try #require(await source.waitForCalls(2))
        source.fail(1)
        await #expect(throws: TestFailure.offline) { try await value(of: second) }
        // The older load answers late (it ignored its cancellation): discarded, and its caller
        // reports the effective refresh's failure.
        source.respond(0, with: page([9], next: nil))
        await #expect(throws: TestFailure.offline) { try await value(of: first) }
        #expect(await controller.state.refreshPhase.error != nil)
        #expect(await controller.items.isEmpty)
    }

    @Test("P9: a result from an older generation changes neither items nor load states")
    func staleResultsIgnored() async throws {
        let source = ScriptedPagingSource<Int>(ignoresCancellation: true)
        let controller = try await loadedController(source, ids: [1, 2, 3], next: 2)
        let generation = await controller.state.generation
        await controller.itemAppeared(at: 2)  // prefetch: an append in generation g
        await source.waitForCalls(2)
        let refresh = Task { try await controller.refresh() }
        await source.waitForCalls(3)
        let during = await controller.state
        #expect(during.generation == generation + 1)
        // Out of order: the old append fails, then answers; neither counts.
        source.fail(1)
        for _ in 0..<50 { await Task.yield() }
        let after = await controller.state
        #expect(after.refreshPhase == during.refreshPhase)
        #expect(after.appendPhase == during.appendPhase)
        #expect(after.prependPhase == during.prependPhase)
        #expect(await controller.items == rows([1, 2, 3]))
        source.respond(2, with: page([9], next: nil))
        try await value(of: refresh)
        #expect(await controller.items == rows([9]))
        #expect(await controller.state.appendPhase == .exhausted)
    }

    @Test("P23: cancel() cancels loads, the source sees it, and nothing is emitted afterwards")
    func cancelTearsDown() async throws {
        let source = ScriptedPagingSource<Int>(ignoresCancellation: true)
        let controller = try await loadedController(source, ids: [1, 2, 3], next: 2)
        let recorder = UpdateRecorder(controller.updates())
        await controller.itemAppeared(at: 2)
        await source.waitForCalls(2)
        #expect(await eventually { recorder.updates.count == 1 })
        await controller.cancel()
        #expect(source.sawCancellation(1))
        source.respond(1, with: page([4], next: nil))
        for _ in 0..<50 { await Task.yield() }
        #expect(recorder.updates.count == 1)
        #expect(await controller.items == rows([1, 2, 3]))
        await #expect(throws: CancellationError.self) { try await controller.refresh() }
        #expect(source.callCount == 2)
    }

    @Test("P23: releasing the controller cancels its loads and frees it")
    func deinitTearsDown() async throws {
        let source = ScriptedPagingSource<Int>()
        weak var weakController: PagingController<Int, Row>?
        do {
            let controller = try await loadedController(source, ids: [1, 2, 3], next: 2)
            weakController = controller
            await controller.itemAppeared(at: 2)
            await source.waitForCalls(2)
        }
        #expect(await eventually { weakController == nil })
        #expect(await eventually { source.sawCancellation(1) })
    }

    @Test("P24: the source runs off the actor; states are Sendable values readable anywhere")
    func isolation() async throws {
        let source = ScriptedPagingSource<Int>()
        let controller = try await loadedController(source, ids: [1, 2, 3], next: 2)
        let more = Task { try await controller.loadMore() }
        await source.waitForCalls(2)
        // The actor is free while the source is suspended in its load.
        let state = await controller.state
        #expect(state.appendPhase == .loadingMore)
        let fromDetached = await Task.detached { state.items.count }.value
        #expect(fromDetached == 3)
        source.respond(1, with: page([4], next: nil))
        try await value(of: more)
    }
}

extension PaginationConcurrencyTests {
    // A cancelled caller used to keep waiting as long as the shared load ran — with a source
    // that never answers, forever: it awaited the load task's value, which the caller's
    // cancellation never reaches (this test then failed on the suite's time limit).
    @Test("P5: a cancelled caller stops waiting with CancellationError; the shared load goes on")
    func cancelledCallerStopsWaiting() async throws {
        let source = ScriptedPagingSource<Int>()
        let controller = try await loadedController(source, ids: [1, 2, 3], next: 2)
        let cancelled = Task { try await controller.loadMore() }
        let other = Task { try await controller.loadMore() }
        try #require(await source.waitForCalls(2))
        try #require(await eventually { await controller.waitingCallerCount(.append) == 2 })
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        #expect(await controller.waitingCallerCount(.append) == 1)
        // Nothing is left waiting for the cancelled caller (a helper task per wait used to stay
        // until the load ended).
        #expect(await controller.parkedWaiterCount(.append) == 1)
        #expect(!source.sawCancellation(1))
        source.respond(1, with: page([4], next: nil))
        try await value(of: other)
        #expect(await controller.items == rows([1, 2, 3, 4]))
        #expect(source.callCount == 2)

        // The same for a refresh with no other caller: the load still lands.
        let refreshing = Task { try await controller.refresh() }
        try #require(await source.waitForCalls(3))
        refreshing.cancel()
        await #expect(throws: CancellationError.self) { try await refreshing.value }
        #expect(!source.sawCancellation(2))
        source.respond(2, with: page([9], next: nil))
        #expect(await eventually { await controller.items == rows([9]) })
    }
}
