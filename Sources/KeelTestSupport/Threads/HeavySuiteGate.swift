// Tests and tools run on macOS and Linux only.
#if os(macOS) || os(Linux)
    import Foundation

    /// Admits at most as many long-computing suites at once as the machine has cores.
    ///
    /// Swift Testing starts every suite at once. Forty suites that each compute for seconds on
    /// threads of their own then share two cores for the whole run, so each of them takes as
    /// long as all of them together, and a child process or a timer inside any of them waits
    /// that long too. Admitted a few at a time, each runs in about its own time and the
    /// machine does the same total work. A suite waits here before its tests start, holding no
    /// thread.
    package actor HeavySuiteGate {
        /// The gate the `.onOwnThread` suites share: one slot per active core, at least two.
        package static let shared = HeavySuiteGate(
            slots: max(2, ProcessInfo.processInfo.activeProcessorCount))

        /// The gate the test cases of admitted suites share, one thread per slot: as many as
        /// there are cores, at least two.
        package static let cases = HeavySuiteGate(
            slots: max(2, ProcessInfo.processInfo.activeProcessorCount), reentrant: false)

        /// The gates the current task holds a slot of (a suite nested in an admitted one
        /// passes straight through).
        @TaskLocal private static var held: Set<ObjectIdentifier> = []

        private var free: Int
        private var waiting: [CheckedContinuation<Void, Never>] = []

        private let isReentrant: Bool

        /// A gate with `slots` places (at least one); a re-entrant one lets a task that holds
        /// a slot in — a nested suite — without taking another.
        package init(slots: Int, reentrant: Bool = true) {
            free = max(1, slots)
            isReentrant = reentrant
        }

        /// Runs `body` once a slot is free, first come first served, and frees it after.
        package nonisolated func admit<T: Sendable>(
            _ body: @Sendable () async throws -> T
        ) async rethrows -> T {
            let id = ObjectIdentifier(self)
            if isReentrant, Self.held.contains(id) { return try await body() }
            await acquire()
            do {
                let value = try await Self.$held.withValue(Self.held.union([id])) { try await body() }
                await release()
                return value
            } catch {
                await release()
                throw error
            }
        }

        private func acquire() async {
            if free > 0 {
                free -= 1
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        private func release() {
            if waiting.isEmpty {
                free += 1
            } else {
                // The slot passes straight to the longest waiter.
                waiting.removeFirst().resume()
            }
        }
    }
#endif
