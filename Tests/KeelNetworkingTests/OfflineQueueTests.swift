import Foundation
import KeelNetworking
import KeelNetworkingTesting
import KeelSupport
import KeelTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension SerialLoopbackTests {
    /// Writes that wait for the network, driven by an injected path.
    @Suite("Offline write queue", .timeLimit(.minutes(1)))  // a hang guard only
    struct OfflineQueueTests {
        final class Setup: Sendable {
            let server: LocalHTTPServer
            let file: URL
            let store: any OfflineQueueStore
            let path = ManualNetworkPathSource(NetworkPath(status: .unsatisfied))
            let monitor: NetworkMonitor
            let client: APIClient
            let scope = Locked<String?>("alice")

            init(store: (any OfflineQueueStore)? = nil) throws {
                server = try LocalHTTPServer()
                file = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "keel-outbox-\(UUID().uuidString).json")
                self.store = store ?? FileOfflineQueueStore(file: file)
                monitor = NetworkMonitor(source: path, debounce: .zero)
                client = APIClient(
                    configuration: .init(
                        baseURL: server.baseURL, defaultHeaders: ["Accept": "application/json"],
                        retryPolicy: nil,
                        timeout: .seconds(60), allowsInsecureHTTP: true),
                    transport: URLSessionTransport())
            }

            func queue(budget: Int = 3) throws -> OfflineQueue {
                let scope = self.scope
                return try OfflineQueue(
                    client: client, store: store, monitor: monitor, retryBudget: budget,
                    currentScope: { scope.current })
            }

            func message(_ text: String, headers: [String: String] = [:]) -> Endpoint<Void> {
                Endpoint<Void>(
                    .post, "messages", headers: headers,
                    body: .data(Data(text.utf8), contentType: "text/plain"))
            }

            var posts: [LocalHTTPServer.Request] { server.requests.filter { $0.path == "/messages" } }

            deinit {
                server.stop()
                try? FileManager.default.removeItem(at: file)
            }
        }

        /// The next `count` outcomes of `queue` after `action`.
        func outcomes(_ count: Int, of queue: OfflineQueue, after action: () async throws -> Void)
            async throws
            -> [OfflineQueue.Outcome]
        {
            let stream = await queue.outcomes()
            try await action()
            var seen: [OfflineQueue.Outcome] = []
            for await outcome in stream {
                seen.append(outcome)
                if seen.count == count { break }
            }
            return seen
        }

        @Test(
            "A new queue over the same store carries on; the path turning satisfied sends each request once, in order",
            arguments: ["file", "app store"])
        func relaunch(kind: String) async throws {
            let setup = try Setup(store: kind == "file" ? nil : AppStore())
            setup.server.route("POST", "/messages") { _ in .init(status: 201) }
            var ids: [UUID] = []
            do {
                let before = try setup.queue()
                for text in ["one", "two", "three"] {
                    ids.append(try await before.enqueue(setup.message(text)))
                }
                await before.start()
                #expect(setup.posts.isEmpty)
                await before.stop()
            }
            let after = try setup.queue()
            #expect(await after.pending == ids)
            let seen = try await outcomes(3, of: after) {
                await after.start()
                setup.path.signalChange(to: NetworkPath(status: .satisfied))
            }
            #expect(seen == ids.map { .delivered($0) })
            #expect(setup.posts.map { String(decoding: $0.body, as: UTF8.self) } == ["one", "two", "three"])
            let keys = setup.posts.compactMap { $0.header("Idempotency-Key") }
            #expect(Set(keys).count == 3)
            #expect(await after.pending.isEmpty)
            // Another satisfied path sends nothing again.
            setup.path.signalChange(to: NetworkPath(status: .unsatisfied))
            setup.path.signalChange(to: NetworkPath(status: .satisfied))
            await after.replay()
            #expect(setup.posts.count == 3)
            await after.stop()
            #expect(try await setup.queue().pending.isEmpty)
        }

        @Test("A request stops at its retry budget with a typed failure; its key stays the same")
        func retryBudget() async throws {
            let setup = try Setup()
            setup.server.route("POST", "/messages") { _ in .init(status: 503) }
            let queue = try setup.queue(budget: 3)
            let id = try await queue.enqueue(setup.message("hi"))
            let seen = try await outcomes(1, of: queue) {
                for _ in 0..<3 { await queue.replay() }
            }
            guard case .failed(id, .retryBudgetExhausted(let attempts, _)) = seen.first else {
                Issue.record("expected the budget to run out, got \(seen)")
                return
            }
            #expect(attempts == 3)
            #expect(setup.posts.count == 3)
            #expect(Set(setup.posts.compactMap { $0.header("Idempotency-Key") }).count == 1)
            #expect(await queue.pending.isEmpty)
        }

        @Test("A request queued for another account is not sent")
        func scopeChanged() async throws {
            let setup = try Setup()
            setup.server.route("POST", "/messages") { _ in .init(status: 201) }
            let queue = try setup.queue()
            let id = try await queue.enqueue(setup.message("alice's"))
            setup.scope.set("bob")
            let seen = try await outcomes(1, of: queue) { await queue.replay() }
            #expect(seen == [.failed(id, .scopeChanged)])
            #expect(setup.posts.isEmpty)
        }

        @Test("A refused request fails at once and the next is still sent; a cancelled one never is")
        func rejectedAndCancelled() async throws {
            let setup = try Setup()
            setup.server.route("POST", "/messages") { request in
                String(decoding: request.body, as: UTF8.self) == "bad"
                    ? .init(status: 422) : .init(status: 201)
            }
            let queue = try setup.queue()
            let cancelled = try await queue.enqueue(setup.message("never"))
            let bad = try await queue.enqueue(setup.message("bad"))
            let good = try await queue.enqueue(setup.message("good"))
            #expect(try await queue.cancel(cancelled))
            let seen = try await outcomes(2, of: queue) { await queue.replay() }
            #expect(seen == [.failed(bad, .rejected(status: 422)), .delivered(good)])
            #expect(setup.posts.map { String(decoding: $0.body, as: UTF8.self) } == ["bad", "good"])
        }

        @Test("The file is 0600 and holds no credential header")
        func fileHoldsNoCredentials() async throws {
            let setup = try Setup()
            let queue = try setup.queue()
            try await queue.enqueue(
                setup.message("x", headers: ["Authorization": "Bearer s3cr3t", "X-Trace": "t"]))
            let attributes = try FileManager.default.attributesOfItem(atPath: setup.file.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            let text = String(decoding: try Data(contentsOf: setup.file), as: UTF8.self)
            #expect(!text.contains("s3cr3t"))
            #expect(text.contains("X-Trace"))
        }

        /// Credential headers were filtered out of the record, but the URL was written as built:
        /// a token in its query or user info in it sat in the outbox in clear (an app's store
        /// may be UserDefaults or a shared container). Such a request is now refused, naming
        /// the URL, before anything is written.
        @Test(
            "A credential in the URL is refused, not written to the outbox",
            arguments: [
                Endpoint<Void>(
                    .post, "messages", query: [URLQueryItem(name: "access_token", value: "s3cr3t")],
                    body: .data(Data("x".utf8), contentType: "text/plain")),
                Endpoint<Void>(
                    .post, "messages", query: [URLQueryItem(name: "api_key", value: "s3cr3t")],
                    body: .data(Data("x".utf8), contentType: "text/plain")),
                Endpoint<Void>(
                    .post, target: .url(URL(string: "https://user:s3cr3t@example.com/messages")!),
                    body: .data(Data("x".utf8), contentType: "text/plain"), decoding: .ignoringBody),
            ])
        func urlCredentialIsRefused(endpoint: Endpoint<Void>) async throws {
            let setup = try Setup()
            let queue = try setup.queue()
            await #expect {
                try await queue.enqueue(endpoint)
            } throws: { error in
                guard case .invalidRequest(let field, _) = error as? APIError else { return false }
                return field == "url"
            }
            #expect(await queue.pending.isEmpty)
            let text = (try? Data(contentsOf: setup.file)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            #expect(!text.contains("s3cr3t"))
        }

        /// The queue used to be saved without a bound but read back with one (256 MiB), so a
        /// large body enqueued wrote a store the next launch refused (`unreadableStore`) and
        /// every queued request was lost. Now the enqueue past the bound throws before anything
        /// is saved, and the store refuses to write what it would not read. (The bodies are
        /// 3 KiB, base64 in JSON: one record takes about 4.4 KB, two pass 8 KiB.)
        @Test("An enqueue past the store's bound is refused; a reloaded queue holds exactly the first")
        func storeBound() async throws {
            let setup = try Setup()
            let store = FileOfflineQueueStore(file: setup.file, maximumBytes: 8192)
            let queue = try OfflineQueue(client: setup.client, store: store, monitor: setup.monitor)
            let body = String(repeating: "a", count: 3072)
            let first = try await queue.enqueue(setup.message(body))
            await #expect(throws: APIError.self) { try await queue.enqueue(setup.message(body)) }
            #expect(await queue.pending == [first])
            let saved = try Data(contentsOf: setup.file)
            #expect(saved.count <= 8192)
            #expect(throws: OfflineQueueFailure.self) { try store.saveQueue(Data(count: 8193)) }
            #expect(try Data(contentsOf: setup.file) == saved)
            let reloaded = try OfflineQueue(client: setup.client, store: store, monitor: setup.monitor)
            #expect(await reloaded.pending == [first])
        }

        @Test("A file that is not a queue is a typed error and is left as it was")
        func corruptFile() throws {
            let setup = try Setup()
            try Data("not json".utf8).write(to: setup.file)
            #expect(throws: OfflineQueueFailure.self) { try setup.queue() }
            #expect(try Data(contentsOf: setup.file) == Data("not json".utf8))
        }

        @Test("A request being sent cannot be cancelled; its outcome still arrives")
        func cancelWhileSending() async throws {
            let setup = try Setup()
            let release = DispatchSemaphore(value: 0)
            let (arrived, arrival) = AsyncStream<Void>.makeStream()
            setup.server.route("POST", "/messages") { _ in
                arrival.yield()
                _ = release.wait(timeout: .now() + 30)  // a hang guard only
                return .init(status: 201)
            }
            let queue = try setup.queue()
            let id = try await queue.enqueue(setup.message("slow"))
            let stream = await queue.outcomes()
            let pass = Task { await queue.replay() }
            for await _ in arrived { break }
            #expect(try await queue.cancel(id) == false)
            release.signal()
            await pass.value
            for await outcome in stream {
                #expect(outcome == .delivered(id))
                break
            }
            #expect(await queue.pending.isEmpty)
        }

        @Test("Started on a satisfied path, an enqueued request goes at once")
        func enqueueWhileOnline() async throws {
            let setup = try Setup()
            setup.server.route("POST", "/messages") { _ in .init(status: 201) }
            let queue = try setup.queue()
            setup.path.signalChange(to: NetworkPath(status: .satisfied))
            await queue.start()
            let id = UUID()
            var sent: UUID?
            let seen = try await outcomes(1, of: queue) {
                sent = try await queue.enqueue(setup.message("now"))
            }
            #expect(seen == [.delivered(sent ?? id)])
            #expect(setup.posts.count == 1)
            await queue.stop()
        }

        @Test("stop() cancels the send under way: the request stays first, its budget untouched")
        func stopDuringSend() async throws {
            let setup = try Setup()
            let release = DispatchSemaphore(value: 0)
            let (arrived, arrival) = AsyncStream<Void>.makeStream()
            setup.server.route("POST", "/messages") { _ in
                arrival.yield()
                _ = release.wait(timeout: .now() + 30)  // a hang guard only
                return .init(status: 201)
            }
            let queue = try setup.queue(budget: 1)
            let id = try await queue.enqueue(setup.message("interrupted"))
            await queue.start()
            setup.path.signalChange(to: NetworkPath(status: .satisfied))
            for await _ in arrived { break }
            await queue.stop()
            release.signal()
            // With a budget of one, a spent attempt would have failed it for good.
            #expect(await queue.pending == [id])
            let stored = try #require(try setup.store.loadQueue())
            #expect(String(decoding: stored, as: UTF8.self).contains(#""attempts":0"#))
        }

        @Test(
            "The client's cacheScope is the default scope: a relaunch signed in as another account sends nothing"
        )
        func defaultScopeIsTheClients() async throws {
            let setup = try Setup()
            setup.server.route("POST", "/messages") { _ in .init(status: 201) }
            func client(_ account: String) -> APIClient {
                APIClient(
                    configuration: .init(
                        baseURL: setup.server.baseURL, retryPolicy: nil, allowsInsecureHTTP: true,
                        cacheScope: account),
                    transport: URLSessionTransport())
            }
            let id = try await OfflineQueue(
                client: client("alice"), store: setup.store, monitor: setup.monitor
            )
            .enqueue(setup.message("alice's"))
            let relaunched = try OfflineQueue(
                client: client("bob"), store: setup.store, monitor: setup.monitor)
            let seen = try await outcomes(1, of: relaunched) { await relaunched.replay() }
            #expect(seen == [.failed(id, .scopeChanged)])
            #expect(setup.posts.isEmpty)
        }

        @Test("Damaged queue bytes (seeded): a typed error or a queue, never a crash", arguments: [1, 2, 3])
        func damagedStore(seed: UInt64) async throws {
            let setup = try Setup(store: AppStore())
            let queue = try setup.queue()
            for text in ["a", "b"] { try await queue.enqueue(setup.message(text, headers: ["X-N": text])) }
            let valid = try #require(try setup.store.loadQueue())
            var random = SeededRandomNumberGenerator(seed: seed)
            for _ in 0..<300 {
                var bytes = [UInt8](valid)
                for _ in 0...Int.random(in: 0..<4, using: &random) {
                    let index = Int.random(in: 0..<bytes.count, using: &random)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0: bytes[index] = UInt8.random(in: 0...255, using: &random)
                    case 1: bytes.removeSubrange(index...)
                    default: bytes.insert(contentsOf: Array(#"{"[":-1"#.utf8), at: index)
                    }
                    if bytes.isEmpty { break }
                }
                try setup.store.saveQueue(Data(bytes))
                do {
                    let reopened = try setup.queue()
                    #expect(await reopened.pending.count <= 2)
                } catch {
                    #expect(error is OfflineQueueFailure)
                }
            }
        }
    }
}

/// An app's own store, kept in memory: what a KeelStorage `KeyValueStore` adapter does.
final class AppStore: OfflineQueueStore {
    private let bytes = Locked<Data?>(nil)

    func loadQueue() throws -> Data? { bytes.current }

    func saveQueue(_ data: Data) throws { bytes.set(data) }
}
