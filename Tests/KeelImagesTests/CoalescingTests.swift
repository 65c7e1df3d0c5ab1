import Foundation
import KeelTesting
import Testing

@testable import KeelImages

@Suite("Coalescing")
struct CoalescingTests {
    @Test("10 identical concurrent requests: 1 load and 1 decode")
    func identicalRequests() async throws {
        let loader = FakeLoader(gated: true)
        let decoder = FakeDecoder()
        let pipeline = makePipeline(loader: loader, decoder: decoder)
        let request = ImageRequest(url: url("a.png"))
        try await withThrowingTaskGroup(of: ImageResponse.self) { group in
            for _ in 0..<10 { group.addTask { try await pipeline.image(for: request) } }
            #expect(await eventually { pipeline.images.waiterCount == 10 && loader.loadCount == 1 })
            loader.openAll()
            for try await response in group {
                #expect(response.container.label == "img:a.png")
                #expect(response.source == .network)
            }
        }
        #expect(loader.loadCount == 1)
        #expect(decoder.count == 1)
        #expect(pipeline.inFlightJobCount == 0)
    }

    @Test("same URL, different processors: 1 load, 1 decode, 1 run per processor chain")
    func processorsShareLoadAndDecode() async throws {
        let loader = FakeLoader(gated: true)
        let decoder = FakeDecoder()
        let pipeline = makePipeline(loader: loader, decoder: decoder)
        let (round, blur) = (FakeProcessor("round"), FakeProcessor("blur"))
        let chains: [[any ImageProcessing]] = [[round], [round], [blur], [round, blur], [round, blur], []]
        try await withThrowingTaskGroup(of: String?.self) { group in
            for chain in chains {
                group.addTask {
                    try await pipeline.image(for: ImageRequest(url: url("a.png"), processors: chain))
                        .container.label
                }
            }
            // Every request waits in one of the 4 image jobs ([round], [blur], [round, blur],
            // []), and all 4 wait in the one decode job, whose data job has started the load:
            // opening the gate earlier would let a late image job start a second decode.
            #expect(
                await eventually {
                    pipeline.images.waiterCount == chains.count && pipeline.images.jobCount == 4
                        && pipeline.decodes.waiterCount == 4 && pipeline.decodes.jobCount == 1
                        && loader.loadCount == 1
                })
            loader.openAll()
            var labels: [String] = []
            for try await label in group { labels.append(label ?? "") }
            #expect(
                labels.sorted() == [
                    "img:a.png", "img:a.png+blur", "img:a.png+round", "img:a.png+round",
                    "img:a.png+round+blur", "img:a.png+round+blur",
                ])
        }
        #expect(loader.loadCount == 1)
        #expect(decoder.count == 1)
        // Chains: [round] ×2 → 1 run; [round, blur] ×2 → 1 run of each; [blur] → 1 run.
        #expect(round.runs.current == 2)
        #expect(blur.runs.current == 2)
    }

    @Test("with coalescing disabled every request loads")
    func disabled() async throws {
        let loader = FakeLoader()
        let pipeline = makePipeline(loader: loader, memoryCache: nil, coalescing: false)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<5 {
                group.addTask { _ = try await pipeline.image(for: ImageRequest(url: url("a.png"))) }
            }
            try await group.waitForAll()
        }
        #expect(loader.loadCount == 5)
    }

    @Test("a late joiner gets the shared result")
    func lateJoiner() async throws {
        let loader = FakeLoader(gated: true)
        let pipeline = makePipeline(loader: loader, memoryCache: nil)
        let request = ImageRequest(url: url("late.png"))
        let first = Task { try await pipeline.image(for: request) }
        #expect(await loader.changes.wait { loader.loadCount == 1 })
        let late = Task { try await pipeline.image(for: request) }
        #expect(await eventually { pipeline.images.waiterCount == 2 })
        loader.openAll()
        #expect(try await first.value.container.label == "img:late.png")
        #expect(try await late.value.container.label == "img:late.png")
        #expect(loader.loadCount == 1)
    }

    @Test("cancelling 9 of 10 waiters keeps the load; the last waiter gets the image")
    func partialCancel() async throws {
        let loader = FakeLoader(gated: true)
        let pipeline = makePipeline(loader: loader)
        let request = ImageRequest(url: url("a.png"))
        let tasks = (0..<10).map { _ in Task { try await pipeline.image(for: request) } }
        #expect(await eventually { pipeline.images.waiterCount == 10 && loader.loadCount == 1 })
        for task in tasks.dropLast() { task.cancel() }
        for task in tasks.dropLast() {
            await #expect(throws: CancellationError.self) { try await task.value }
        }
        #expect(loader.cancellations == 0)
        loader.openAll()
        #expect(try await tasks.last!.value.container.label == "img:a.png")
        #expect(loader.cancellations == 0)
        #expect(loader.loadCount == 1)
    }

    @Test("cancelling every waiter cancels the load; nothing is left in flight")
    func fullCancel() async throws {
        let loader = FakeLoader(gated: true)
        let pipeline = makePipeline(loader: loader)
        let request = ImageRequest(url: url("a.png"))
        let tasks = (0..<10).map { _ in Task { try await pipeline.image(for: request) } }
        #expect(await eventually { pipeline.images.waiterCount == 10 && loader.loadCount == 1 })
        for task in tasks { task.cancel() }
        for task in tasks {
            await #expect(throws: CancellationError.self) { try await task.value }
        }
        #expect(await loader.changes.wait { loader.cancellations == 1 })
        #expect(await eventually { pipeline.inFlightJobCount == 0 })
        // A new request after the cancelled one starts a fresh load.
        loader.openAll()
        #expect(try await pipeline.image(for: request).container.label == "img:a.png")
        #expect(loader.loadCount == 2)
    }

    @Test("identical requests with different thumbnail sizes share the load, not the decode")
    func thumbnails() async throws {
        let loader = FakeLoader(gated: true)
        let decoder = FakeDecoder()
        let pipeline = makePipeline(loader: loader, decoder: decoder)
        async let small = pipeline.image(
            for: ImageRequest(url: url("a.png"), thumbnailSize: .init(width: 10, height: 10)))
        async let large = pipeline.image(
            for: ImageRequest(url: url("a.png"), thumbnailSize: .init(width: 90, height: 90)))
        // Both decode jobs wait in the one data job, which has started the load: opening the
        // gate earlier would let the late decode start a second load.
        #expect(
            await eventually {
                pipeline.images.waiterCount == 2 && pipeline.decodes.jobCount == 2
                    && pipeline.datas.waiterCount == 2 && pipeline.datas.jobCount == 1
                    && loader.loadCount == 1
            })
        loader.openAll()
        _ = try await (small, large)
        #expect(loader.loadCount == 1)
        #expect(decoder.count == 2)
    }
}

@Suite("Coalescing keys that are not equal to themselves")
struct SelfUnequalKeyTests {
    @Test("A NaN thumbnail side completes the request instead of hanging it")
    func nanThumbnailCompletes() async throws {
        // A NaN side made a coalescing key that never equalled itself: the job was stored but
        // never found again, so the caller waited for ever, cancelling did not help and the job
        // stayed in the table.
        let pipeline = makePipeline(loader: FakeLoader(), decoder: FakeDecoder())
        let request = ImageRequest(url: url("a.png"), thumbnailSize: Size(width: .nan, height: 100))
        #expect(request.thumbnailSize == Size(width: 0, height: 100))
        let response = try await pipeline.image(for: request)
        #expect(response.container.label == "img:a.png")
        #expect(pipeline.inFlightJobCount == 0)
        // Sides that limit nothing are no thumbnail at all.
        #expect(
            ImageRequest(url: url("a.png"), thumbnailSize: Size(width: .infinity, height: -1)).thumbnailSize
                == nil)
    }

    @Test("A key that is not equal to itself runs its own work and shares nothing")
    func selfUnequalKeyRunsAlone() async throws {
        let coalescer = Coalescer<Double, Int>()
        let value = try await coalescer.value(for: .nan, priority: PriorityCell(.normal)) { _ in 7 }
        #expect(value == 7)
        #expect(coalescer.jobCount == 0)
    }
}
