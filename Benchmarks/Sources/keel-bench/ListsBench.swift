import Foundation
import KeelLists

extension BenchSuite {
    /// `keel-bench lists`: pagination through `PagingController`.
    static let lists = BenchSuite(
        name: "lists",
        summary: "PagingController: append a 50-item page to a 10 000-item list (dedup + change output)"
    ) { reporter in
        let time = try ListsBench.appendPage(existing: 10_000, page: 50, repetitions: 30)
        reporter.report("lists.paging.append50_to_10k", time * 1_000, "ms")
        let duplicated = try ListsBench.appendPage(
            existing: 10_000, page: 50, repetitions: 30, duplicates: 10)
        reporter.report("lists.paging.append50_to_10k.10dups", duplicated * 1_000, "ms")
    }
}

/// Drives a controller from the synchronous bench runner.
enum ListsBench {
    struct Item: Identifiable, Equatable, Sendable {
        let id: Int
        let title: String
    }

    /// The best time in seconds of one `loadMore()` appending `page` items (of which
    /// `duplicates` repeat loaded ids) to `existing` loaded items, with a subscriber attached.
    static func appendPage(existing: Int, page: Int, repetitions: Int, duplicates: Int = 0) throws -> Double {
        let source = ClosurePagingSource<Int, Item> { request in
            let start = request.key ?? 0
            let isRefresh = if case .refresh = request.kind { true } else { false }
            let count = isRefresh ? existing : page
            let firstNew = isRefresh ? 0 : start - duplicates
            let items = (firstNew..<(firstNew + count)).map { Item(id: $0, title: "Item \($0)") }
            return Page(items: items, nextKey: firstNew + count)
        }
        let configuration = PagingConfiguration(pageSize: page, initialLimit: existing)
        var best = Double.infinity
        for _ in 0..<repetitions {
            let controller = try PagingController(source: source, configuration: configuration)
            let subscriber = Task {
                for await update in controller.updates() { blackHole(update.changeset.count) }
            }
            let failure = BenchFailure()
            let done = DispatchSemaphore(value: 0)
            let seconds = BenchLocked(Double.infinity)
            Task {
                do {
                    try await controller.refresh()
                    let start = ContinuousClock.now
                    try await controller.loadMore()
                    let duration = start.duration(to: ContinuousClock.now)
                    seconds.set(
                        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18)
                    if await controller.items.count != existing + page - duplicates {
                        throw ListsBenchError.unexpectedCount
                    }
                } catch {
                    failure.set(error)
                }
                done.signal()
            }
            done.wait()
            subscriber.cancel()
            if let error = failure.error { throw error }
            best = min(best, seconds.current)
        }
        return best
    }
}

/// A benchmark run that did not do what it measures.
enum ListsBenchError: Error {
    case unexpectedCount
}
