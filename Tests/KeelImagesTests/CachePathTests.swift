import Foundation
import KeelSupport
import Testing

@testable import KeelImages

@Suite("Cache path")
struct CachePathTests {
    @Test("a memory hit answers synchronously and reports .memory")
    func memoryHit() async throws {
        let loader = FakeLoader()
        let pipeline = makePipeline(loader: loader)
        let request = ImageRequest(url: url("a.png"))
        #expect(pipeline.cachedImage(for: request) == nil)
        #expect(try await pipeline.image(for: request).source == .network)
        #expect(pipeline.cachedImage(for: request)?.label == "img:a.png")
        #expect(try await pipeline.image(for: request).source == .memory)
        #expect(loader.loadCount == 1)
    }

    @Test("a disk hit skips the loader; a restart keeps it")
    func diskHit() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let loader = FakeLoader()
        let request = ImageRequest(url: url("a.png"))
        let first = makePipeline(loader: loader, diskCache: try ImageDiskCache(directory: directory))
        #expect(try await first.image(for: request).source == .network)
        let second = makePipeline(loader: loader, diskCache: try ImageDiskCache(directory: directory))
        let response = try await second.image(for: request)
        #expect(response.source == .disk)
        #expect(response.container.label == "img:a.png")
        #expect(loader.loadCount == 1)
    }

    @Test("a corrupt disk entry is removed and fetched again, never returned")
    func corruptDiskEntry() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let loader = FakeLoader()
        let disk = try ImageDiskCache(directory: directory)
        let request = ImageRequest(url: url("a.png"))
        _ = try await makePipeline(loader: loader, diskCache: disk).image(for: request)
        let file = directory.appendingPathComponent("entries").appendingPathComponent(
            SHA256.hex(request.url.absoluteString))
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count - 2] ^= 0x55
        try bytes.write(to: file)
        let response = try await makePipeline(loader: loader, diskCache: disk).image(for: request)
        #expect(response.source == .network)
        #expect(response.container.label == "img:a.png")
        #expect(loader.loadCount == 2)
        #expect(disk.data(for: request.url.absoluteString) == FakeLoader.body(for: request.url))
    }

    @Test("an intact but undecodable disk entry is dropped and downloaded again")
    func undecodableDiskEntry() async throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let loader = FakeLoader()
        let disk = try ImageDiskCache(directory: directory)
        let request = ImageRequest(url: url("a.png"))
        try disk.store(Data("bad bytes".utf8), for: request.url.absoluteString)
        let response = try await makePipeline(loader: loader, diskCache: disk).image(for: request)
        #expect(response.source == .network)
        #expect(response.container.label == "img:a.png")
        #expect(disk.data(for: request.url.absoluteString) == FakeLoader.body(for: request.url))
    }

    @Test("a sound disk entry over the pixel budget stays, and is not downloaded again")
    func overBudgetDiskEntryStays() async throws {
        // A pixel-budget refusal was taken for a corrupt entry: every request deleted the entry,
        // downloaded it again, stored it and failed the same way.
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let loader = FakeLoader()
        let disk = try ImageDiskCache(directory: directory)
        let request = ImageRequest(url: url("a.png"))
        try disk.store(Data("huge image".utf8), for: request.url.absoluteString)
        let pipeline = makePipeline(loader: loader, diskCache: disk)
        for _ in 0..<2 {
            do {
                _ = try await pipeline.image(for: request)
                Issue.record("an image over the budget decoded")
            } catch let ImagePipelineError.decodingFailed(_, underlying) {
                guard case .exceedsPixelBudget = underlying as? ImageHeaderError else {
                    Issue.record("expected the budget refusal, got \(underlying)")
                    continue
                }
            }
        }
        #expect(loader.loadCount == 0)
        #expect(disk.data(for: request.url.absoluteString) == Data("huge image".utf8))
    }

    @Test("signed URLs share one entry through the cache-key filter")
    func cacheKeyFilter() async throws {
        let loader = FakeLoader()
        let pipeline = makePipeline(loader: loader, cacheKeyFilter: .removingQueryItems(["token", "sig"]))
        let first = URL(string: "https://cdn.example.com/p/a.png?size=2&token=1&sig=x")!
        let second = URL(string: "https://cdn.example.com/p/a.png?size=2&token=2&sig=y")!
        let other = URL(string: "https://cdn.example.com/p/a.png?size=3&token=2")!
        #expect(try await pipeline.image(for: ImageRequest(url: first)).source == .network)
        #expect(try await pipeline.image(for: ImageRequest(url: second)).source == .memory)
        #expect(try await pipeline.image(for: ImageRequest(url: other)).source == .network)
        #expect(loader.loadCount == 2)
        #expect(
            ImageCacheKeyFilter.removingQueryItems(["token"]).key(for: URL(string: "https://x.io/a?token=1")!)
                == "https://x.io/a")
        #expect(ImageCacheKeyFilter.removingQuery.key(for: first) == "https://cdn.example.com/p/a.png")
    }

    @Test("an explicit cache key overrides the URL")
    func explicitCacheKey() async throws {
        let loader = FakeLoader()
        let pipeline = makePipeline(loader: loader)
        _ = try await pipeline.image(for: ImageRequest(url: url("v1/a.png"), cacheKey: "avatar-42"))
        let response = try await pipeline.image(
            for: ImageRequest(url: url("v2/a.png"), cacheKey: "avatar-42"))
        #expect(response.source == .memory)
        #expect(loader.loadCount == 1)
    }

    @Test("reloadIgnoringCachedData downloads again and refreshes the caches")
    func reload() async throws {
        let loader = FakeLoader()
        let pipeline = makePipeline(loader: loader)
        let request = ImageRequest(url: url("a.png"))
        _ = try await pipeline.image(for: request)
        loader.setResponse(ImageDataResponse(data: Data("img:new".utf8)), for: request.url)
        var reload = request
        reload.options = .reloadIgnoringCachedData
        #expect(try await pipeline.image(for: reload).container.label == "img:new")
        #expect(pipeline.cachedImage(for: request)?.label == "img:new")
        #expect(loader.loadCount == 2)
    }

    @Test("returnCacheDataDontLoad answers from the caches or fails without loading")
    func cacheOnly() async throws {
        let loader = FakeLoader()
        let pipeline = makePipeline(loader: loader)
        var request = ImageRequest(url: url("a.png"), options: .returnCacheDataDontLoad)
        await #expect {
            try await pipeline.image(for: request)
        } throws: { error in
            guard case ImagePipelineError.notCached(let failed) = error else { return false }
            return failed == request.url
        }
        #expect(loader.loadCount == 0)
        request.options = []
        _ = try await pipeline.image(for: request)
        request.options = .returnCacheDataDontLoad
        #expect(try await pipeline.image(for: request).source == .memory)
    }

    @Test("disabled memory-cache writes leave the cache empty")
    func noMemoryWrites() async throws {
        let pipeline = makePipeline()
        let request = ImageRequest(url: url("a.png"), options: .disableMemoryCacheWrites)
        _ = try await pipeline.image(for: request)
        #expect(pipeline.cachedImage(for: ImageRequest(url: url("a.png"))) == nil)
    }

    @Test("HTTP errors, empty bodies and undecodable data fail with typed errors")
    func failures() async throws {
        let loader = FakeLoader()
        let pipeline = makePipeline(loader: loader)
        loader.setResponse(ImageDataResponse(data: Data("x".utf8), statusCode: 404), for: url("missing.png"))
        loader.setResponse(ImageDataResponse(data: Data()), for: url("empty.png"))
        loader.setResponse(ImageDataResponse(data: Data("bad".utf8)), for: url("bad.png"))
        await #expect {
            try await pipeline.image(for: ImageRequest(url: url("missing.png")))
        } throws: { error in
            guard case ImagePipelineError.badStatus(404, _) = error else { return false }
            return true
        }
        await #expect {
            try await pipeline.image(for: ImageRequest(url: url("empty.png")))
        } throws: { error in
            guard case ImagePipelineError.emptyData = error else { return false }
            return true
        }
        await #expect {
            try await pipeline.image(for: ImageRequest(url: url("bad.png")))
        } throws: { error in
            guard case ImagePipelineError.decodingFailed(_, let underlying) = error else { return false }
            return underlying is ImageHeaderError
        }
        #expect(pipeline.cachedImage(for: ImageRequest(url: url("missing.png"))) == nil)
    }

    @Test("the Linux default decoder validates real files end to end")
    func headerDecoderEndToEnd() async throws {
        let loader = FakeLoader()
        loader.setResponse(
            ImageDataResponse(data: TestImages.webpLossless(width: 12, height: 34)), for: url("a.webp"))
        let pipeline = ImagePipeline(
            configuration: .init(dataLoader: loader, decoder: HeaderImageDecoder(), rateLimit: nil))
        let response = try await pipeline.image(for: ImageRequest(url: url("a.webp")))
        #expect(response.container.info == ImageInfo(format: .webp, width: 12, height: 34))
        #expect(response.statusCode == 200)
    }
}
