import Foundation
@_spi(Benchmarks) import KeelNetworking
@_spi(Benchmarks) import KeelNetworkingTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension BenchSuite {
    /// Streamed responses and Server-Sent Events: `client.bytes(for:)` throughput over loopback
    /// beside a plain URLSession data task whose delegate counts the same bytes, and the SSE
    /// parser's cost per small event.
    static func streamingLines(server: LocalHTTPServer, reporter: BenchReporter) throws {
        let size = 200 * 1_000_000
        let blob = Data(repeating: 0x5B, count: size)
        server.route("GET", "/stream") { _ in .init(status: 200, body: blob) }
        let client = APIClient(
            configuration: .init(
                baseURL: server.baseURL, retryPolicy: nil, maximumResponseBodyBytes: Int.max,
                allowsInsecureHTTP: true),
            transport: URLSessionTransport())
        let counter = CountingDelegate()
        let session = URLSession(configuration: .ephemeral, delegate: counter, delegateQueue: nil)
        let url = server.url("/stream")
        let keelRun: @Sendable () async throws -> Void = {
            var count = 0
            for try await chunk in try await client.bytes(
                for: Endpoint<Data>(.get, target: .path("stream"), decoding: .data)
            ).body {
                count += chunk.count
            }
            guard count == size else { throw CancellationError() }
        }
        let plainRun: @Sendable () async throws -> Void = {
            let count = await counter.run(session.dataTask(with: url))
            guard count == size else { throw CancellationError() }
        }
        // Interleaved rounds, the order swapped each round, the best of each side: a run's time
        // moves by a fifth from one run to the next on a shared machine, and three of one side
        // followed by three of the other let that drift decide the ratio.
        let (streamed, plain) = try runStreamingAsync {
            var best = (keel: Double.infinity, plain: Double.infinity)
            for round in 0..<5 {
                for side in round % 2 == 0 ? [true, false] : [false, true] {
                    let seconds = try await wallTime(side ? keelRun : plainRun)
                    if side {
                        best.keel = min(best.keel, seconds)
                    } else {
                        best.plain = min(best.plain, seconds)
                    }
                }
            }
            return (best.keel, best.plain)
        }
        session.invalidateAndCancel()
        let megabytes = Double(size) / 1_000_000
        reporter.report("networking.stream200MB.keel", megabytes / streamed, "MB/s")
        reporter.report("networking.stream200MB.urlsession", megabytes / plain, "MB/s")
        // The time beside plain URLSession's: the ratio line is URLSession's time over Keel's.
        reporter.report("networking.stream200MB", streamed * 1000, "ms", baseline: plain * 1000)

        // 10 000 small events (`id`, `event`, one `data` line), fed in 4 KiB chunks.
        var text = ""
        for index in 0..<10_000 {
            text += "id: \(index)\nevent: score\ndata: {\"home\":\(index % 7),\"away\":2}\n\n"
        }
        let bytes = Array(text.utf8)
        let parse = try runStreamingAsync {
            try await bestTime(5) {
                guard StreamingBenchmarks.parseEvents(bytes, chunkSize: 4096) == 10_000 else {
                    throw CancellationError()
                }
            }
        }
        reporter.report("networking.sse.per_event", parse / 10_000 * 1e9, "ns")
    }
}

/// Counts a data task's bytes as they arrive, as `client.bytes(for:)`'s reader does.
private final class CountingDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct State {
        var count = 0
        var finished: CheckedContinuation<Int, Never>?
    }

    // Under a lock: the completion runs on the session's queue while the awaiting task may
    // already be starting the next run (clearing `finished` after resuming it, unlocked, once
    // dropped the next run's continuation and hung the suite).
    private let state = BenchLocked(State())

    func run(_ task: URLSessionDataTask) async -> Int {
        await withCheckedContinuation { continuation in
            state.set(State(count: 0, finished: continuation))
            task.resume()
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        state.withLock { $0.count += data.count }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, count) = state.withLock { state in
            defer { state.finished = nil }
            return (state.finished, state.count)
        }
        continuation?.resume(returning: count)
    }
}

/// Runs async benchmark work from the synchronous suite closure.
private func runStreamingAsync<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let result = StreamingResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        result.set(await Result(catching: body))
        done.signal()
    }
    done.wait()
    return try result.get()
}

/// The best wall time in seconds of `repetitions` runs of `body`.
private func bestTime(_ repetitions: Int, _ body: () async throws -> Void) async rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<repetitions {
        best = min(best, try await wallTime(body))
    }
    return best
}

/// The wall time in seconds of one run of `body`.
private func wallTime(_ body: () async throws -> Void) async rethrows -> Double {
    let start = ContinuousClock.now
    try await body()
    let elapsed = start.duration(to: .now)
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
}

/// A result handed from a task to the waiting thread. `@unchecked Sendable`: guarded by `lock`.
private final class StreamingResultBox<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<T, any Error>?

    func set(_ value: Result<T, any Error>) {
        lock.lock()
        result = value
        lock.unlock()
    }

    func get() throws -> T {
        lock.lock()
        defer { lock.unlock() }
        return try result!.get()
    }
}

extension Result where Failure == any Error {
    /// The result of `body`.
    fileprivate init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
