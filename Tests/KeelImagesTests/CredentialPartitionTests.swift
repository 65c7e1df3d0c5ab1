import Foundation
import KeelNetworking
import KeelSupport
import KeelTesting
import Testing

@testable import KeelImages

/// A data loader that answers by credential, as a private image server does: a request with an
/// `Authorization`, `Cookie` or `X-Tenant` header gets a body naming that credential
/// (`img:<value>`); one without gets 401. Loads without credentials can be held at a gate.
final class CredentialEchoLoader: ImageDataLoading {
    struct State {
        var sent: [[String: String]] = []
        var gateOpen = true
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    let state = Locked(State())
    /// Signalled after every load starts.
    let changes = TestSignal()

    init(holdingUncredentialed: Bool = false) {
        state.withLock { $0.gateOpen = !holdingUncredentialed }
    }

    var loadCount: Int { state.withLock { $0.sent.count } }

    func loadData(
        for request: ImageDataRequest, progress: @escaping @Sendable (ImageLoadProgress) -> Void
    ) async throws -> ImageDataResponse {
        let credential = ["Authorization", "Cookie", "X-Tenant"].compactMap { request.headers[$0] }.first
        state.withLock { $0.sent.append(request.headers) }
        changes.signal()
        if credential == nil {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let passNow = state.withLock { state -> Bool in
                    if state.gateOpen { return true }
                    state.waiting.append(continuation)
                    return false
                }
                if passNow { continuation.resume() }
            }
        }
        guard let credential else { return ImageDataResponse(data: Data("denied".utf8), statusCode: 401) }
        return ImageDataResponse(data: Data("img:\(credential)".utf8))
    }

    /// Lets held loads through, and every later one.
    func open() {
        let released = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.gateOpen = true
            defer { state.waiting.removeAll() }
            return state.waiting
        }
        for continuation in released { continuation.resume() }
    }
}

@Suite("Credential partitions")
struct CredentialPartitionTests {
    static let avatar = URL(string: "https://api.example.com/me/avatar")!

    static func request(_ headers: [String: String] = [:]) -> ImageRequest {
        ImageRequest(url: avatar, headers: headers)
    }

    static func pipeline(
        _ loader: CredentialEchoLoader, memoryCache: ImageMemoryCache? = ImageMemoryCache(),
        diskCache: ImageDiskCache? = nil, credentialHeaders: CredentialHeaders = CredentialHeaders()
    ) -> ImagePipeline {
        ImagePipeline(
            configuration: .init(
                dataLoader: loader, decoder: FakeDecoder(), memoryCache: memoryCache, diskCache: diskCache,
                rateLimit: nil, credentialHeaders: credentialHeaders))
    }

    @Test("the memory cache never answers a request with another credential, or with none")
    func memoryCacheIsPartitioned() async throws {
        // Before: the memory key was the URL alone, so account B and an anonymous request were
        // handed account A's avatar from memory without any request being sent.
        let loader = CredentialEchoLoader()
        let pipeline = Self.pipeline(loader)
        let alice = Self.request(["Authorization": "Bearer A"])
        let bob = Self.request(["Authorization": "Bearer B"])
        #expect(try await pipeline.image(for: alice).container.label == "img:Bearer A")
        #expect(pipeline.cachedImage(for: bob) == nil)
        #expect(pipeline.cachedImage(for: Self.request()) == nil)
        let bobs = try await pipeline.image(for: bob)
        #expect(bobs.source == .network)
        #expect(bobs.container.label == "img:Bearer B")
        await #expect {
            try await pipeline.image(for: Self.request())
        } throws: { error in
            guard case ImagePipelineError.badStatus(401, _) = error else { return false }
            return true
        }
        // A cookie is a credential too, and the same credential still shares its entry.
        let cookie = try await pipeline.image(for: Self.request(["Cookie": "sid=1"]))
        #expect(cookie.container.label == "img:sid=1")
        let again = try await pipeline.image(for: Self.request(["authorization": "Bearer A"]))
        #expect(again.source == .memory)
        #expect(again.container.label == "img:Bearer A")
        #expect(loader.loadCount == 4)
    }

    @Test("the disk cache keeps each credential's data apart")
    func diskCacheIsPartitioned() async throws {
        // Before: Bearer A's download was stored on disk under the bare URL for 7 days, and a
        // fresh pipeline answered Bearer B (and anyone) from it without a request.
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let disk = try ImageDiskCache(directory: directory)
        let loader = CredentialEchoLoader()
        _ = try await Self.pipeline(loader, memoryCache: nil, diskCache: disk).image(
            for: Self.request(["Authorization": "Bearer A"]))
        let fresh = Self.pipeline(loader, memoryCache: nil, diskCache: disk)
        let bob = try await fresh.image(for: Self.request(["Authorization": "Bearer B"]))
        #expect(bob.source == .network)
        #expect(bob.container.label == "img:Bearer B")
        let alice = try await fresh.image(for: Self.request(["Authorization": "Bearer A"]))
        #expect(alice.source == .disk)
        #expect(alice.container.label == "img:Bearer A")
        // Neither the URL's own entry nor any key written in clear holds a credential.
        #expect(disk.data(for: Self.avatar.absoluteString) == nil)
        #expect(!fresh.dataCacheKey(for: Self.request(["Authorization": "Bearer A"])).contains("Bearer"))
    }

    @Test("a credentialed request does not join a load sent without its credential")
    func coalescingIsPartitioned() async throws {
        // Before: it joined an uncredentialed prefetch of the same URL and failed with that
        // load's badStatus(401).
        let loader = CredentialEchoLoader(holdingUncredentialed: true)
        let pipeline = Self.pipeline(loader)
        let anonymous = Task { try await pipeline.image(for: Self.request()) }
        #expect(await loader.changes.wait { loader.loadCount == 1 })
        let credentialed = Task { try await pipeline.image(for: Self.request(["Authorization": "Bearer A"])) }
        #expect(await loader.changes.wait(timeout: .seconds(30)) { loader.loadCount == 2 })
        loader.open()
        #expect(try await credentialed.value.container.label == "img:Bearer A")
        await #expect {
            try await anonymous.value
        } throws: { error in
            guard case ImagePipelineError.badStatus(401, _) = error else { return false }
            return true
        }
    }

    @Test("the configuration's declared credential headers partition too; other headers do not")
    func declaredHeaders() async throws {
        // Before: no header took part in any key.
        let loader = CredentialEchoLoader()
        let pipeline = Self.pipeline(loader, credentialHeaders: CredentialHeaders(declaring: ["X-Tenant"]))
        #expect(try await pipeline.image(for: Self.request(["X-Tenant": "t1"])).container.label == "img:t1")
        #expect(try await pipeline.image(for: Self.request(["X-Tenant": "t2"])).container.label == "img:t2")
        #expect(loader.loadCount == 2)
        // Unauthenticated keys are unchanged: a header that is no credential changes nothing.
        let plain = Self.request(["Accept": "image/webp", "Authorization": "Bearer A"])
        _ = try await pipeline.image(for: plain)
        #expect(try await pipeline.image(for: Self.request(["Authorization": "Bearer A"])).source == .memory)
        #expect(
            pipeline.dataCacheKey(for: Self.request(["Accept": "image/webp"])) == Self.avatar.absoluteString)
        #expect(pipeline.cacheKey(for: Self.request()) == ImageCacheKey(dataKey: Self.avatar.absoluteString))
    }

    @Test(
        "a view's identity changes with the cache key, thumbnail, processors or credentials, not the priority"
    )
    func displayIdentity() {
        // Before: KeelImage watched only the URL, so `avatar-v1` → `avatar-v2` under one URL (or a
        // new thumbnail size or processor chain) kept showing the old image.
        let pipeline = Self.pipeline(CredentialEchoLoader())
        let base = ImageRequest(url: Self.avatar, cacheKey: "avatar-v1")
        let identity = pipeline.displayIdentity(for: base)
        var higher = base
        higher.priority = .veryHigh
        #expect(pipeline.displayIdentity(for: higher) == identity)
        var variants: [ImageRequest] = []
        for change in 0..<4 {
            var request = base
            switch change {
            case 0: request.cacheKey = "avatar-v2"
            case 1: request.thumbnailSize = Size(width: 300, height: 300)
            case 2: request.processors = [FakeProcessor("round")]
            default: request.headers = ["Authorization": "Bearer B"]
            }
            variants.append(request)
        }
        for request in variants { #expect(pipeline.displayIdentity(for: request) != identity) }
    }

    @Test("a view shown again with another account's credential loads again")
    @MainActor
    func viewReloadsForOtherCredential() async throws {
        // Before: `ensureLoaded` compared URL, cache key, thumbnail and processors only, so a
        // reused cell kept account A's avatar for account B.
        let loader = CredentialEchoLoader()
        let view = FakeImageView()
        let controller = ImageViewLoadingController(
            pipeline: Self.pipeline(loader), options: ImageLoadingOptions(transition: .none))
        controller.ensureLoaded(Self.request(["Authorization": "Bearer A"]), into: view)
        #expect(await view.changes.wait { view.current == "img:Bearer A" })
        controller.ensureLoaded(Self.request(["Authorization": "Bearer A"]), into: view)
        #expect(loader.loadCount == 1)
        controller.ensureLoaded(Self.request(["Authorization": "Bearer B"]), into: view)
        #expect(await view.changes.wait(timeout: .seconds(30)) { view.current == "img:Bearer B" })
    }
}
