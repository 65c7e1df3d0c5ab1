import Foundation
import KeelTesting
import Testing

@testable import KeelImages

@Suite("Prefetcher")
struct PrefetcherTests {
    @Test("prefetch, then request: no second load")
    func prefetchThenRequest() async throws {
        let loader = FakeLoader()
        let pipeline = makePipeline(loader: loader)
        let prefetcher = ImagePrefetcher(pipeline: pipeline)
        prefetcher.startPrefetching(with: [
            ImageRequest(url: url("a.png")), ImageRequest(url: url("b.png")), ImageRequest(url: url("c.png")),
        ])
        await prefetcher.waitUntilIdle()
        for name in ["a.png", "b.png", "c.png"] {
            #expect(try await pipeline.image(for: ImageRequest(url: url(name))).source == .memory)
        }
        #expect(loader.loadCount == 3)
    }

    @Test("prefetches run at low priority, at most two at once")
    func lowAndLimited() async throws {
        let loader = FakeLoader(gated: true)
        let pipeline = makePipeline(loader: loader)
        let prefetcher = ImagePrefetcher(pipeline: pipeline)
        prefetcher.startPrefetching(with: (0..<6).map { ImageRequest(url: url("\($0).png")) })
        #expect(await loader.changes.wait { loader.loadCount == 2 })
        #expect(prefetcher.runningCount == 2)
        #expect(prefetcher.queuedCount == 4)
        #expect(loader.priority(of: url("0.png")) == .low)
        loader.openAll()
        await prefetcher.waitUntilIdle()
        #expect(loader.peak == 2)
        #expect(loader.loadCount == 6)
    }

    @Test("a normal request joins a running prefetch and raises its priority")
    func requestJoinsPrefetch() async throws {
        let loader = FakeLoader(gated: true)
        let pipeline = makePipeline(loader: loader)
        let prefetcher = ImagePrefetcher(pipeline: pipeline)
        prefetcher.startPrefetching(with: [ImageRequest(url: url("a.png"))])
        #expect(await loader.changes.wait { loader.loadCount == 1 })
        let request = ImageRequest(url: url("a.png"), priority: .high)
        let dataKey = Keys(request, filter: .absoluteURL).data
        #expect(pipeline.datas.priority(of: dataKey) == .low)
        let task = Task { try await pipeline.image(for: request) }
        #expect(await eventually { pipeline.datas.priority(of: dataKey) == .high })
        loader.openAll()
        #expect(try await task.value.container.label == "img:a.png")
        await prefetcher.waitUntilIdle()
        #expect(loader.loadCount == 1)
    }

    @Test("stopping cancels running prefetches and drops queued ones")
    func stop() async throws {
        let loader = FakeLoader(gated: true)
        let pipeline = makePipeline(loader: loader)
        let prefetcher = ImagePrefetcher(pipeline: pipeline)
        prefetcher.startPrefetching(with: [
            ImageRequest(url: url("a.png")), ImageRequest(url: url("b.png")), ImageRequest(url: url("c.png")),
        ])
        #expect(await loader.changes.wait { loader.loadCount == 2 })
        prefetcher.stopPrefetching(with: [ImageRequest(url: url("a.png")), ImageRequest(url: url("c.png"))])
        #expect(await loader.changes.wait { loader.cancellations == 1 })
        #expect(prefetcher.queuedCount == 0)
        loader.openAll()
        await prefetcher.waitUntilIdle()
        // The two running prefetches reach the loader in separate tasks, so
        // their order is not fixed; that c never started is what matters.
        #expect(Set(loader.started) == [url("a.png"), url("b.png")])
        #expect(loader.started.count == 2)
        #expect(pipeline.cachedImage(for: ImageRequest(url: url("b.png"))) != nil)
        #expect(pipeline.cachedImage(for: ImageRequest(url: url("a.png"))) == nil)
    }

    @Test("paused prefetchers start nothing new; cached images are skipped")
    func pauseAndSkip() async throws {
        let loader = FakeLoader()
        let pipeline = makePipeline(loader: loader)
        _ = try await pipeline.image(for: ImageRequest(url: url("cached.png")))
        let prefetcher = ImagePrefetcher(pipeline: pipeline)
        prefetcher.setPaused(true)
        prefetcher.startPrefetching(with: [
            ImageRequest(url: url("cached.png")), ImageRequest(url: url("new.png")),
        ])
        #expect(prefetcher.queuedCount == 1)
        #expect(loader.loadCount == 1)
        prefetcher.setPaused(false)
        await prefetcher.waitUntilIdle()
        #expect(loader.started == [url("cached.png"), url("new.png")])
    }
}
