import Foundation
import KeelTesting
import Testing

@testable import KeelImages

/// The original foundation's `imageURL("https://…", placeholder:)` takes a string: what the
/// image view loads for one.
@Suite("Image URLs written as strings")
@MainActor
struct ImageURLStringTests {
    let options = ImageLoadingOptions(
        placeholder: .labelled("placeholder"), failureImage: .labelled("failure"))

    @Test(
        "A string that is not an absolute URL gives no URL",
        arguments: [
            "", "   ", "avatar.png", "/images/a.png", "https://", "http:///a.png", "not a url", "ht tp://x",
        ])
    func rejected(_ text: String) {
        #expect(ImageViewLoadingController.url(from: text) == nil)
    }

    @Test("An absolute URL is used, trimmed")
    func accepted() {
        #expect(
            ImageViewLoadingController.url(from: " https://example.com/avatar.png\n")
                == URL(string: "https://example.com/avatar.png"))
        #expect(
            ImageViewLoadingController.url(from: "file:///tmp/a.png") == URL(string: "file:///tmp/a.png"))
        #expect(ImageViewLoadingController.url(from: nil) == nil)
    }

    @Test("Loading a string loads its URL")
    func loadsTheString() async throws {
        let loader = FakeLoader()
        let view = FakeImageView()
        let controller = ImageViewLoadingController(pipeline: makePipeline(loader: loader), options: options)
        controller.load("https://images.example.com/a.png", into: view)
        #expect(await view.changes.wait { view.current == "img:a.png" })
        #expect(loader.loadCount == 1)
    }

    @Test("A bad string shows the placeholder, loads nothing and does not crash")
    func badStringShowsThePlaceholder() async throws {
        let loader = FakeLoader()
        let view = FakeImageView()
        let controller = ImageViewLoadingController(pipeline: makePipeline(loader: loader), options: options)
        var failed: (any Error)?
        controller.onEvent = { if case .failed(nil, let error) = $0 { failed = error } }
        controller.load("not a url", into: view)
        #expect(view.shown == [.init(label: "placeholder", transition: .none)])
        #expect(failed is MissingImageURLError)
        for _ in 0..<20 { await Task.yield() }
        #expect(loader.loadCount == 0)
    }
}
