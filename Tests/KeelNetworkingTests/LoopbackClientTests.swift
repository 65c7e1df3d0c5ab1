import Foundation
import KeelNetworking
import KeelNetworkingTesting
import KeelTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension SerialLoopbackTests {
    @Suite("APIClient against a local HTTP server")
    struct LoopbackClientTests {
        @Test("1. GET JSON decodes; the request carries the expected headers and query")
        func getJSON() async throws {
            let fixture = try LoopbackFixture()
            fixture.server.route("GET", "/api/users/7") { _ in .json(#"{"id":7,"name":"Ada"}"#) }
            let endpoint = Endpoint<User>(
                .get, "users/7",
                query: [
                    URLQueryItem(name: "fields", value: "id,name"), URLQueryItem(name: "q", value: "a b&c"),
                    URLQueryItem(name: "flag", value: nil),
                ],
                headers: ["X-Trace": "t-1"])
            let user = try await fixture.client.send(endpoint)
            #expect(user == User(id: 7, name: "Ada"))
            let request = try #require(fixture.server.requests.last)
            #expect(request.query == "fields=id%2Cname&q=a%20b%26c&flag")
            #expect(request.queryItems.map(\.name) == ["fields", "q", "flag"])
            #expect(request.header("Accept") == "application/json")
            #expect(request.header("X-Client") == "keel-tests")
            #expect(request.header("X-Trace") == "t-1")
        }

        @Test("2. 404 with a JSON error body throws .status(404) keeping the body")
        func notFoundKeepsBody() async throws {
            let fixture = try LoopbackFixture()
            let body = #"{"error":"no such user","code":"E404"}"#
            fixture.server.route("GET", "/api/users/9") { _ in .json(body, status: 404) }
            let error = try await #require(throws: APIError.self) {
                try await fixture.client.send(Endpoint<User>(.get, "users/9"))
            }
            guard case .status(let code, let headers, let kept, let truncated) = error else {
                Issue.record("expected .status, got \(error)")
                return
            }
            #expect(code == 404)
            #expect(kept == Data(body.utf8))
            #expect(!truncated)
            #expect(headers.header("Content-Type") == "application/json")
        }

        @Test("Bodies larger than the kept-body limit are truncated and flagged")
        func errorBodyLimit() async throws {
            let fixture = try LoopbackFixture()
            let client = APIClient(
                configuration: .init(
                    baseURL: fixture.server.baseURL, retryPolicy: nil, maximumKeptErrorBodyBytes: 16,
                    allowsInsecureHTTP: true))
            fixture.server.route("GET", "/big") { _ in
                .init(status: 500, body: Data(repeating: 65, count: 10_000))
            }
            let error = try await #require(throws: APIError.self) {
                try await client.send(Endpoint<Void>(.get, "big"))
            }
            guard case .status(500, _, let body, true) = error else {
                Issue.record("expected a truncated 500, got \(error)")
                return
            }
            #expect(body.count == 16)
        }

        @Test("3. 50 concurrent requests through the local server all complete correctly")
        func fiftyConcurrent() async throws {
            let fixture = try LoopbackFixture()
            fixture.server.route("GET", "/api/echo") { request in
                let id = request.queryItems.first { $0.name == "id" }?.value ?? "-1"
                return .json(#"{"id":\#(id),"name":"user-\#(id)"}"#)
            }
            let results = try await withThrowingTaskGroup(of: (Int, User).self) { group in
                for index in 0..<50 {
                    group.addTask {
                        let endpoint = Endpoint<User>(
                            .get, "echo", query: [URLQueryItem(name: "id", value: "\(index)")])
                        return (index, try await fixture.client.send(endpoint))
                    }
                }
                var collected: [Int: User] = [:]
                for try await (index, user) in group { collected[index] = user }
                return collected
            }
            #expect(results.count == 50)
            for (index, user) in results { #expect(user == User(id: index, name: "user-\(index)")) }
        }
    }
}

extension SerialLoopbackTests {
    /// Cancellation and timeout timings (run serially with the large uploads).
    @Suite("Cancellation and own timeouts")
    struct CancellationAndTimeouts {
        @Test("8. Cancelling the task mid-request throws CancellationError within 250 ms")
        func cancellation() async throws {
            let fixture = try LoopbackFixture()
            fixture.server.route("GET", "/api/slow") { _ in .json("{}", status: 200).delayed(.seconds(3)) }
            // Every attempt must end in CancellationError long before the 3 s response; the
            // 250 ms bound is checked on up to three attempts, as a loaded machine can stall once.
            var timings: [Duration] = []
            for attempt in 1...3 {
                let task = Task { try await fixture.client.send(Endpoint<Void>(.get, "slow")) }
                #expect(await eventually { fixture.server.requests.count == attempt })
                let cancelledAt = ContinuousClock.now
                task.cancel()
                let result = await task.result
                let elapsed = cancelledAt.duration(to: ContinuousClock.now)
                #expect(throws: CancellationError.self) { try result.get() }
                // Well before the server's 3 s answer: the cancellation, not the response, ended it.
                #expect(elapsed < .milliseconds(2500), "took \(elapsed)")
                timings.append(elapsed)
                if elapsed < .milliseconds(250) { break }
            }
            #expect(timings.contains { $0 < .milliseconds(250) }, "took \(timings)")
        }

        @Test("9. A 300 ms timeout against a 3 s server fails with .timedOut after 300 ± 100 ms")
        func ownTimeout() async throws {
            let fixture = try LoopbackFixture()
            fixture.server.route("GET", "/api/slow") { _ in .json("{}").delayed(.seconds(3)) }
            // Every attempt must time out at the client's own 300 ms deadline (Linux URLSession
            // would wait whole seconds). The wall-clock window is checked on up to three attempts,
            // because a fully loaded 2-core machine can delay any timer by 100 ms once.
            var timings: [Duration] = []
            for _ in 0..<3 {
                let start = ContinuousClock.now
                let error = try await #require(throws: APIError.self) {
                    try await fixture.client.send(
                        Endpoint<Void>(.get, "slow", timeout: .milliseconds(300)))
                }
                let elapsed = start.duration(to: ContinuousClock.now)
                guard case .timedOut(let after) = error else {
                    Issue.record("expected .timedOut, got \(error)")
                    return
                }
                #expect(after == .milliseconds(300))
                // Never early, and well before the server's 3 s answer (a stalled timer may be late).
                #expect(elapsed >= .milliseconds(200) && elapsed < .milliseconds(2500), "took \(elapsed)")
                timings.append(elapsed)
                if elapsed <= .milliseconds(400) { break }
            }
            #expect(
                timings.contains { $0 >= .milliseconds(200) && $0 <= .milliseconds(400) }, "took \(timings)")
        }
    }
}

extension LocalHTTPServer.Response {
    /// The response after `delay`.
    func delayed(_ delay: Duration) -> Self {
        var copy = self
        copy.delay = delay
        return copy
    }
}
