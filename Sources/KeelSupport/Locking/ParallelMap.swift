import Foundation

extension Array where Element: Sendable {
    /// `transform` applied to every element on `workers` threads (by default one per active
    /// core), the results in the order of the elements, so the output is the same as mapping
    /// one by one. Elements are dealt out in strides, which keeps neighbouring (often similar)
    /// elements on different threads.
    ///
    /// The workers are threads of their own, not `DispatchQueue.concurrentPerform`'s: on Linux
    /// those are the threads Swift concurrency's cooperative pool runs on, and work that holds
    /// all of them for seconds stalls every task in the process. For CPU-bound batches (a
    /// gallery render, a resolver matrix), not for anything that waits.
    package func parallelMap<Result: Sendable>(
        workers: Int = ProcessInfo.processInfo.activeProcessorCount,
        _ transform: @escaping @Sendable (Element) -> Result
    ) -> [Result] {
        let workers = Swift.max(1, Swift.min(workers, count))
        guard workers > 1 else { return map(transform) }
        let elements = self
        let results = Locked<[Result?]>([Result?](repeating: nil, count: count))
        let finished = WorkerGroup()
        for worker in 0..<workers {
            finished.group.enter()
            Thread {
                var index = worker
                while index < elements.count {
                    let result = transform(elements[index])
                    results.withLock { $0[index] = result }
                    index += workers
                }
                finished.group.leave()
            }.start()
        }
        finished.group.wait()
        // Every slot was filled above; a missing one would be a bug, computed again here.
        return results.current.enumerated().map { index, result in result ?? transform(elements[index]) }
    }
}

/// The workers' join point: `DispatchGroup` is thread-safe but not `Sendable` in every SDK
/// Keel builds against.
private final class WorkerGroup: @unchecked Sendable {
    let group = DispatchGroup()
}
