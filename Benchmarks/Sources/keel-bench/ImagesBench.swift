import Foundation
@_spi(Benchmarks) import KeelImages

extension BenchSuite {
    /// `keel-bench images`: cache hits and pipeline overhead with coalescing.
    static let images = BenchSuite(
        name: "images",
        summary: "ImagePipeline: memory-cache hit, 100 KB disk-cache hit, 1 000 requests for 100 URLs"
    ) { reporter in
        // Memory cache: hits over 2 000 keys, filled by loading them through the pipeline (each
        // entry the same small container).
        let memory = ImageMemoryCache(configuration: .init(costLimit: 1 << 30, entryCostLimit: 1))
        let keys = (0..<2_000).map { "https://cdn.example.com/image/\($0).png" }
        let pipeline = ImagePipeline(
            configuration: .init(
                dataLoader: BenchLoader(), decoder: FixedDecoder(), memoryCache: memory, rateLimit: nil))
        let requests = keys.map { ImageRequest(url: URL(string: $0)!) }
        try runAsync {
            for request in requests { _ = try await pipeline.image(for: request) }
        }
        let lookups = 1_000_000
        var hits = 0
        let hit =
            Measure.best(repetitions: 5) { hits = memory.benchmarkLookups(keys, iterations: lookups) }
            / Double(lookups)
        guard hits == lookups else {
            throw CommandFailure(message: "memory cache: \(hits) of \(lookups) lookups hit", status: 1)
        }
        reporter.report("images.memoryCache.hit", hit * 1e9, "ns")

        // The same through the pipeline's synchronous lookup (cache-key derivation included).
        let pipelineHit = Measure.perIteration(iterations: 500_000) { index in
            blackHole(pipeline.cachedImage(for: requests[index % requests.count]))
        }
        reporter.report("images.pipeline.memoryHit", pipelineHit * 1e9, "ns")

        // Disk cache: a 100 KB entry read back (file read, header and checksum validation).
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keel-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let disk = try ImageDiskCache(directory: directory).benchmarkEntryPoints
        let payload = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        for index in 0..<20 { try disk.store(payload, "https://cdn.example.com/big/\(index).jpg") }
        let diskHit = Measure.perIteration(iterations: 2_000) { index in
            blackHole(disk.data("https://cdn.example.com/big/\(index % 20).jpg"))
        }
        reporter.report("images.diskCache.hit100KB", diskHit * 1e6, "us")
        let diskStore = Measure.perIteration(iterations: 200, samples: 3) { index in
            try? disk.store(payload, "https://cdn.example.com/big/\(index % 20).jpg")
        }
        reporter.report("images.diskCache.store100KB", diskStore * 1e6, "us")

        // 1 000 concurrent requests for 100 URLs through a stub loader: coalescing and the
        // memory cache must leave exactly 100 loads.
        let urls = (0..<100).map { URL(string: "https://cdn.example.com/feed/\($0).png")! }
        var loads = 0
        let burst = try Measure.best(repetitions: 10) {
            let loader = BenchLoader()
            let fresh = ImagePipeline(
                configuration: .init(
                    dataLoader: loader, memoryCache: ImageMemoryCache(),
                    rateLimit: nil))
            try runAsync {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for index in 0..<1_000 {
                        group.addTask {
                            _ = try await fresh.image(for: ImageRequest(url: urls[index % urls.count]))
                        }
                    }
                    try await group.waitForAll()
                }
            }
            loads = loader.loads.current
        }
        reporter.report("images.pipeline.1000requests.100urls", burst * 1e3, "ms")
        reporter.report("images.pipeline.1000requests.loads", Double(loads), "loads")

        // Coalescing overhead: 1 000 waiters on one slow key.
        let fanIn = try Measure.best(repetitions: 10) {
            let fresh = ImagePipeline(
                configuration: .init(
                    dataLoader: BenchLoader(), memoryCache: nil, rateLimit: nil
                ))
            let request = ImageRequest(url: urls[0])
            try runAsync {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<1_000 { group.addTask { _ = try await fresh.image(for: request) } }
                    try await group.waitForAll()
                }
            }
        }
        reporter.report("images.pipeline.1000waiters.oneKey", fanIn * 1e3, "ms")
    }
}

/// A stub data loader: answers at once with a small PNG, counting loads.
private final class BenchLoader: ImageDataLoading {
    let loads = BenchLocked(0)
    private static let body = benchPNG()

    func loadData(
        for request: ImageDataRequest, progress: @escaping @Sendable (ImageLoadProgress) -> Void
    ) async throws -> ImageDataResponse {
        loads.withLock { $0 += 1 }
        return ImageDataResponse(data: Self.body)
    }
}

/// Decodes anything to the same small container, so the memory cache holds no image data.
private struct FixedDecoder: ImageDecoding {
    func decode(_ data: Data, context: ImageDecodingContext) throws -> ImageContainer {
        ImageContainer(image: "bench", info: ImageInfo(format: .png, width: 100, height: 100))
    }
}

/// A PNG signature and IHDR for a 64×64 image (the header decoder reads no further).
private func benchPNG() -> Data {
    var ihdr: [UInt8] = Array("IHDR".utf8) + [0, 0, 0, 64, 0, 0, 0, 64, 8, 6, 0, 0, 0]
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in ihdr {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
    crc ^= 0xFFFF_FFFF
    ihdr += [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)]
    return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + ihdr)
}

/// Runs async work to completion from synchronous bench code.
private func runAsync(_ body: @escaping @Sendable () async throws -> Void) throws {
    let done = DispatchSemaphore(value: 0)
    let failure = BenchFailure()
    Task {
        do { try await body() } catch { failure.set(error) }
        done.signal()
    }
    done.wait()
    if let error = failure.error { throw error }
}
