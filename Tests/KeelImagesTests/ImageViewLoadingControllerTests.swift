import Foundation
import KeelTesting
import Testing

@testable import KeelImages

/// A fake image view: records what it was asked to show.
@MainActor
final class FakeImageView: ImageDisplayTarget {
    struct Shown: Equatable {
        let label: String?
        let transition: ImageTransition
    }

    var shown: [Shown] = [] {
        didSet { changes.signal() }
    }
    var current: String? { shown.last?.label ?? nil }
    /// Signalled after every change to `shown`, for `view.changes.wait { view.current == … }`.
    let changes = TestSignal()

    func display(_ image: ImageContainer?, transition: ImageTransition) {
        shown.append(Shown(label: image?.label, transition: transition))
    }
}

extension ImageContainer {
    static func labelled(_ label: String) -> ImageContainer {
        ImageContainer(image: label, info: ImageInfo(format: .png, width: 1, height: 1), cost: 1)
    }
}

@Suite("View loading controller")
@MainActor
struct ImageViewLoadingControllerTests {
    let options = ImageLoadingOptions(
        placeholder: .labelled("placeholder"), failureImage: .labelled("failure"),
        transition: .fadeIn(duration: .milliseconds(200)))

    @Test("a reused cell never shows the previous content's image, whichever load finishes first")
    func reusedCell() async throws {
        for firstFinishesFirst in [true, false] {
            let loader = FakeLoader(gated: true, ignoresCancellation: true)
            let pipeline = makePipeline(loader: loader)
            let view = FakeImageView()
            let controller = ImageViewLoadingController(pipeline: pipeline, options: options)
            controller.load(url("old.png"), into: view)
            #expect(await loader.changes.wait { loader.loadCount == 1 })
            controller.load(url("new.png"), into: view)  // the cell is reused
            #expect(await loader.changes.wait { loader.loadCount == 2 })
            if firstFinishesFirst {
                loader.open(url("old.png"))
                await settle()
                #expect(view.current == "placeholder")
                loader.open(url("new.png"))
            } else {
                loader.open(url("new.png"))
                #expect(await view.changes.wait { view.current == "img:new.png" })
                loader.open(url("old.png"))
                await settle()
            }
            #expect(await view.changes.wait { view.current == "img:new.png" })
            await settle()
            #expect(!view.shown.contains { $0.label == "img:old.png" })
            #expect(
                view.shown == [
                    .init(label: "placeholder", transition: .none),
                    .init(label: "placeholder", transition: .none),
                    .init(label: "img:new.png", transition: .fadeIn(duration: .milliseconds(200))),
                ])
        }
    }

    @Test("reuse cancels the previous load")
    func reuseCancels() async throws {
        let loader = FakeLoader(gated: true)
        let pipeline = makePipeline(loader: loader)
        let view = FakeImageView()
        let controller = ImageViewLoadingController(pipeline: pipeline, options: options)
        var events: [String] = []
        controller.onEvent = { event in
            switch event {
            case .started(let url): events.append("started \(url.lastPathComponent)")
            case .cancelled(let url): events.append("cancelled \(url.lastPathComponent)")
            case .completed(let response): events.append("completed \(response.source)")
            case .failed: events.append("failed")
            }
        }
        controller.load(url("old.png"), into: view)
        #expect(await loader.changes.wait { loader.loadCount == 1 })
        controller.load(url("new.png"), into: view)
        #expect(await loader.changes.wait { loader.cancellations == 1 })
        loader.openAll()
        #expect(await view.changes.wait { view.current == "img:new.png" })
        #expect(events == ["started old.png", "cancelled old.png", "started new.png", "completed network"])
    }

    @Test("a memory-cache hit shows synchronously, without placeholder or transition")
    func memoryHit() async throws {
        let pipeline = makePipeline()
        _ = try await pipeline.image(for: ImageRequest(url: url("a.png")))
        let view = FakeImageView()
        let controller = ImageViewLoadingController(pipeline: pipeline, options: options)
        controller.load(url("a.png"), into: view)  // no await between load and the check
        #expect(view.shown == [.init(label: "img:a.png", transition: .none)])
        #expect(!controller.isLoading)
    }

    @Test("the failure image shows when loading fails")
    func failure() async throws {
        let loader = FakeLoader()
        loader.setResponse(ImageDataResponse(data: Data("x".utf8), statusCode: 500), for: url("a.png"))
        let view = FakeImageView()
        let controller = ImageViewLoadingController(pipeline: makePipeline(loader: loader), options: options)
        var failed: (any Error)?
        controller.onEvent = { if case .failed(_, let error) = $0 { failed = error } }
        controller.load(url("a.png"), into: view)
        #expect(view.current == "placeholder")
        #expect(await view.changes.wait { view.current == "failure" })
        #expect(failed is ImagePipelineError)
    }

    @Test("a nil URL shows the placeholder and reports a missing URL")
    func nilURL() {
        let view = FakeImageView()
        let controller = ImageViewLoadingController(pipeline: makePipeline(), options: options)
        var failed: (any Error)?
        controller.onEvent = { if case .failed(nil, let error) = $0 { failed = error } }
        controller.load(nil as URL?, into: view)
        #expect(view.shown == [.init(label: "placeholder", transition: .none)])
        #expect(failed is MissingImageURLError)
    }

    @Test("keepCurrentImageWhileLoading skips the placeholder")
    func keepCurrent() async throws {
        var keep = options
        keep.keepCurrentImageWhileLoading = true
        let view = FakeImageView()
        let controller = ImageViewLoadingController(pipeline: makePipeline(), options: keep)
        controller.load(url("a.png"), into: view)
        #expect(await view.changes.wait { view.current == "img:a.png" })
        #expect(view.shown.count == 1)
    }

    @Test("releasing the controller (with its view) cancels its load")
    func deallocationCancels() async throws {
        let loader = FakeLoader(gated: true)
        let pipeline = makePipeline(loader: loader)
        let view = FakeImageView()
        var controller: ImageViewLoadingController? = ImageViewLoadingController(
            pipeline: pipeline, options: options)
        controller?.load(url("a.png"), into: view)
        #expect(await loader.changes.wait { loader.loadCount == 1 })
        controller = nil
        #expect(await loader.changes.wait { loader.cancellations == 1 })
        #expect(view.shown.count == 1)
    }

    @Test("cancel() stops the load and nothing more is shown")
    func explicitCancel() async throws {
        let loader = FakeLoader(gated: true, ignoresCancellation: true)
        let view = FakeImageView()
        let controller = ImageViewLoadingController(pipeline: makePipeline(loader: loader), options: options)
        controller.load(url("a.png"), into: view)
        #expect(await loader.changes.wait { loader.loadCount == 1 })
        controller.cancel()
        loader.openAll()
        await settle()
        #expect(view.shown == [.init(label: "placeholder", transition: .none)])
    }

    @Test("the in-flight load's priority can be lowered (a view off screen) and is gone after it")
    func priorityOfTheInFlightLoad() async throws {
        let loader = FakeLoader(gated: true)
        let view = FakeImageView()
        let controller = ImageViewLoadingController(pipeline: makePipeline(loader: loader), options: options)
        #expect(controller.priority == nil)
        controller.setPriority(.low)
        controller.load(ImageRequest(url: url("a.png"), priority: .high), into: view)
        #expect(controller.priority == .high)
        controller.setPriority(.veryLow)
        #expect(controller.priority == .veryLow)
        #expect(await loader.changes.wait { loader.loadCount == 1 })
        loader.openAll()
        #expect(await view.changes.wait { view.current == "img:a.png" })
        #expect(controller.priority == nil)
        controller.load(url("b.png"), into: view)
        controller.cancel()
        #expect(controller.priority == nil)
    }

    @Test("a view appearing again keeps its shown image, restores an in-flight priority, reloads otherwise")
    func ensureLoaded() async throws {
        let loader = FakeLoader(gated: true)
        let view = FakeImageView()
        let controller = ImageViewLoadingController(pipeline: makePipeline(loader: loader), options: options)
        let request = ImageRequest(url: url("a.png"), priority: .high)
        controller.ensureLoaded(request, into: view)
        #expect(await loader.changes.wait { loader.loadCount == 1 })
        controller.setPriority(.veryLow)
        controller.ensureLoaded(request, into: view)
        #expect(controller.priority == .high)
        loader.openAll()
        #expect(await view.changes.wait { view.current == "img:a.png" })
        let shownCount = view.shown.count
        controller.ensureLoaded(request, into: view)
        #expect(view.shown.count == shownCount)
        // The same URL with another processor chain or thumbnail size is another image: it
        // loads (only the URL was compared, so the old image stayed).
        controller.ensureLoaded(
            ImageRequest(url: url("a.png"), processors: [FakeProcessor("round")]), into: view)
        #expect(controller.isLoading)
        controller.cancel()
        controller.ensureLoaded(ImageRequest(url: url("b.png")), into: view)
        #expect(controller.isLoading)
        controller.cancel()
        controller.ensureLoaded(ImageRequest(url: url("b.png")), into: view)
        #expect(controller.isLoading)
        controller.ensureLoaded(nil, into: view)
        #expect(view.current == "placeholder" && !controller.isLoading)
        let count = view.shown.count
        controller.ensureLoaded(nil, into: view)
        #expect(view.shown.count == count)
    }

    @Test("a view keeps its controller while its pipeline stays, and gets a new one with another")
    func reusing() {
        let pipeline = makePipeline()
        let first = ImageViewLoadingController.reusing(nil, pipeline: pipeline)
        #expect(first.pipeline === pipeline)
        first.options.transition = .none
        #expect(ImageViewLoadingController.reusing(first, pipeline: pipeline) === first)
        let other = makePipeline()
        let second = ImageViewLoadingController.reusing(first, pipeline: other)
        #expect(second !== first && second.pipeline === other && second.options.transition == .none)
    }

    /// Lets scheduled work run (yields only, no sleeping).
    func settle() async {
        for _ in 0..<50 { await Task.yield() }
    }
}
