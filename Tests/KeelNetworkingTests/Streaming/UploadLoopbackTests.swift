import Foundation
import KeelNetworking
import KeelNetworkingTesting
import KeelSupport
import KeelTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A loopback server that takes file uploads at `/api/files`: as one request always, and, when
/// `offersResumable`, through draft-ietf-httpbis-resumable-upload upload resources at
/// `/api/uploads/<n>` (`OPTIONS` discovery, empty creation, `HEAD` offsets, `PATCH` appends,
/// `DELETE`). What each upload holds is kept for the test to hash. With `limits`, every
/// protocol answer carries that `Upload-Limit` (the creation's may differ: `creationLimits`),
/// and an append above `maxAppendSize` is refused `413`; `cutAppend` breaks off the append of
/// that number (1-based) after so many bytes; `limitsOnHead: false` leaves `Upload-Limit` out of
/// offset retrievals.
final class ResumableUploadServer: Sendable {
    struct State {
        var uploads: [Data] = []
        var complete: [Bool] = []
        /// Files received whole as one plain request.
        var plain: [Data] = []
        /// The host the `Location` of a created upload names (another origin when changed).
        var locationHost = "127.0.0.1"
        /// `PATCH`es received.
        var appends = 0
    }

    let server: LocalHTTPServer
    let state = Locked(State())
    /// Signalled when a `PATCH` arrives.
    let patches = TestSignal()

    init(
        offersResumable: Bool, patchDelay: Duration = .zero, limits: String? = nil,
        creationLimits: String? = nil,
        maxAppendSize: Int? = nil, cutAppend: (number: Int, after: Int)? = nil, limitsOnHead: Bool = true
    ) throws {
        server = try LocalHTTPServer(bodyFileThreshold: 64 << 20)
        let server = self.server
        let state = self.state
        let patches = self.patches
        if offersResumable {
            server.route("OPTIONS", "/api/files") { _ in
                var headers = ["Accept-Patch": "application/partial-upload"]
                headers["Upload-Limit"] = limits
                return .init(status: 204, headers: headers)
            }
        }
        server.route("POST", "/api/files") { request in
            if offersResumable, request.header("Upload-Complete") == "?0" {
                let (index, host) = state.withLock { state -> (Int, String) in
                    state.uploads.append(request.body)
                    state.complete.append(false)
                    return (state.uploads.count, state.locationHost)
                }
                var headers = ["Location": server.url("/api/uploads/\(index)", host: host).absoluteString]
                headers["Upload-Limit"] = creationLimits ?? limits
                return .init(status: 201, headers: headers)
            }
            guard !request.bodyWasCut else { return .init(status: 500) }
            state.withLock { $0.plain.append(request.body) }
            return .json(#"{"size":\#(request.body.count)}"#)
        }
        for index in 1...3 {
            let path = "/api/uploads/\(index)"
            server.route("HEAD", path) { _ in
                let (data, complete) = state.withLock { ($0.uploads[index - 1], $0.complete[index - 1]) }
                var headers = [
                    "Upload-Offset": String(data.count), "Upload-Complete": complete ? "?1" : "?0",
                    "Cache-Control": "no-store",
                ]
                if limitsOnHead { headers["Upload-Limit"] = creationLimits ?? limits }
                return .init(status: 204, headers: headers)
            }
            server.route("PATCH", path) { request in
                defer { patches.signal() }
                let (offset, number) = state.withLock { state -> (Int, Int) in
                    state.appends += 1
                    return (state.uploads[index - 1].count, state.appends)
                }
                if let cutAppend, number == cutAppend.number - 1 {
                    server.cutRequestBody(path: path, after: cutAppend.after)
                }
                if let maxAppendSize, request.body.count > maxAppendSize {
                    return .init(status: 413, headers: ["Upload-Limit": "max-append-size=\(maxAppendSize)"])
                }
                guard request.header("Content-Type") == "application/partial-upload",
                    request.header("Upload-Offset") == String(offset)
                else { return .init(status: 409, headers: ["Upload-Offset": String(offset)]) }
                let total = state.withLock { state -> Int in
                    state.uploads[index - 1].append(request.body)
                    if !request.bodyWasCut, request.header("Upload-Complete") == "?1" {
                        state.complete[index - 1] = true
                    }
                    return state.uploads[index - 1].count
                }
                if request.header("Upload-Complete") == "?0" {
                    return .init(
                        status: 204, headers: ["Upload-Complete": "?0", "Upload-Offset": String(total)])
                }
                return .init(
                    status: 200, headers: ["Upload-Complete": "?1", "Content-Type": "application/json"],
                    body: Data(#"{"size":\#(total)}"#.utf8), delay: patchDelay)
            }
            server.route("DELETE", path) { _ in .init(status: 204) }
        }
    }

    func upload(_ index: Int) -> Data { state.withLock { $0.uploads[index - 1] } }

    deinit { server.stop() }
}

struct StoredFile: Decodable, Sendable, Equatable {
    var size: Int
}

extension SerialLoopbackTests {
    @Suite("File uploads as transfers that resume, over loopback")
    struct UploadLoopbackTests {
        static func client(_ server: LocalHTTPServer) -> APIClient {
            APIClient(
                configuration: .init(
                    baseURL: server.url("/api"), retryPolicy: .never, timeout: .seconds(60),
                    allowsInsecureHTTP: true),
                transport: URLSessionTransport())
        }

        /// A temporary file holding `content`.
        static func file(_ content: Data) throws -> URL {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent(
                "keel-upload-test-\(UUID().uuidString).bin")
            try content.write(to: url)
            return url
        }

        static func endpoint(_ file: URL) -> Endpoint<StoredFile> {
            Endpoint<StoredFile>(.post, "files", body: .file(file, contentType: "application/octet-stream"))
        }

        /// Runs an upload expected to break off; returns its resume data.
        static func interrupted(_ transfer: APITransfer<StoredFile>) async throws -> UploadResumeData {
            do {
                _ = try await transfer.value
                Issue.record("the cut upload did not throw")
            } catch UploadFailure.interrupted(let resume, _) {
                return resume
            }
            throw CancellationError()
        }

        static let size = 8_000_000

        @Test(
            "An upload broken off at 60 % resumes from the server's offset and the server ends with the exact bytes"
        )
        func resumesAtSixtyPercent() async throws {
            let content = try await offPool { DownloadLoopbackTests.content(Self.size, seed: 11) }
            let uploads = try ResumableUploadServer(offersResumable: true)
            let client = Self.client(uploads.server)
            let file = try Self.file(content)
            defer { try? FileManager.default.removeItem(at: file) }
            let cut = Self.size * 6 / 10
            uploads.server.cutRequestBody(path: "/api/uploads/1", after: cut)

            let resume = try await Self.interrupted(client.transfer(Self.endpoint(file)))
            #expect(resume.uploadURL == uploads.server.url("/api/uploads/1"))
            #expect(uploads.upload(1).count == cut)
            let encoded = try JSONEncoder().encode(resume)
            let kept = try JSONDecoder().decode(UploadResumeData.self, from: encoded)

            let transfer = client.transfer(Self.endpoint(file), resume: kept)
            var steps: [Int64] = []
            for await step in transfer.progress where step.direction == .upload {
                steps.append(step.completedBytes)
            }
            let stored = try await transfer.value
            #expect(stored == StoredFile(size: Self.size))
            #expect(DownloadLoopbackTests.hash(uploads.upload(1)) == DownloadLoopbackTests.hash(content))
            let requests = uploads.server.requests.map { "\($0.method) \($0.path)" }
            #expect(
                requests == [
                    "OPTIONS /api/files", "POST /api/files", "PATCH /api/uploads/1", "HEAD /api/uploads/1",
                    "PATCH /api/uploads/1",
                ])
            let append = try #require(uploads.server.requests.last)
            #expect(append.header("Upload-Offset") == String(cut))
            #expect(append.header("Upload-Complete") == "?1")
            #expect(append.bodyLength == Self.size - cut, "only the rest is sent")
            #expect(steps.first == Int64(cut), "progress counts what the server has")
            #expect(zip(steps, steps.dropFirst()).allSatisfy { $0 < $1 }, "\(steps)")
            #expect(steps.last == Int64(Self.size))
        }

        /// Renames `source` over `target` when a request with `method` is adapted.
        struct RenameOnMethod: APIInterceptor {
            let method: String
            let source: URL
            let target: URL

            func adapt(_ request: inout URLRequest, context: RequestContext) async throws {
                guard request.httpMethod == method else { return }
                _ = rename(source.path, target.path)
            }
        }

        @Test("A file renamed over the upload's path after it began is refused, never sent as its rest")
        func replacedFileIsRefused() async throws {
            // Each request of a resumable upload checked the path on its own: a file of the same
            // size renamed over it after the upload resource was created was what the `PATCH`
            // sent. The upload now keeps the file it began with and refuses another one.
            let uploads = try ResumableUploadServer(offersResumable: true)
            let client = Self.client(uploads.server)
            let file = try Self.file(Data(repeating: 0x41, count: 4096))
            let replacement = try Self.file(Data(repeating: 0x5A, count: 4096))
            defer {
                try? FileManager.default.removeItem(at: file)
                try? FileManager.default.removeItem(at: replacement)
            }
            let endpoint = Endpoint<StoredFile>(
                .post, "files", body: .file(file, contentType: "application/octet-stream"),
                interceptors: [RenameOnMethod(method: "POST", source: replacement, target: file)])
            let error = await #expect(throws: APIError.self) { try await client.transfer(endpoint).value }
            guard case .invalidRequest(let field, let reason)? = error else {
                Issue.record("expected invalidRequest, got \(String(describing: error))")
                return
            }
            #expect(field == "body.file")
            #expect(reason == "'\(file.path)' was replaced after it was checked")
            #expect(!uploads.server.requests.contains { $0.method == "PATCH" })
        }

        @Test("A server without the protocol: the error says so and resuming sends the whole file again")
        func serverWithoutProtocolRestarts() async throws {
            let content = try await offPool { DownloadLoopbackTests.content(Self.size, seed: 12) }
            let uploads = try ResumableUploadServer(offersResumable: false)
            let client = Self.client(uploads.server)
            let file = try Self.file(content)
            defer { try? FileManager.default.removeItem(at: file) }
            uploads.server.cutRequestBody(path: "/api/files", after: Self.size * 6 / 10)

            let transfer = client.transfer(Self.endpoint(file))
            var failure: UploadFailure?
            do { _ = try await transfer.value } catch let error as UploadFailure { failure = error }
            guard case .interrupted(let resume, _) = failure else {
                Issue.record("no interruption: \(String(describing: failure))")
                return
            }
            #expect(resume.uploadURL == nil)
            #expect(String(describing: failure!).contains("again from the start"))

            let stored = try await client.transfer(Self.endpoint(file), resume: resume).value
            #expect(stored == StoredFile(size: Self.size))
            let plain = uploads.state.withLock { $0.plain }
            #expect(plain.count == 1)
            #expect(plain.first.map(DownloadLoopbackTests.hash) == DownloadLoopbackTests.hash(content))
            #expect(uploads.server.requests.last?.bodyLength == Self.size)
            #expect(!uploads.server.requests.contains { $0.method == "PATCH" })
        }

        @Test(
            "A file changed since the interruption restarts: the old upload is cancelled, the new file sent whole"
        )
        func changedFileRestarts() async throws {
            let first = try await offPool { DownloadLoopbackTests.content(Self.size, seed: 13) }
            let second = try await offPool { DownloadLoopbackTests.content(Self.size + 17, seed: 14) }
            let uploads = try ResumableUploadServer(offersResumable: true)
            let client = Self.client(uploads.server)
            let file = try Self.file(first)
            defer { try? FileManager.default.removeItem(at: file) }
            uploads.server.cutRequestBody(path: "/api/uploads/1", after: Self.size * 6 / 10)
            let resume = try await Self.interrupted(client.transfer(Self.endpoint(file)))
            try second.write(to: file)

            let stored = try await client.transfer(Self.endpoint(file), resume: resume).value
            #expect(stored == StoredFile(size: second.count))
            let methods = uploads.server.requests.map { "\($0.method) \($0.path)" }
            #expect(methods.contains("DELETE /api/uploads/1"))
            #expect(!methods.contains("HEAD /api/uploads/1"), "a changed file is not continued")
            #expect(DownloadLoopbackTests.hash(uploads.upload(2)) == DownloadLoopbackTests.hash(second))
        }

        @Test("An upload resource on another origin is refused before any byte goes there")
        func crossOriginLocationRefused() async throws {
            let uploads = try ResumableUploadServer(offersResumable: true)
            uploads.state.withLock { $0.locationHost = "localhost" }
            let client = Self.client(uploads.server)
            let file = try Self.file(Data(repeating: 7, count: 10_000))
            defer { try? FileManager.default.removeItem(at: file) }
            var refused: URL?
            do {
                _ = try await client.transfer(Self.endpoint(file)).value
            } catch UploadFailure.uploadURLRefused(let url) {
                refused = url
            }
            #expect(refused?.host == "localhost")
            #expect(!uploads.server.requests.contains { $0.method == "PATCH" })
        }

        @Test("Progress is monotonic, reaches the file's length and ends with the call")
        func progress() async throws {
            let uploads = try ResumableUploadServer(offersResumable: true)
            let client = Self.client(uploads.server)
            let content = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
            let file = try Self.file(content)
            defer { try? FileManager.default.removeItem(at: file) }
            let transfer = client.transfer(Self.endpoint(file))
            var fractions: [Double] = []
            for await step in transfer.progress where step.direction == .upload {
                fractions.append(step.fractionCompleted ?? -1)
            }
            // The loop ended: the stream finished with the call.
            #expect(try await transfer.value == StoredFile(size: content.count))
            #expect(fractions.count >= 2, "\(fractions)")
            #expect(zip(fractions, fractions.dropFirst()).allSatisfy { $0 < $1 }, "\(fractions)")
            #expect(fractions.last == 1.0)
            #expect(uploads.upload(1) == content)
        }

        @Test("cancel() cancels the call: CancellationError, and the server sees the connection close")
        func cancel() async throws {
            let uploads = try ResumableUploadServer(offersResumable: true, patchDelay: .seconds(60))
            let client = Self.client(uploads.server)
            let file = try Self.file(Data(repeating: 1, count: 100_000))
            defer { try? FileManager.default.removeItem(at: file) }
            let transfer = client.transfer(Self.endpoint(file))
            #expect(await uploads.patches.wait { uploads.server.requests.contains { $0.method == "PATCH" } })
            #expect(uploads.server.openConnectionCount >= 1)
            transfer.cancel()
            await #expect(throws: CancellationError.self) { try await transfer.value }
            #expect(
                await eventually { uploads.server.openConnectionCount == 0 }, "the connection stayed open")
        }

        @Test("Cancelling the task that awaits value cancels the call")
        func valueCancellation() async throws {
            let uploads = try ResumableUploadServer(offersResumable: true, patchDelay: .seconds(60))
            let client = Self.client(uploads.server)
            let file = try Self.file(Data(repeating: 2, count: 100_000))
            defer { try? FileManager.default.removeItem(at: file) }
            let transfer = client.transfer(Self.endpoint(file))
            let waiting = Task { try await transfer.value }
            #expect(await uploads.patches.wait { uploads.server.requests.contains { $0.method == "PATCH" } })
            waiting.cancel()
            await #expect(throws: CancellationError.self) { try await waiting.value }
            #expect(
                await eventually { uploads.server.openConnectionCount == 0 }, "the connection stayed open")
        }

        @Test("The README's transfer example runs: broken off, then resumed from the server's offset")
        @MainActor
        func readmeExample() async throws {
            let content = try await offPool { DownloadLoopbackTests.content(Self.size, seed: 16) }
            let uploads = try ResumableUploadServer(offersResumable: true)
            let file = try Self.file(content)
            defer { try? FileManager.default.removeItem(at: file) }
            uploads.server.cutRequestBody(path: "/api/uploads/1", after: Self.size / 2)
            let view = ReadmeProgressView()
            let receipt = try await readmeTransferExample(
                client: Self.client(uploads.server), movie: file, progressView: view)
            #expect(receipt.size == Self.size)
            #expect(uploads.server.requests.last?.bodyLength == Self.size - Self.size / 2)
            #expect(DownloadLoopbackTests.hash(uploads.upload(1)) == DownloadLoopbackTests.hash(content))
        }

        @Test("A download as a transfer: the same download, its progress as a stream")
        func downloadTransfer() async throws {
            let content = try await offPool { DownloadLoopbackTests.content(2_000_000, seed: 15) }
            let files = try RangeFileServer(tag: "\"v1\"", content: content)
            let client = Self.client(files.server)
            let destination = DownloadLoopbackTests.temporaryFile()
            defer { try? FileManager.default.removeItem(at: destination) }
            let transfer = client.transfer(DownloadLoopbackTests.endpoint, to: destination)
            var last: TransferProgress?
            for await step in transfer.progress { last = step }
            #expect(try await transfer.value == Int64(content.count))
            #expect(
                last
                    == TransferProgress(
                        direction: .download, completedBytes: 2_000_000, totalBytes: 2_000_000))
            let written = try await offPool { try Data(contentsOf: destination) }
            #expect(DownloadLoopbackTests.hash(written) == DownloadLoopbackTests.hash(content))
        }
    }
}
