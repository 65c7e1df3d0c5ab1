import Foundation
import KeelImages
import Testing

/// The README's example, compiled and run (with a stub loader instead of the network).
@Suite("README example")
struct ReadmeExampleTests {
    struct StubLoader: ImageDataLoading {
        func loadData(
            for request: ImageDataRequest, progress: @escaping @Sendable (ImageLoadProgress) -> Void
        ) async throws -> ImageDataResponse {
            ImageDataResponse(data: TestImages.png(width: 64, height: 48))
        }
    }

    @Test("the README example runs")
    func example() async throws {
        let cacheDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cacheDirectory) }
        let loader = StubLoader()

        // --- README ---
        let pipeline = ImagePipeline(
            configuration: .init(
                dataLoader: loader,  // TransportImageDataLoader() by default
                diskCache: try ImageDiskCache(directory: cacheDirectory),
                cacheKeyFilter: .removingQueryItems(["token"])))  // signed URLs share one entry

        let url = URL(string: "https://cdn.example.com/avatars/42.png?token=abc")!
        let response = try await pipeline.image(for: ImageRequest(url: url, priority: .high))
        print(response.container.info, response.source)  // "png 64×48 network"

        let prefetcher = ImagePrefetcher(pipeline: pipeline)  // low priority, 2 at a time
        prefetcher.startPrefetching(with: [
            ImageRequest(url: URL(string: "https://cdn.example.com/avatars/43.png")!)
        ])
        // --- end ---

        await prefetcher.waitUntilIdle()
        #expect(response.container.info == ImageInfo(format: .png, width: 64, height: 48))
        #expect(response.source == .network)
        let again = URL(string: "https://cdn.example.com/avatars/42.png?token=xyz")!
        #expect(try await pipeline.image(for: ImageRequest(url: again)).source == .memory)
    }
}
