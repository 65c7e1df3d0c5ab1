import Foundation
import KeelSupport

extension GalleryCatalogue {
    /// Renders `cases` on `workers` threads (by default one per active core) and returns the
    /// results in the order of `cases`, so the output is the same as rendering them one by
    /// one. Cases are dealt out in strides, which keeps neighbouring (similar) cases on
    /// different threads.
    ///
    /// The workers are threads of their own, not `DispatchQueue.concurrentPerform`'s: on Linux
    /// those are the threads Swift concurrency's cooperative pool runs on, and a render that
    /// holds all of them for seconds stalls every task in the process.
    package static func render(
        _ cases: [GalleryCase], measurer: FontMetricsMeasurer,
        workers: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> [RenderedCase] {
        let workers = max(1, min(workers, cases.count))
        guard workers > 1 else { return cases.map { $0.render(measurer: measurer) } }
        let results = Locked<[RenderedCase?]>(Array(repeating: nil, count: cases.count))
        let finished = WorkerGroup()
        for worker in 0..<workers {
            finished.group.enter()
            Thread {
                var index = worker
                while index < cases.count {
                    let rendered = cases[index].render(measurer: measurer)
                    results.withLock { $0[index] = rendered }
                    index += workers
                }
                finished.group.leave()
            }.start()
        }
        finished.group.wait()
        // Every slot was filled above; a missing one would be a bug, rendered again here.
        return results.current.enumerated().map { index, rendered in
            rendered ?? cases[index].render(measurer: measurer)
        }
    }
}

/// The render workers' join point: `DispatchGroup` is thread-safe but not `Sendable` in every
/// SDK Keel builds against.
private final class WorkerGroup: @unchecked Sendable {
    let group = DispatchGroup()
}
