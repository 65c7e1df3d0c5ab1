import Foundation
import KeelNetworking
import KeelNetworkingTesting
import KeelSupport
import KeelTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A provider that counts refreshes, which succeed with "new" or fail with `failure`.
final class TestTokenProvider: AuthenticationProvider {
    let refreshes = Locked(0)
    let failure: PlannedFailure?

    init(failure: PlannedFailure? = nil) {
        self.failure = failure
    }

    func credential() async throws -> String { "old" }

    func refresh(old: String) async throws -> String {
        refreshes.withLock { $0 += 1 }
        if let failure { throw failure }
        return "new"
    }
}

/// Suspends callers until `count` of them have arrived, then releases them all.
actor Barrier {
    private let count: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var released = false

    init(count: Int) {
        self.count = count
    }

    func arriveAndWait() async {
        if released { return }
        await withCheckedContinuation { continuation in
            waiting.append(continuation)
            if waiting.count >= count {
                released = true
                for waiter in waiting { waiter.resume() }
                waiting.removeAll()
            }
        }
    }
}

@Suite("AuthenticationInterceptor")
struct AuthenticationTests {
    /// Answers 401 to the old token only once all ten requests have arrived (so all ten
    /// really are rejected concurrently), and 200 to the new token.
    func makeStub() -> StubTransport {
        let stub = StubTransport()
        let arrivals = Barrier(count: 10)
        stub.route(.get, "/me") { request in
            if request.header("Authorization") == "Bearer new" { return .json(#"{"id":1,"name":"me"}"#) }
            await arrivals.arriveAndWait()
            return .status(401)
        }
        return stub
    }

    func sendTen(_ client: APIClient) async -> [Result<User, any Error>] {
        await withTaskGroup(of: Result<User, any Error>.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    do { return .success(try await client.send(Endpoint<User>(.get, "me"))) } catch {
                        return .failure(error)
                    }
                }
            }
            var results: [Result<User, any Error>] = []
            for await result in group { results.append(result) }
            return results
        }
    }

    @Test("7. Ten concurrent 401s share one refresh; each request is retried once with the new token")
    func singleFlightRefresh() async throws {
        let stub = makeStub()
        let provider = TestTokenProvider()
        let auth = AuthenticationInterceptor(provider: provider)
        let client = APIClient(
            baseURL: URL(string: "https://api.test")!, transport: stub, interceptors: [auth],
            allowsInsecureHTTP: true, clock: TestClock())
        let results = await sendTen(client)
        #expect(results.allSatisfy { (try? $0.get()) == User(id: 1, name: "me") })
        #expect(provider.refreshes.current == 1)
        #expect(await auth.refreshCount == 1)
        let tokens = stub.requests.map { $0.header("Authorization") ?? "" }
        #expect(tokens.filter { $0 == "Bearer old" }.count == 10)
        #expect(tokens.filter { $0 == "Bearer new" }.count == 10)
    }

    @Test("7. When the refresh throws, all ten fail with that error and none is re-sent")
    func failedRefresh() async throws {
        let stub = makeStub()
        let provider = TestTokenProvider(failure: PlannedFailure(tag: "refresh"))
        let auth = AuthenticationInterceptor(provider: provider)
        let client = APIClient(
            baseURL: URL(string: "https://api.test")!, transport: stub, interceptors: [auth],
            allowsInsecureHTTP: true, clock: TestClock())
        let results = await sendTen(client)
        for result in results {
            #expect(throws: PlannedFailure(tag: "refresh")) { try result.get() }
        }
        #expect(provider.refreshes.current == 1)
        #expect(stub.requests.count == 10)
    }

    @Test("A server that keeps rejecting new credentials is stopped by the refresh budget")
    func refreshBudget() async throws {
        let stub = StubTransport()
        stub.route(.get, "/me", .status(401))
        let provider = TestTokenProvider()
        let auth = AuthenticationInterceptor(
            provider: provider, maximumRefreshes: 2, refreshWindow: .seconds(60),
            clock: TestClock())
        let client = APIClient(
            baseURL: URL(string: "https://api.test")!, transport: stub, interceptors: [auth],
            allowsInsecureHTTP: true, clock: TestClock())
        for _ in 0..<2 {
            let error = try await #require(throws: APIError.self) {
                try await client.send(Endpoint<Void>(.get, "me"))
            }
            #expect(error.statusCode == 401)
        }
        await #expect(throws: AuthenticationError.refreshBudgetExceeded(refreshes: 2, window: .seconds(60))) {
            try await client.send(Endpoint<Void>(.get, "me"))
        }
        #expect(provider.refreshes.current == 2)
    }
}
