import Foundation
import KeelNetworking
import KeelNetworkingTesting
import KeelSupport
import KeelTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One rule for "is this failure transient?": `RetryPolicy`, the offline queue and resumable
/// uploads all ask `TransientFailures`.
@Suite("One transient-failure rule for retries, the offline queue and uploads")
struct TransientFailureRuleTests {
    static let base = URL(string: "https://api.test")!

    /// Failures that will be the same next time, and what the queue reports for each.
    static let permanent: [(label: String, reply: StubTransport.Reply, status: Int?)] = [
        ("501", .status(501), 501),
        ("505", .status(505), 505),
        ("bad URL", .failure(URLError(.badURL)), nil),
        ("untrusted certificate", .failure(URLError(.serverCertificateUntrusted)), nil),
    ]

    /// Failures that pass, which the queue keeps and the policy retries.
    static let transient: [(label: String, reply: StubTransport.Reply)] = [
        ("503", .status(503)),
        ("429", .status(429)),
        ("no network", .failure(URLError(.notConnectedToInternet))),
        ("connection lost", .failure(URLError(.networkConnectionLost))),
    ]

    /// A queue over `stub` with an in-memory store; its path is never satisfied, so only
    /// explicit `replay()` calls send.
    func queue(over stub: StubTransport) throws -> OfflineQueue {
        let client = APIClient(
            configuration: .init(baseURL: Self.base, retryPolicy: nil), transport: stub)
        let monitor = NetworkMonitor(
            source: ManualNetworkPathSource(NetworkPath(status: .unsatisfied)), debounce: .zero)
        return try OfflineQueue(client: client, store: MemoryQueueStore(), monitor: monitor, retryBudget: 3)
    }

    @Test(
        "The offline queue fails a permanent failure at once instead of spending its budget",
        arguments: permanent)
    func queueFailsPermanentAtOnce(_ testCase: (label: String, reply: StubTransport.Reply, status: Int?))
        async throws
    {
        // The queue used to count any 5xx and any transport error as transient: a 501, a 505,
        // a bad URL or an untrusted certificate stayed queued after this pass and was sent
        // again on the next two, until the budget of 3 ran out.
        let stub = StubTransport()
        stub.route(.post, "/messages", testCase.reply)
        let queue = try queue(over: stub)
        let id = try await queue.enqueue(
            Endpoint<Void>(.post, "messages", body: .data(Data("hi".utf8), contentType: "text/plain")))
        let outcomes = await queue.outcomes()
        await queue.replay()
        #expect(await queue.pending.isEmpty, "\(testCase.label) is still queued")
        var iterator = outcomes.makeAsyncIterator()
        let outcome = await iterator.next()
        if let status = testCase.status {
            #expect(
                outcome == .failed(id, .rejected(status: status)),
                "\(testCase.label): \(String(describing: outcome))")
        } else if case .failed(id, .retryBudgetExhausted(let attempts, let lastError)) = outcome {
            #expect(attempts == 1)
            #expect(!lastError.isEmpty)
        } else {
            Issue.record("\(testCase.label): \(String(describing: outcome))")
        }
        await queue.replay()
        #expect(stub.requests.count == 1, "\(testCase.label) was sent again")
    }

    @Test("The offline queue keeps a transient failure for the next pass", arguments: transient)
    func queueKeepsTransient(_ testCase: (label: String, reply: StubTransport.Reply)) async throws {
        let stub = StubTransport()
        stub.route(.post, "/messages", testCase.reply)
        let queue = try queue(over: stub)
        let id = try await queue.enqueue(
            Endpoint<Void>(.post, "messages", body: .data(Data("hi".utf8), contentType: "text/plain")))
        await queue.replay()
        #expect(await queue.pending == [id], "\(testCase.label)")
        await queue.replay()
        #expect(stub.requests.count == 2, "\(testCase.label)")
    }

    @Test(
        "RetryPolicy retries neither a 501/505 nor a bad URL or an untrusted certificate",
        arguments: permanent)
    func policyDoesNotRetryPermanent(_ testCase: (label: String, reply: StubTransport.Reply, status: Int?))
        async throws
    {
        let stub = StubTransport()
        stub.route(.get, "/item", testCase.reply, .json("{}"))
        let client = APIClient(baseURL: Self.base, transport: stub, retryPolicy: RetryPolicy(random: { 0 }))
        await #expect(throws: APIError.self) { try await client.send(Endpoint<Void>(.get, "item")) }
        #expect(stub.requests.count == 1, "\(testCase.label) was retried")
        #expect(!RetryPolicy().transientFailures.isTransient(permanentError(testCase)))
        #expect(!TransientFailures.standard.isTransient(permanentError(testCase)))
    }

    @Test("RetryPolicy retries the transient failures the queue keeps", arguments: transient)
    func policyRetriesTransient(_ testCase: (label: String, reply: StubTransport.Reply)) async throws {
        let stub = StubTransport()
        stub.route(.get, "/item", testCase.reply, .json("{}"))
        let client = APIClient(baseURL: Self.base, transport: stub, retryPolicy: RetryPolicy(random: { 0 }))
        try await client.send(Endpoint<Void>(.get, "item"))
        #expect(stub.requests.count == 2, "\(testCase.label)")
    }

    @Test("An upload is interrupted (resumable) only by a transient failure")
    func uploadInterruptions() {
        // `isInterruption` used to take any transport error and any 5xx: a bad URL, an
        // untrusted certificate or a 501 handed back resume data that could only fail again.
        func status(_ code: Int) -> APIError {
            .status(code: code, headers: [:], body: Data(), isBodyTruncated: false)
        }
        for error in [
            status(501), status(505), APIError.transport(URLError(.badURL)),
            APIError.transport(URLError(.serverCertificateUntrusted)),
        ] {
            #expect(!UploadResume.isInterruption(error), "\(error)")
            #expect(!UploadResume.isInterruption(error, appending: true), "\(error)")
        }
        for error in [
            status(500), status(503), status(429), APIError.transport(URLError(.networkConnectionLost)),
            APIError.timedOut(after: .seconds(1)), APIError.cancelled,
        ] {
            #expect(UploadResume.isInterruption(error), "\(error)")
        }
    }

    private func permanentError(_ testCase: (label: String, reply: StubTransport.Reply, status: Int?))
        -> APIError
    {
        switch testCase.reply {
        case .failure(let error as URLError): .transport(error)
        default: .status(code: testCase.status ?? 0, headers: [:], body: Data(), isBodyTruncated: false)
        }
    }
}

/// An `OfflineQueueStore` in memory.
private final class MemoryQueueStore: OfflineQueueStore {
    private let bytes = Locked<Data?>(nil)

    func loadQueue() throws -> Data? { bytes.current }

    func saveQueue(_ data: Data) throws { bytes.set(data) }
}
