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
        cases.parallelMap(workers: workers) { $0.render(measurer: measurer) }
    }
}
