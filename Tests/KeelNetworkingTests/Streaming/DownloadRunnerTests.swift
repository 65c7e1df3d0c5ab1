import Foundation
import KeelNetworking
import KeelNetworkingTesting
import KeelSupport
import Testing

@Suite("Downloads that resume, over scripted responses and a temporary directory")
struct DownloadRunnerTests {
    /// Scripted responses; records the headers of each request.
    final class Server: Sendable {
        let responses: Locked<[DownloadRunner.Response]>
        let requests = Locked<[[String: String]]>([])

        init(_ responses: [DownloadRunner.Response]) {
            self.responses = Locked(responses)
        }

        func send(_ headers: [String: String]) async throws -> DownloadRunner.Response {
            requests.withLock { $0.append(headers) }
            guard let next = responses.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else {
                throw URLError(.cannotConnectToHost)
            }
            return next
        }
    }

    struct Cut: Error {}

    static func response(
        _ status: Int, _ headers: [String: String], _ chunks: [String], failing: Bool = false
    )
        -> DownloadRunner.Response
    {
        let body = AsyncThrowingStream<Data, any Error> { continuation in
            for chunk in chunks { continuation.yield(Data(chunk.utf8)) }
            continuation.finish(throwing: failing ? Cut() : nil)
        }
        return DownloadRunner.Response(status: status, headers: headers, body: body)
    }

    /// The resume data of a first download to `destination` that `server` breaks off.
    static func interruptedResume(to destination: URL, from server: Server) async throws -> DownloadResumeData
    {
        do {
            _ = try await DownloadRunner.download(to: destination, send: server.send)
        } catch DownloadRunner.Failure.interrupted(let resume, _) {
            return resume
        }
        Issue.record("the first attempt should have been interrupted")
        throw Cut()
    }

    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keel-runner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("Interrupted at 60 %, resumed with Range and If-Range, appended to the exact bytes")
    func resumes() async throws {
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("file.bin")
        let server = Server([
            Self.response(200, ["Content-Length": "10", "ETag": "\"a\""], ["012", "345"], failing: true),
            Self.response(206, ["Content-Range": "bytes 6-9/10", "ETag": "\"a\""], ["6789"]),
        ])
        var kept: DownloadResumeData?
        do {
            _ = try await DownloadRunner.download(to: destination, send: server.send)
            Issue.record("the first attempt should have been interrupted")
        } catch DownloadRunner.Failure.interrupted(let resume, _) {
            kept = resume
        }
        #expect(
            kept
                == DownloadResumeData(
                    entityTag: "\"a\"", lastModified: nil, bytesReceived: 6, expectedLength: 10))
        #expect(!FileManager.default.fileExists(atPath: destination.path))

        let length = try await DownloadRunner.download(to: destination, resume: kept, send: server.send)
        #expect(length == 10)
        #expect(try Data(contentsOf: destination) == Data("0123456789".utf8))
        #expect(server.requests.withLock { $0 } == [[:], ["Range": "bytes=6-", "If-Range": "\"a\""]])
    }

    @Test("A changed ETag answered with 200 restarts from zero; a 206 for the wrong range asks again")
    func restarts() async throws {
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("file.bin")
        let first = Server([
            Self.response(200, ["Content-Length": "6", "ETag": "\"a\""], ["old"], failing: true)
        ])
        let resume = try await Self.interruptedResume(to: destination, from: first)
        let changed = Server([Self.response(200, ["Content-Length": "5", "ETag": "\"b\""], ["fresh"])])
        #expect(try await DownloadRunner.download(to: destination, resume: resume, send: changed.send) == 5)
        #expect(try Data(contentsOf: destination) == Data("fresh".utf8))

        let partial = folder.appendingPathComponent("other.bin")
        let again = Server([Self.response(200, ["ETag": "\"a\""], ["abc"], failing: true)])
        var second: DownloadResumeData?
        do {
            _ = try await DownloadRunner.download(to: partial, send: again.send)
        } catch DownloadRunner.Failure.interrupted(let resume, _) {
            second = resume
        }
        let wrongRange = Server([
            Self.response(206, ["Content-Range": "bytes 0-5/6", "ETag": "\"a\""], ["abcdef"]),
            Self.response(200, ["Content-Length": "6", "ETag": "\"a\""], ["abcdef"]),
        ])
        #expect(try await DownloadRunner.download(to: partial, resume: second, send: wrongRange.send) == 6)
        #expect(try Data(contentsOf: partial) == Data("abcdef".utf8))
        #expect(wrongRange.requests.withLock { $0 } == [["Range": "bytes=3-", "If-Range": "\"a\""], [:]])
    }

    @Test("A body shorter than its length is resumable; a longer one fails typed and keeps the old file")
    func lengthChecks() async throws {
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("file.bin")
        let short = Server([Self.response(200, ["Content-Length": "8", "ETag": "\"a\""], ["1234"])])
        await #expect(throws: DownloadRunner.Failure.self) {
            _ = try await DownloadRunner.download(to: destination, send: short.send)
        }
        let long = Server([Self.response(200, ["Content-Length": "2"], ["1234"])])
        await #expect(throws: DownloadRunner.Failure.self) {
            _ = try await DownloadRunner.download(to: destination, send: long.send)
        }
        #expect(!FileManager.default.fileExists(atPath: destination.path))
        #expect(!FileManager.default.fileExists(atPath: DownloadFile.partialURL(for: destination).path))

        // A resumed file whose 206 runs past the announced total (a server bug, or a file that
        // changed): typed failure as soon as it overflows, the old destination untouched.
        try Data("old".utf8).write(to: destination)
        let first = Server([
            Self.response(200, ["Content-Length": "10", "ETag": "\"a\""], ["012345"], failing: true)
        ])
        let resume = try await Self.interruptedResume(to: destination, from: first)
        let overflow = Server([
            // The body would go on (and then break): the download stops at the first byte too many.
            Self.response(
                206, ["Content-Range": "bytes 6-9/10", "ETag": "\"a\""], ["67", "89", "XY"], failing: true)
        ])
        let error = await #expect(throws: DownloadRunner.Failure.self) {
            _ = try await DownloadRunner.download(to: destination, resume: resume, send: overflow.send)
        }
        guard case .file(let problem) = error else {
            Issue.record("expected a file failure, got \(String(describing: error))")
            return
        }
        #expect(problem.reason.contains("10"), "names the announced length: \(problem.reason)")
        #expect(try Data(contentsOf: destination) == Data("old".utf8))
        #expect(!FileManager.default.fileExists(atPath: DownloadFile.partialURL(for: destination).path))
    }

    @Test("An encoded body is not checked against the encoded Content-Length, and is never resumed by offset")
    func encodedBody() async throws {
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("file.txt")
        // The transport decoded 4 encoded bytes into 12: the length is the encoded one.
        let whole = Server([
            Self.response(
                200, ["Content-Length": "4", "Content-Encoding": "gzip", "ETag": "\"g\""],
                ["hello ", "world!"])
        ])
        let steps = Locked<[Int64?]>([])
        let length = try await DownloadRunner.download(
            to: destination, progress: { _, expected in steps.withLock { $0.append(expected) } },
            send: whole.send)
        #expect(length == 12)
        #expect(try Data(contentsOf: destination) == Data("hello world!".utf8))
        #expect(steps.current == [nil, nil], "no total: the encoded length says nothing of the file's")

        // Broken off: the decoded bytes on disk match no offset of the encoded representation.
        let cut = Server([
            Self.response(
                200, ["Content-Length": "40", "Content-Encoding": "br", "ETag": "\"g\""], ["hello "],
                failing: true)
        ])
        let resume = try await Self.interruptedResume(to: destination, from: cut)
        #expect(resume.bytesReceived == 0)
        #expect(!FileManager.default.fileExists(atPath: DownloadFile.partialURL(for: destination).path))
        #expect(try Data(contentsOf: destination) == Data("hello world!".utf8), "the old file stays")
        let again = Server([Self.response(200, ["Content-Length": "5"], ["fresh"])])
        #expect(try await DownloadRunner.download(to: destination, resume: resume, send: again.send) == 5)
        #expect(again.requests.withLock { $0 } == [[:]], "restarted without a range")
    }

    @Test("416 naming the length on disk finishes the file; a 206 for another start restarts without Range")
    func rangeNotSatisfiableAndMultipart() async throws {
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("file.bin")
        let first = Server([
            Self.response(200, ["Content-Length": "10", "ETag": "\"a\""], ["0123456789"], failing: true)
        ])
        let resume = try await Self.interruptedResume(to: destination, from: first)
        #expect(resume.bytesReceived == 10)
        let satisfied = Server([Self.response(416, ["Content-Range": "bytes */10"], [])])
        #expect(
            try await DownloadRunner.download(to: destination, resume: resume, send: satisfied.send) == 10)
        #expect(try Data(contentsOf: destination) == Data("0123456789".utf8))
        #expect(satisfied.requests.withLock { $0 } == [["Range": "bytes=10-", "If-Range": "\"a\""]])

        // A multipart/byteranges answer is never spliced: the file is asked for again, whole.
        let other = folder.appendingPathComponent("other.bin")
        let broken = Server([
            Self.response(200, ["Content-Length": "6", "ETag": "\"a\""], ["abc"], failing: true)
        ])
        var second: DownloadResumeData?
        do {
            _ = try await DownloadRunner.download(to: other, send: broken.send)
        } catch DownloadRunner.Failure.interrupted(let resume, _) {
            second = resume
        }
        let multipart = Server([
            Self.response(
                206, ["Content-Type": "multipart/byteranges; boundary=B", "ETag": "\"a\""],
                ["--B\r\nContent-Range: bytes 3-5/6\r\n\r\ndef\r\n--B--"]),
            Self.response(200, ["Content-Length": "6", "ETag": "\"a\""], ["abcdef"]),
        ])
        #expect(try await DownloadRunner.download(to: other, resume: second, send: multipart.send) == 6)
        #expect(try Data(contentsOf: other) == Data("abcdef".utf8))
        #expect(multipart.requests.withLock { $0 } == [["Range": "bytes=3-", "If-Range": "\"a\""], [:]])

        // A 206 for part of the file to a request that asked for no range fails at once.
        let unasked = Server([
            Self.response(206, ["Content-Range": "bytes 3-5/6"], ["def"]),
            Self.response(206, ["Content-Range": "bytes 3-5/6"], ["def"]),
        ])
        let error = await #expect(throws: DownloadRunner.Failure.self) {
            _ = try await DownloadRunner.download(
                to: folder.appendingPathComponent("third.bin"), send: unasked.send)
        }
        guard case .status(206) = error else {
            Issue.record("expected .status(206), got \(String(describing: error))")
            return
        }
        #expect(unasked.requests.withLock { $0 }.count == 1)
    }

    /// Two downloads to one destination (a double tap). The second used to unlink the first's
    /// partial file and create its own in its place; the first then renamed that empty file
    /// over the destination by path and reported success: the downloaded bytes were lost. Now
    /// the second is refused while the first holds the partial file's lock.
    @Test("A second download to a destination being downloaded is refused; the first's bytes arrive")
    func concurrentDownloadsToOneDestination() async throws {
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("report.pdf")
        let (signals, signal) = AsyncStream<String>.makeStream()
        let (firstBody, firstFeed) = AsyncThrowingStream<Data, any Error>.makeStream()
        let (gate, gateControl) = AsyncStream<Void>.makeStream()
        let first = Task {
            try await DownloadRunner.download(to: destination) { _ in
                signal.yield("first sent")
                return DownloadRunner.Response(status: 200, headers: ["Content-Length": "5"], body: firstBody)
            }
        }
        var events = signals.makeAsyncIterator()
        #expect(await events.next() == "first sent")  // the first's partial file is open
        let second = Task {
            do {
                return try await DownloadRunner.download(to: destination) { _ in
                    signal.yield("second sent")
                    for await _ in gate {}
                    throw Cut()
                }
            } catch {
                signal.yield("second failed")
                throw error
            }
        }
        let step = await events.next()
        firstFeed.yield(Data("first".utf8))
        firstFeed.finish()
        #expect(try await first.value == 5)
        #expect(try Data(contentsOf: destination) == Data("first".utf8))
        gateControl.finish()
        #expect(step == "second failed")
        let result = await second.result
        guard case .failure(DownloadRunner.Failure.file(let error)) = result else {
            Issue.record("expected the second download to be refused, got \(result)")
            return
        }
        #expect(error.reason.contains("already running"))
        #expect(error.reason.contains(destination.path))
    }

    /// `client.download(_:to:)` used to default `maximumBytes` to `Int.max`, lifting the
    /// client's response body cap: a `200` without `Content-Length` that never ended filled the
    /// disk. Now the default is the client's `maximumResponseBodyBytes`.
    @Test("A download without maximumBytes stops at the client's body cap; no destination file appears")
    func downloadDefaultsToTheResponseCap() async throws {
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("endless.bin")
        let stub = StubTransport()
        stub.route(.get, "/files/endless", .response(status: 200, headers: [:], body: Data(count: 2048)))
        let client = APIClient(
            configuration: .init(
                baseURL: URL(string: "https://api.test")!, retryPolicy: nil, maximumResponseBodyBytes: 1024),
            transport: stub)
        let failure = await #expect(throws: DownloadFailure.self) {
            try await client.download(
                Endpoint<Data>(.get, target: .path("files/endless"), decoding: .data), to: destination)
        }
        guard case .interrupted(_, let underlying) = failure,
            case .responseTooLarge(limit: 1024) = underlying as? APIError
        else {
            Issue.record(
                "expected responseTooLarge(1024) inside interrupted, got \(String(describing: failure))")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: destination.path))
    }
}
