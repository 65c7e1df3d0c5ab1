import Foundation
import KeelTesting
import Testing

@testable import KeelImages

@Suite("Image tasks and cancellation")
struct ImageTaskTests {
    @Test("no response and no progress after cancel, even when the download then completes")
    func nothingAfterCancel() async throws {
        let loader = FakeLoader(gated: true, ignoresCancellation: true)
        let pipeline = makePipeline(loader: loader)
        let task = pipeline.imageTask(for: ImageRequest(url: url("a.png")))
        #expect(await loader.changes.wait { loader.loadCount == 1 })
        task.cancel()
        loader.openAll()  // the loader ignores cancellation and finishes anyway
        await #expect(throws: CancellationError.self) { try await task.response }
        var progress: [ImageLoadProgress] = []
        for await value in task.progress { progress.append(value) }
        #expect(progress.isEmpty)
        #expect(task.isCancelled)
    }

    @Test("progress arrives for a live task and the stream ends with it")
    func progress() async throws {
        let pipeline = makePipeline(loader: FakeLoader())
        let task = pipeline.imageTask(for: ImageRequest(url: url("abc.png")))
        let response = try await task.response
        var values: [ImageLoadProgress] = []
        for await value in task.progress { values.append(value) }
        let size = Int64(FakeLoader.body(for: url("abc.png")).count)
        #expect(values == [.init(completed: size / 2, total: size), .init(completed: size, total: size)])
        #expect(response.container.label == "img:abc.png")
    }

    @Test("cancelled before its download starts: the loader is never called")
    func cancelWhileQueued() async throws {
        let loader = FakeLoader(gated: true)
        let pipeline = makePipeline(loader: loader, maximumConcurrentDownloads: 1)
        let blocker = pipeline.imageTask(for: ImageRequest(url: url("blocker.png")))
        #expect(await loader.changes.wait { loader.loadCount == 1 })
        let queued = pipeline.imageTask(for: ImageRequest(url: url("queued.png")))
        #expect(await eventually { pipeline.downloads.waitingCount == 1 })
        queued.cancel()
        await #expect(throws: CancellationError.self) { try await queued.response }
        #expect(pipeline.downloads.waitingCount == 0)
        loader.openAll()
        _ = try await blocker.response
        #expect(loader.started == [url("blocker.png")])
        #expect(pipeline.inFlightJobCount == 0)
    }

    @Test("cancelling the awaiting task cancels the image task and the load")
    func cancelAwaiter() async throws {
        let loader = FakeLoader(gated: true)
        let pipeline = makePipeline(loader: loader)
        let imageTask = pipeline.imageTask(for: ImageRequest(url: url("a.png")))
        let waiter = Task { try await imageTask.response }
        #expect(await loader.changes.wait { loader.loadCount == 1 })
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(await loader.changes.wait { loader.cancellations == 1 })
        #expect(imageTask.isCancelled)
    }

    @Test("the pipeline's async API reports cancellation as CancellationError")
    func structuredCancel() async throws {
        let loader = FakeLoader(gated: true)
        let pipeline = makePipeline(loader: loader)
        let task = Task { try await pipeline.image(for: ImageRequest(url: url("a.png"))) }
        #expect(await loader.changes.wait { loader.loadCount == 1 })
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(await eventually { pipeline.inFlightJobCount == 0 })
    }
}
