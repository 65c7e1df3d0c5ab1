import Foundation
import KeelNetworking
import KeelNetworkingTesting
import KeelSupport
import KeelTestSupport
import KeelTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A gate a server thread waits at until the test opens it (a hang guard of a minute).
final class ServerGate: Sendable {
    private let semaphore = Locked(DispatchSemaphore(value: 0))

    func open() { semaphore.current.signal() }

    /// Waits for `open()`; `false` after the hang guard.
    func wait() -> Bool { semaphore.current.wait(timeout: .now() + 60) == .success }
}

/// Records what an event monitor saw.
final class RecordingMonitor: APIEventMonitor {
    let events = Locked<[String]>([])
    let signal = TestSignal()

    func requestWillSend(_ request: URLRequest, body: TransportRequest.Body, attempt: Int) {
        record("send \(attempt) \(request.value(forHTTPHeaderField: "X-Attempt-Token") ?? "-")")
    }

    func requestDidReceive(_ response: HTTPURLResponse, data: Data, for request: URLRequest, attempt: Int) {
        record("receive \(response.statusCode)")
    }

    func requestWillRetry(_ request: URLRequest, attempt: Int, delay: Duration, failure: APIError) {
        record("retry \(attempt)")
    }

    func requestDidFinish(_ request: URLRequest?, outcome: RequestOutcome, attempts: Int, duration: Duration)
    {
        switch outcome {
        case .success(let response): record("finish \(response.statusCode) after \(attempts)")
        case .failure(let error): record("finish failed \(type(of: error)) after \(attempts)")
        }
    }

    private func record(_ event: String) {
        events.withLock { $0.append(event) }
        signal.signal()
    }
}

/// Adds a header naming the attempt.
struct AttemptTokenInterceptor: APIInterceptor {
    func adapt(_ request: inout URLRequest, context: RequestContext) async throws {
        request.setValue("token-\(context.attempt)", forHTTPHeaderField: "X-Attempt-Token")
    }
}

extension SerialLoopbackTests {
    @Suite("Streamed responses over loopback")
    struct StreamingLoopbackTests {
        @Test("A slow chunked stream is read chunk by chunk: the first chunk arrives before the last is sent")
        func firstChunkBeforeLast() async throws {
            let fixture = try LoopbackFixture()
            let gate = ServerGate()
            let sentLast = Locked(false)
            fixture.server.route("GET", "/api/slow") { _ in
                .chunked(headers: ["Content-Type": "text/plain"]) { send in
                    _ = send(Data("first\n".utf8))
                    guard gate.wait() else { return }
                    sentLast.set(true)
                    _ = send(Data("last\n".utf8))
                }
            }
            let streamed = try await fixture.client.bytes(for: rawEndpoint("slow"))
            #expect(streamed.response.statusCode == 200)
            var lines = streamed.body.lines.makeAsyncIterator()
            #expect(try await lines.next() == "first")
            #expect(!sentLast.current, "the first chunk was read while the server still held the last")
            gate.open()
            #expect(try await lines.next() == "last")
            #expect(try await lines.next() == nil)
            #expect(sentLast.current)
        }

        @Test("Cancelling the reading task mid-stream closes the connection (the server sees it go)")
        func cancellationClosesTheConnection() async throws {
            let fixture = try LoopbackFixture()
            fixture.server.route("GET", "/api/endless") { _ in
                .init(
                    behavior: .endlessBody(
                        chunk: Data(repeating: 0x61, count: 1024), interval: .milliseconds(5)))
            }
            let firstChunks = TestSignal()
            let received = Locked(0)
            let reading = Task {
                let streamed = try await fixture.client.bytes(for: rawEndpoint("endless"))
                for try await chunk in streamed.body {
                    received.withLock { $0 += chunk.count }
                    firstChunks.signal()
                }
            }
            #expect(await firstChunks.wait { received.current >= 3 * 1024 })
            #expect(fixture.server.openConnectionCount == 1)
            reading.cancel()
            await #expect(throws: CancellationError.self) { try await reading.value }
            #expect(
                await eventually { fixture.server.openConnectionCount == 0 }, "the connection stayed open")
        }

        @Test("The body cap stops a stream past it, and refuses a Content-Length announcing more")
        func bodyCap() async throws {
            let server = try LocalHTTPServer()
            defer { server.stop() }
            server.route("GET", "/api/endless") { _ in
                .init(behavior: .endlessBody(chunk: Data(repeating: 0x62, count: 4096), interval: .zero))
            }
            server.route("GET", "/api/announced") { _ in
                .init(behavior: .raw(Data("HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n".utf8)))
            }
            let client = APIClient(
                configuration: .init(
                    baseURL: server.url("/api"), retryPolicy: .never, timeout: .seconds(60),
                    maximumResponseBodyBytes: 64 * 1024, allowsInsecureHTTP: true),
                transport: URLSessionTransport())
            let streamed = try await client.bytes(for: rawEndpoint("endless"))
            var received = 0
            await #expect {
                for try await chunk in streamed.body { received += chunk.count }
            } throws: { error in
                guard case .responseTooLarge(let limit) = error as? APIError else { return false }
                return limit == 64 * 1024
            }
            #expect(received <= 64 * 1024)
            #expect(
                await eventually { server.openConnectionCount == 0 },
                "the capped transfer kept its connection")
            await #expect {
                _ = try await client.bytes(for: rawEndpoint("announced"))
            } throws: { error in
                guard case .responseTooLarge = error as? APIError else { return false }
                return true
            }
        }

        @Test("Interceptors adapt every attempt, a 503 is retried, monitors see the head and the body's end")
        func interceptorsRetriesAndMonitors() async throws {
            let monitor = RecordingMonitor()
            let fixture = try LoopbackFixture(
                retryPolicy: RetryPolicy(
                    backoff: RetryBackoff(maximumRetries: 1, baseDelay: .zero, maximumDelay: .zero)),
                interceptors: [AttemptTokenInterceptor()], monitors: [monitor])
            let calls = Locked(0)
            fixture.server.route("GET", "/api/flaky") { _ in
                let call = calls.withLock { value -> Int in
                    value += 1
                    return value
                }
                if call == 1 { return .init(status: 503, body: Data("busy".utf8)) }
                return .chunked(headers: ["Content-Type": "application/x-ndjson"]) { send in
                    _ = send(Data("{\"n\":1}\n{\"n\"".utf8))
                    _ = send(Data(":2}\n".utf8))
                }
            }
            struct Item: Decodable, Equatable { var n: Int }
            let streamed = try await fixture.client.bytes(for: rawEndpoint("flaky"))
            #expect(
                monitor.events.current == [
                    "send 1 token-1", "receive 503", "retry 1", "send 2 token-2", "receive 200",
                ])
            var items: [Item] = []
            for try await item in streamed.body.jsonLines(of: Item.self) { items.append(item) }
            #expect(items == [Item(n: 1), Item(n: 2)])
            #expect(await monitor.signal.wait { monitor.events.current.last == "finish 200 after 2" })
            #expect(fixture.server.requests.map { $0.header("X-Attempt-Token") } == ["token-1", "token-2"])
        }

        @Test("An unacceptable status throws status with the start of its body")
        func unacceptableStatus() async throws {
            let fixture = try LoopbackFixture()
            fixture.server.route("GET", "/api/missing") { _ in .json(#"{"error":"gone"}"#, status: 404) }
            await #expect {
                _ = try await fixture.client.bytes(for: rawEndpoint("missing"))
            } throws: { error in
                guard case .status(let code, _, let body, let truncated) = error as? APIError else {
                    return false
                }
                return code == 404 && body == Data(#"{"error":"gone"}"#.utf8) && !truncated
            }
        }
    }

    /// The memory tests of streamed bodies, in child processes. The default run streams 256 MB
    /// (a body held in memory would grow past the budget four times over); the long run
    /// (`KEEL_LONG_TESTS=1`, which `.ci/run` sets for this suite) streams the issue's 1 GB.
    @Suite("Large streamed responses")
    struct LargeStreams {
        @Test(
            "A 1 GB stream (256 MB by default) read by a consumer that starts a quarter behind grows resident memory by less than 64 MB"
        )
        func oneGigabyte() async throws {
            let size = LongRuns.cases(short: 256 << 20, long: 1 << 30)
            let behind = size / 4
            try await expectMemoryGrowthBelow(64 * 1_000_000, "stream-\(size >> 20)MiB") {
                let report = try await helperReport(["stream-bytes", String(size), String(behind)])
                #expect(report["received"] == String(size))
                #expect(report["pattern"] == "ok")
                #if os(Linux)
                    // FoundationNetworking cannot pause a transfer: the consumer really is a
                    // quarter behind, parked on disk. (On Apple platforms the suspended task
                    // holds the server back.)
                    #expect(report["behind"].flatMap { Int($0) }.map { $0 >= behind } == true, "\(report)")
                #endif
                return report
            }
        }
    }
}

/// Runs the networking test helper with `arguments` and returns its `key=value` report.
func helperReport(_ arguments: [String]) async throws -> [String: String] {
    let helper = try #require(
        ChildProcess.builtExecutable(named: "KeelNetworkingTestHelper"),
        "KeelNetworkingTestHelper is built beside the tests")
    let run = try await ChildProcess.run(helper, arguments: arguments)
    #expect(run.status == 0, "\(run.standardError)")
    var report: [String: String] = [:]
    for field in run.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ") {
        let pair = field.split(separator: "=", maxSplits: 1).map(String.init)
        if pair.count == 2 { report[pair[0]] = pair[1] }
    }
    return report
}

/// Checks a child process's peak resident-memory growth (`growth=` in the report `run` returns)
/// against `budget`: one of up to three runs must stay under it. FoundationNetworking has no
/// back-pressure of its own — libcurl's deliveries queue up in memory whenever the session's
/// delegate thread gets less CPU than libcurl's — so on a machine loaded several times over one
/// run can grow by a scheduling hiccup; a transfer that really buffered the body would grow by
/// hundreds of megabytes in every run.
func expectMemoryGrowthBelow(
    _ budget: Int, _ name: String, _ run: () async throws -> [String: String]
) async throws {
    var growths: [Int] = []
    for _ in 0..<3 {
        let report = try await run()
        let growth = try #require(report["growth"].flatMap { Int($0) }, "\(report)")
        print("\(name) peak RSS growth: \(growth) bytes")
        #expect(report["reset"] == "true", "could not reset VmHWM; the growth figure is an upper bound")
        // The thread sanitizer's shadow memory inflates every allocation; the budget is checked
        // in the uninstrumented runs.
        if report["tsan"] == "true" || growth < budget { return }
        growths.append(growth)
    }
    Issue.record("\(name): peak RSS grew past \(budget / 1_000_000) MB in every run: \(growths)")
}
