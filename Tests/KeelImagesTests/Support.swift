import Foundation
import KeelSupport
import KeelTesting

@testable import KeelImages

/// A data loader double: records every load, can hold loads at a gate until the test opens
/// it (per URL or for all), observes cancellation, and tracks how many run at once.
final class FakeLoader: ImageDataLoading {
    struct State {
        var started: [URL] = []
        var priorities: [URL: ImageRequestPriority] = [:]
        var running = 0
        var peak = 0
        var cancellations = 0
        var completions = 0
        var allOpen = false
        var openURLs: Set<URL> = []
        var waiting: [UInt64: (url: URL, continuation: CheckedContinuation<Void, Never>)] = [:]
        var nextID: UInt64 = 0
        var responses: [URL: ImageDataResponse] = [:]
    }

    let state = Locked(State())
    let ignoresCancellation: Bool
    /// Signalled after every change to `state` (a load started, cancelled or completed), for
    /// `changes.wait { loader.loadCount == 1 }`.
    let changes = TestSignal()

    init(gated: Bool = false, ignoresCancellation: Bool = false) {
        self.ignoresCancellation = ignoresCancellation
        state.withLock { $0.allOpen = !gated }
    }

    /// The body served for `url` unless a response was set: `img:<last path component>`.
    static func body(for url: URL) -> Data {
        Data("img:\(url.lastPathComponent)".utf8)
    }

    func setResponse(_ response: ImageDataResponse, for url: URL) {
        state.withLock { $0.responses[url] = response }
    }

    var loadCount: Int { state.withLock { $0.started.count } }
    var started: [URL] { state.withLock { $0.started } }
    var peak: Int { state.withLock { $0.peak } }
    var cancellations: Int { state.withLock { $0.cancellations } }
    var waitingCount: Int { state.withLock { $0.waiting.count } }
    func loads(of url: URL) -> Int { state.withLock { $0.started.filter { $0 == url }.count } }
    func priority(of url: URL) -> ImageRequestPriority? { state.withLock { $0.priorities[url] } }

    func loadData(
        for request: ImageDataRequest, progress: @escaping @Sendable (ImageLoadProgress) -> Void
    ) async throws -> ImageDataResponse {
        let id = state.withLock { state -> UInt64 in
            state.started.append(request.url)
            state.priorities[request.url] = request.priority
            state.running += 1
            state.peak = max(state.peak, state.running)
            state.nextID += 1
            return state.nextID
        }
        changes.signal()
        defer {
            state.withLock { $0.running -= 1 }
            changes.signal()
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let passNow = state.withLock { state -> Bool in
                    if state.allOpen || state.openURLs.contains(request.url) { return true }
                    state.waiting[id] = (request.url, continuation)
                    return false
                }
                if passNow { continuation.resume() }
            }
        } onCancel: {
            if !ignoresCancellation {
                state.withLock { $0.waiting.removeValue(forKey: id) }?.continuation.resume()
            }
        }
        if Task.isCancelled && !ignoresCancellation {
            state.withLock { $0.cancellations += 1 }
            changes.signal()
            throw CancellationError()
        }
        let response =
            state.withLock { $0.responses[request.url] }
            ?? ImageDataResponse(data: Self.body(for: request.url))
        progress(
            ImageLoadProgress(completed: Int64(response.data.count / 2), total: Int64(response.data.count)))
        progress(ImageLoadProgress(completed: Int64(response.data.count), total: Int64(response.data.count)))
        state.withLock { $0.completions += 1 }
        changes.signal()
        return response
    }

    /// Lets `url`'s loads (waiting and future) through.
    func open(_ url: URL) {
        let released = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.openURLs.insert(url)
            let ids = state.waiting.filter { $0.value.url == url }.map(\.key)
            return ids.compactMap { state.waiting.removeValue(forKey: $0)?.continuation }
        }
        for continuation in released { continuation.resume() }
    }

    /// Lets every load through from now on.
    func openAll() {
        let released = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.allOpen = true
            defer { state.waiting.removeAll() }
            return state.waiting.values.map(\.continuation)
        }
        for continuation in released { continuation.resume() }
    }
}

/// A decoder double: counts decodes; the "image" is the data as a string, 1×1, costing its
/// byte count. Data starting with `bad` fails to decode.
final class FakeDecoder: ImageDecoding {
    let decodes = Locked(0)

    var count: Int { decodes.current }

    func decode(_ data: Data, context: ImageDecodingContext) throws -> ImageContainer {
        decodes.withLock { $0 += 1 }
        let label = String(decoding: data, as: UTF8.self)
        if label.hasPrefix("bad") { throw ImageHeaderError.unknownFormat(prefix: Array(data.prefix(12))) }
        if label.hasPrefix("huge") {
            throw ImageHeaderError.exceedsPixelBudget(
                format: .png, width: 5000, height: 5000, maximumPixels: context.pixelBudget.maximumPixels)
        }
        return ImageContainer(
            image: label, data: data, info: ImageInfo(format: .png, width: 1, height: 1), cost: data.count)
    }
}

/// A processor double: counts runs and appends its name to the label.
final class FakeProcessor: ImageProcessing {
    let name: String
    let runs = Locked(0)

    init(_ name: String) {
        self.name = name
    }

    var identifier: String { "fake(\(name))" }

    func process(_ image: ImageContainer) throws -> ImageContainer {
        runs.withLock { $0 += 1 }
        var output = image
        output.image = "\(image.label ?? "")+\(name)"
        return output
    }
}

extension ImageContainer {
    /// The fake decoder's label.
    var label: String? { image as? String }
}

/// A URL for tests.
func url(_ name: String) -> URL {
    URL(string: "https://images.example.com/\(name)")!
}

/// A pipeline over fakes, with no rate limit and no disk cache unless given.
func makePipeline(
    loader: FakeLoader = FakeLoader(),
    decoder: FakeDecoder = FakeDecoder(),
    memoryCache: ImageMemoryCache? = ImageMemoryCache(),
    diskCache: ImageDiskCache? = nil,
    cacheKeyFilter: ImageCacheKeyFilter = .absoluteURL,
    coalescing: Bool = true,
    maximumConcurrentDownloads: Int = 6
) -> ImagePipeline {
    ImagePipeline(
        configuration: .init(
            dataLoader: loader, decoder: decoder, memoryCache: memoryCache, diskCache: diskCache,
            cacheKeyFilter: cacheKeyFilter, isCoalescingEnabled: coalescing,
            maximumConcurrentDownloads: maximumConcurrentDownloads, rateLimit: nil))
}

/// A fresh temporary directory.
func temporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("keel-images-\(UUID().uuidString)")
}

/// A settable wall clock for the disk cache.
final class TestDate: Sendable {
    let value = Locked(Date(timeIntervalSince1970: 1_800_000_000))

    var now: @Sendable () -> Date { { [value] in value.current } }

    func advance(seconds: Double) {
        value.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}
