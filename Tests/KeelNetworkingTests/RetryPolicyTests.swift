import Foundation
import KeelNetworking
import KeelNetworkingTesting
import KeelSupport
import KeelTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("RetryPolicy under a test clock")
struct RetryPolicyTests {
    static let base = URL(string: "https://api.test")!
    static let fixedNow = Date(timeIntervalSince1970: 1_700_000_000)

    func makeClient(_ stub: StubTransport, clock: TestClock, policy: RetryPolicy) -> APIClient {
        APIClient(
            baseURL: Self.base, transport: stub, retryPolicy: policy, allowsInsecureHTTP: true, clock: clock)
    }

    @Test("4. 503, 503, 200: three attempts, backoff delays as the policy says, no real sleeping")
    func backoffSequence() async throws {
        let clock = TestClock()
        let stub = StubTransport()
        stub.route(.get, "/flaky", .status(503), .status(503), .json(#"{"id":1,"name":"ok"}"#))
        let policy = RetryPolicy(
            backoff: RetryBackoff(baseDelay: .seconds(1), maximumDelay: .seconds(30)), random: { 0.75 })
        let client = makeClient(stub, clock: clock, policy: policy)
        let task = Task { try await client.send(Endpoint<User>(.get, "flaky")) }

        // Sleepers: the call's timeout timer plus the retry delay.
        #expect(await clock.waitForSleepers(2))
        #expect(stub.requests.count == 1)
        await clock.advance(by: .milliseconds(749))
        #expect(stub.requests.count == 1)
        await clock.advance(by: .milliseconds(1))  // first retry: 0.75 × 1 s
        #expect(await clock.waitForSleepers(2))
        #expect(stub.requests.count == 2)
        await clock.advance(by: .milliseconds(1499))
        #expect(stub.requests.count == 2)
        await clock.advance(by: .milliseconds(1))  // second retry: 0.75 × 2 s
        let user = try await task.value
        #expect(user == User(id: 1, name: "ok"))
        #expect(stub.requests.count == 3)
        // The policy's delays (0.75 s + 1.5 s) passed on the injected clock, not in real time:
        // the test clock moved exactly that far and only because the test advanced it.
        #expect(clock.now.offset == .milliseconds(2250))
    }

    @Test("Two retries at most: the third 503 is thrown")
    func retryLimit() async throws {
        let clock = TestClock()
        let stub = StubTransport()
        stub.route(.get, "/down", .status(503))
        let client = makeClient(stub, clock: clock, policy: RetryPolicy(random: { 1 }))
        let task = Task { try await client.send(Endpoint<Void>(.get, "down")) }
        #expect(await clock.waitForSleepers(2))
        await clock.advance(by: .seconds(1))
        #expect(await clock.waitForSleepers(2))
        await clock.advance(by: .seconds(1))
        let result = await task.result
        #expect(throws: APIError.self) { try result.get() }
        #expect(stub.requests.count == 3)
        if case .failure(let error as APIError) = result { #expect(error.statusCode == 503) }
    }

    static let retryAfterCases: [(label: String, header: String, cap: Duration, expected: Duration)] = [
        ("delta-seconds", "2", .seconds(60), .seconds(2)),
        ("HTTP-date", RetryAfter.httpDateString(fixedNow.addingTimeInterval(2)), .seconds(60), .seconds(2)),
        ("capped delta", "120", .seconds(5), .seconds(5)),
        (
            "capped date", RetryAfter.httpDateString(fixedNow.addingTimeInterval(3600)), .seconds(5),
            .seconds(5)
        ),
    ]

    @Test("5. 429 with Retry-After schedules the next attempt at +2 s (capped)", arguments: retryAfterCases)
    func retryAfter(_ testCase: (label: String, header: String, cap: Duration, expected: Duration))
        async throws
    {
        let clock = TestClock()
        let stub = StubTransport()
        stub.route(
            .get, "/limited", .status(429, headers: ["Retry-After": testCase.header]),
            .json("{\"id\":2,\"name\":\"x\"}"))
        let policy = RetryPolicy(maximumRetryAfter: testCase.cap, random: { 0 }, now: { Self.fixedNow })
        let client = makeClient(stub, clock: clock, policy: policy)
        let task = Task { try await client.send(Endpoint<User>(.get, "limited")) }
        #expect(await clock.waitForSleepers(2))
        await clock.advance(by: testCase.expected - .milliseconds(1))
        #expect(stub.requests.count == 1, "\(testCase.label): retried early")
        await clock.advance(by: .milliseconds(1))
        _ = try await task.value
        #expect(stub.requests.count == 2, "\(testCase.label)")
    }

    @Test("6. A POST that gets 503 is not retried")
    func postNotRetried() async throws {
        let clock = TestClock()
        let stub = StubTransport()
        stub.route(.post, "/orders", .status(503), .json("{}"))
        let client = makeClient(stub, clock: clock, policy: RetryPolicy(random: { 0 }))
        let error = try await #require(throws: APIError.self) {
            try await client.send(Endpoint<Void>(.post, "orders", body: .json(["item": "book"])))
        }
        #expect(error.statusCode == 503)
        #expect(stub.requests.count == 1)
    }

    @Test("6. A POST with an Idempotency-Key that gets 503 is retried")
    func postWithIdempotencyKeyRetried() async throws {
        let clock = TestClock()
        let stub = StubTransport()
        stub.route(.post, "/orders", .status(503), .status(201))
        let client = makeClient(stub, clock: clock, policy: RetryPolicy(random: { 0 }))
        try await client.send(
            Endpoint<Void>(
                .post, "orders", headers: ["Idempotency-Key": "k-1"], body: .json(["item": "book"])))
        #expect(stub.requests.count == 2)
        #expect(stub.requests.allSatisfy { $0.header("Idempotency-Key") == "k-1" })
    }

    @Test("Transient transport errors are retried; others are not")
    func transportErrors() async throws {
        let stub = StubTransport()
        stub.route(.get, "/x", .failure(URLError(.networkConnectionLost)), .json("{}"))
        stub.route(.get, "/y", .failure(URLError(.badURL)), .json("{}"))
        let client = makeClient(stub, clock: TestClock(), policy: RetryPolicy(random: { 0 }))
        try await client.send(Endpoint<Void>(.get, "x"))
        let error = try await #require(throws: APIError.self) {
            try await client.send(Endpoint<Void>(.get, "y"))
        }
        guard case .transport(let urlError) = error else {
            Issue.record("expected .transport, got \(error)")
            return
        }
        #expect(urlError.code == .badURL)
    }

    static let invalidRetryAfter = [
        "", "soon", "-5", "1.5", "Mon, 99 Foo 2024 25:61:61 GMT", String(repeating: "9x", count: 100),
        // Combining marks made FoundationNetworking's DateFormatter trap ("Incorrect range
        // CFRange"); found by the networking.download fuzz family through Last-Modified.
        "Sat, 05 Dec 2026\u{352}\u{FFFD}b GX 10:00:00 GMT", "Sat\u{598}  05 Dec 2026 10:00:00 GMT",
        "Sat, 05 Dec\u{30D}AK 2026 10:00:00 GMT",
    ]

    @Test("Invalid Retry-After values throw a typed error naming the value", arguments: invalidRetryAfter)
    func invalidRetryAfterParsing(_ value: String) {
        #expect(throws: APIError.self) { try RetryAfter.delay(from: value, now: Self.fixedNow) }
        do {
            _ = try RetryAfter.delay(from: value, now: Self.fixedNow)
        } catch {
            #expect(String(describing: error).contains("Retry-After"))
        }
    }

    @Test("A Retry-After date far in the future is the longest clamped delay, converted without trapping")
    func farRetryAfterDateIsClamped() throws {
        // Converted by hand before (`.milliseconds(Int64(interval * 1000))`): year 99999 (the
        // most the asctime form accepts here) gave 98,000 years, and a date past 292 million
        // years, which another platform's formatter may accept, trapped.
        let delay = try RetryAfter.delay(from: "Mon Nov 6 08:49:37 99999", now: Self.fixedNow)
        #expect(delay == .clampedSeconds(.infinity))
        #expect(
            try RetryAfter.delay(
                from: RetryAfter.httpDateString(Self.fixedNow.addingTimeInterval(-5)), now: Self.fixedNow)
                == .zero)
    }

    @Test("An invalid Retry-After falls back to backoff instead of failing")
    func invalidRetryAfterFallsBack() {
        let policy = RetryPolicy(backoff: RetryBackoff(baseDelay: .seconds(1)), random: { 0.5 })
        let response = HTTPURLResponse(
            url: Self.base, statusCode: 503, httpVersion: nil, headerFields: ["Retry-After": "tomorrow"])
        #expect(policy.delay(forRetry: 1, response: response) == .milliseconds(500))
        #expect(policy.delay(forRetry: 3, response: nil) == .seconds(2))
    }

    @Test("Backoff is capped and uses full jitter")
    func backoffCap() {
        let policy = RetryPolicy(
            backoff: RetryBackoff(baseDelay: .seconds(1), maximumDelay: .seconds(5)), random: { 1 })
        #expect(policy.backoffDelay(forRetry: 1) == .seconds(1))
        #expect(policy.backoffDelay(forRetry: 3) == .seconds(4))
        #expect(policy.backoffDelay(forRetry: 10) == .seconds(5))
        #expect(RetryPolicy(random: { 0 }).backoffDelay(forRetry: 2) == .zero)
    }
}
