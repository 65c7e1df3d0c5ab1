import Foundation
import KeelImages
import KeelNetworking
import KeelNetworkingTesting
import KeelTestSupport
import Testing

/// A gzip member whose deflate stream (fixed Huffman codes: one literal zero, then runs of
/// 258 zeros at distance 1) expands to `count` zero bytes: about 1/160 of its output.
private func gzipOfZeros(count: Int) -> Data {
    var bytes: [UInt8] = []
    var accumulator: UInt32 = 0
    var bitCount = 0
    func bits(_ value: UInt32, _ count: Int) {  // least significant first
        accumulator |= value << UInt32(bitCount)
        bitCount += count
        while bitCount >= 8 {
            bytes.append(UInt8(accumulator & 0xFF))
            accumulator >>= 8
            bitCount -= 8
        }
    }
    func code(_ value: UInt32, _ count: Int) {  // Huffman codes go most significant first
        for shift in stride(from: count - 1, through: 0, by: -1) { bits((value >> UInt32(shift)) & 1, 1) }
    }
    bits(1, 1)  // BFINAL
    bits(1, 2)  // BTYPE = 01, fixed codes
    code(0x30, 8)  // literal 0
    var remaining = count - 1
    while remaining >= 258 {
        code(0b1100_0101, 8)  // length 258 (code 285)
        code(0, 5)  // distance 1
        remaining -= 258
    }
    for _ in 0..<remaining { code(0x30, 8) }
    code(0, 7)  // end of block
    if bitCount > 0 { bits(0, 8 - bitCount) }
    var crc: UInt32 = 0xFFFF_FFFF
    var table = [UInt32](repeating: 0, count: 256)
    for index in 0..<256 {
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        table[index] = value
    }
    for _ in 0..<count { crc = table[Int((crc ^ 0) & 0xFF)] ^ (crc >> 8) }
    crc ^= 0xFFFF_FFFF
    var member: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
    member += bytes
    for value in [crc, UInt32(truncatingIfNeeded: count)] {
        member += [
            UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24),
        ]
    }
    return Data(member)
}

@Suite(.onOwnThread) struct ImagePixelBudgetTests {
    @Test("A header declaring a huge bitmap is refused before any pixel is decoded")
    func hugePNG() throws {
        let huge = TestImages.pngHeader(width: 100_000, height: 100_000)
        #expect(huge.count < 64)
        let info = try ImageHeaderParser.parse(huge)
        #expect(info.width == 100_000 && info.height == 100_000)
        let context = ImageDecodingContext(url: URL(string: "https://cdn.test/a.png")!)
        #expect(throws: ImageHeaderError.self) { try HeaderImageDecoder().decode(huge, context: context) }
        do {
            _ = try ImagePixelBudget.default.plan(for: info)
            Issue.record("a 100,000 × 100,000 PNG was planned for decoding")
        } catch let error as ImageHeaderError {
            guard case .exceedsPixelBudget(.png, 100_000, 100_000, 4096 * 4096) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(error.description.contains("100000×100000"))
        }
    }

    @Test(
        "Plans from real headers: full size within the budget, downsampled above it when the format allows",
        arguments: [
            ("png", 1000, 800, nil, "full"), ("png", 4096, 4096, nil, "full"),
            ("png", 5000, 5000, nil, "refuse"),
            ("png", 5000, 5000, 500, "refuse"), ("png", 1000, 800, 200, "down 200"),
            ("jpeg", 20_000, 20_000, nil, "down 4096"), ("jpeg", 8192, 4096, nil, "down 5792"),
            ("jpeg", 8192, 4096, 300, "down 300"), ("jpeg", 60_000, 60_000, nil, "refuse"),
            ("jpeg", 100, 100, 400, "full"),
        ] as [(String, Int, Int, Int?, String)])
    func plans(format: String, width: Int, height: Int, thumbnail: Int?, expected: String) throws {
        let data =
            format == "png"
            ? TestImages.pngHeader(width: width, height: height)
            : TestImages.jpeg(width: width, height: height)
        let info = try ImageHeaderParser.parse(data)
        let result: String
        do {
            switch try ImagePixelBudget.default.plan(for: info, thumbnailMaxPixelSize: thumbnail) {
            case .fullSize: result = "full"
            case .downsample(let side): result = "down \(side)"
            }
        } catch ImageHeaderError.exceedsPixelBudget {
            result = "refuse"
        }
        #expect(
            result == expected,
            "\(format) \(width)×\(height) thumbnail \(thumbnail.map(String.init) ?? "none")")
    }

    @Test("The pipeline's budget is configurable and reaches the decoder")
    func configurable() async throws {
        let stub = StubTransport()
        stub.route(
            .get, "/big.png",
            .response(status: 200, headers: [:], body: TestImages.png(width: 64, height: 64)))
        let small = ImagePipeline(
            configuration: .init(
                dataLoader: TransportImageDataLoader(transport: stub), memoryCache: nil, rateLimit: nil,
                pixelBudget: ImagePixelBudget(maximumPixels: 32 * 32)))
        let error = await #expect(throws: ImagePipelineError.self) {
            _ = try await small.image(for: ImageRequest(url: URL(string: "https://cdn.test/big.png")!))
        }
        #expect(String(describing: error).contains("exceeds the decoding budget of 1024 pixels"))
        let roomy = ImagePipeline(
            configuration: .init(
                dataLoader: TransportImageDataLoader(transport: stub), memoryCache: nil, rateLimit: nil))
        let image = try await roomy.image(for: ImageRequest(url: URL(string: "https://cdn.test/big.png")!))
        #expect(image.container.info.width == 64)
    }
}

@Suite(.serialized, .onOwnThread) struct ImageLoaderSecurityTests {
    @Test("The default loader strips credentials on a cross-origin redirect from an image URL")
    func credentialsStayHome() async throws {
        let home = try LocalHTTPServer()
        let other = try LocalHTTPServer()
        defer {
            home.stop()
            other.stop()
        }
        let png = TestImages.png(width: 2, height: 2)
        let target = other.url("/cdn/a.png", host: "localhost")
        home.route("GET", "/a.png") { _ in .init(status: 302, headers: ["Location": target.absoluteString]) }
        other.route("GET", "/cdn/a.png") { _ in
            .init(status: 200, headers: ["Content-Type": "image/png"], body: png)
        }
        let pipeline = ImagePipeline(configuration: .init(memoryCache: nil, rateLimit: nil))
        var request = ImageRequest(url: home.url("/a.png"))
        request.headers = ["Authorization": "Bearer s3cr3t", "X-API-Key": "k3y", "Accept": "image/*"]
        let response = try await pipeline.image(for: request)
        #expect(response.container.info.width == 2)
        #expect(home.requests.last?.header("Authorization") == "Bearer s3cr3t")
        let landed = try #require(other.requests.last)
        #expect(landed.header("Authorization") == nil, "the bearer token reached the other origin")
        #expect(landed.header("X-API-Key") == nil, "the API key reached the other origin")
        #expect(landed.header("Accept") == "image/*")
    }

    @Test("A gzip bomb stops at the loader's cap instead of expanding in memory")
    func gzipBomb() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        let bomb = gzipOfZeros(count: 16 << 20)
        #expect(bomb.count < 128 << 10)
        server.route("GET", "/bomb.png") { _ in
            .init(
                status: 200, headers: ["Content-Type": "image/png", "Content-Encoding": "gzip"], body: bomb)
        }
        let loader = TransportImageDataLoader(maximumBytes: 1 << 20)
        let error = await #expect(throws: APIError.self) {
            _ = try await loader.loadData(for: ImageDataRequest(url: server.url("/bomb.png"))) { _ in }
        }
        guard case .responseTooLarge(let limit) = error else {
            Issue.record("expected .responseTooLarge, got \(String(describing: error))")
            return
        }
        #expect(limit == 1 << 20)
        // The stream is a real one: a cap above its size delivers all of it, decoded.
        let roomy = TransportImageDataLoader(maximumBytes: 32 << 20)
        let all = try await roomy.loadData(for: ImageDataRequest(url: server.url("/bomb.png"))) { _ in }
        #expect(all.data.count == 16 << 20)
    }

    @Test("The default loader keeps no cookies")
    func noCookies() async throws {
        let server = try LocalHTTPServer()
        defer { server.stop() }
        let png = TestImages.png(width: 1, height: 1)
        server.route("GET", "/a.png") { _ in
            .init(
                status: 200, headers: ["Set-Cookie": "sid=abc; Path=/", "Content-Type": "image/png"],
                body: png)
        }
        let loader = TransportImageDataLoader()
        for _ in 0..<2 {
            _ = try await loader.loadData(for: ImageDataRequest(url: server.url("/a.png"))) { _ in }
        }
        #expect(server.requests.count == 2)
        #expect(server.requests.allSatisfy { $0.header("Cookie") == nil })
    }
}
