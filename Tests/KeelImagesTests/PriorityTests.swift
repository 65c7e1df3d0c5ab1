import Foundation
import KeelTesting
import Testing

@testable import KeelImages

@Suite("Priorities and limits")
struct PriorityTests {
    /// Occupies the single download slot until the test opens `blocker.png`.
    func occupySlot(_ pipeline: ImagePipeline, _ loader: FakeLoader) async -> Task<ImageResponse, any Error> {
        let blocker = Task { try await pipeline.image(for: ImageRequest(url: url("blocker.png"))) }
        _ = await loader.changes.wait { loader.loadCount == 1 }
        return blocker
    }

    @Test("a high-priority request joining a low one raises the shared work, down to the download queue")
    func escalation() async throws {
        let loader = FakeLoader(gated: true)
        let pipeline = makePipeline(loader: loader, maximumConcurrentDownloads: 1)
        let blocker = await occupySlot(pipeline, loader)
        let low = ImageRequest(url: url("low.png"), priority: .low)
        let lowTask = Task { try await pipeline.image(for: low) }
        let normalTask = Task {
            try await pipeline.image(for: ImageRequest(url: url("normal.png"), priority: .normal))
        }
        #expect(await eventually { pipeline.downloads.waitingCount == 2 })
        let dataKey = Keys(low, filter: .absoluteURL).data
        #expect(pipeline.datas.priority(of: dataKey) == .low)

        var high = low
        high.priority = .high
        let highTask = Task { try await pipeline.image(for: high) }
        #expect(await eventually { pipeline.datas.priority(of: dataKey) == .high })

        loader.openAll()
        _ = try await (blocker.value, lowTask.value, normalTask.value, highTask.value)
        // Without escalation the normal request would have started before the low one.
        #expect(loader.started == [url("blocker.png"), url("low.png"), url("normal.png")])
        #expect(loader.priority(of: url("low.png")) == .high)
    }

    @Test("when the escalating waiter cancels, the shared work drops back")
    func deEscalation() async throws {
        let loader = FakeLoader(gated: true)
        let pipeline = makePipeline(loader: loader, maximumConcurrentDownloads: 1)
        let blocker = await occupySlot(pipeline, loader)
        let low = ImageRequest(url: url("low.png"), priority: .low)
        let lowTask = Task { try await pipeline.image(for: low) }
        var high = low
        high.priority = .veryHigh
        let highTask = Task { try await pipeline.image(for: high) }
        let dataKey = Keys(low, filter: .absoluteURL).data
        #expect(await eventually { pipeline.datas.priority(of: dataKey) == .veryHigh })
        highTask.cancel()
        #expect(await eventually { pipeline.datas.priority(of: dataKey) == .low })
        loader.openAll()
        _ = try await (blocker.value, lowTask.value)
    }

    @Test("waiting downloads start by priority, then arrival; a raised task priority reorders")
    func queueOrder() async throws {
        let loader = FakeLoader(gated: true)
        let pipeline = makePipeline(loader: loader, maximumConcurrentDownloads: 1)
        let blocker = await occupySlot(pipeline, loader)
        let priorities: [(String, ImageRequestPriority)] = [
            ("a", .low), ("b", .normal), ("c", .veryLow), ("d", .high), ("e", .normal),
        ]
        var tasks: [ImageTask] = []
        for (name, priority) in priorities {
            tasks.append(pipeline.imageTask(for: ImageRequest(url: url(name), priority: priority)))
            _ = await eventually { pipeline.downloads.waitingCount == tasks.count }
        }
        tasks[2].setPriority(.veryHigh)  // c jumps the queue while waiting
        loader.openAll()
        _ = try await blocker.value
        for task in tasks { _ = try await task.response }
        #expect(loader.started.map(\.lastPathComponent) == ["blocker.png", "c", "d", "b", "e", "a"])
    }

    @Test("no more than the download limit run at once")
    func concurrencyLimit() async throws {
        let loader = FakeLoader(gated: true)
        let pipeline = makePipeline(loader: loader, maximumConcurrentDownloads: 3)
        let tasks = (0..<12).map { index in pipeline.imageTask(for: ImageRequest(url: url("\(index).png"))) }
        #expect(await eventually { loader.loadCount == 3 && pipeline.downloads.waitingCount == 9 })
        loader.openAll()
        for task in tasks { _ = try await task.response }
        #expect(loader.peak == 3)
        #expect(loader.loadCount == 12)
    }
}
