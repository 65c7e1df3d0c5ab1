import Foundation
import KeelImages
import KeelNetworking
import KeelNetworkingTesting
import Testing

@Suite struct TransportImageDataLoaderTests {
    @Test func loadsThroughAKeelTransportWithHeadersAndStatus() async throws {
        let stub = StubTransport()
        let png = TestImages.png(width: 4, height: 3)
        stub.route(
            .get, "/avatar.png", .response(status: 200, headers: ["Content-Type": "image/png"], body: png))
        stub.route(.get, "/missing.png", .status(404))
        let pipeline = ImagePipeline(
            configuration: .init(dataLoader: TransportImageDataLoader(transport: stub), rateLimit: nil))
        var request = ImageRequest(url: URL(string: "https://cdn.example.com/avatar.png")!)
        request.headers = ["Authorization": "Bearer t"]
        let response = try await pipeline.image(for: request)
        #expect(response.container.info.width == 4 && response.container.info.height == 3)
        #expect(stub.requests.count == 1)
        #expect(stub.requests.first?.header("Authorization") == "Bearer t")
        await #expect(throws: (any Error).self) {
            _ = try await pipeline.image(
                for: ImageRequest(url: URL(string: "https://cdn.example.com/missing.png")!))
        }
    }
}
