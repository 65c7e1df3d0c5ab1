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

/// A file a loopback server serves with `ETag`, `Range` and `If-Range`; the first response
/// after `cutNext()` is broken off at 60 %. A range starting at the end is answered `416` with
/// `Content-Range: bytes */N`, as nginx and Apache do; a quirk can make it ignore ranges (`200`
/// with everything, as Python's `http.server` does) or send more than the range it announces.
final class RangeFileServer: Sendable {
    enum Quirk: Sendable {
        case none
        case ignoresRanges
        case overlongRanges
    }

    let server: LocalHTTPServer
    private let state = Locked<(tag: String, content: Data, cut: Bool, quirk: Quirk)>(
        ("", Data(), false, .none))

    init(tag: String, content: Data, quirk: Quirk = .none) throws {
        server = try LocalHTTPServer()
        state.set((tag, content, false, quirk))
        server.route("GET", "/api/file") { [state] request in
            let (tag, content, cut, quirk) = state.withLock { value in
                defer { value.cut = false }
                return value
            }
            if quirk != .ignoresRanges, let range = request.header("Range"),
                request.header("If-Range") == tag,
                range.hasPrefix("bytes="), let start = Int(range.dropFirst(6).dropLast())
            {
                if start >= content.count {
                    return .init(status: 416, headers: ["Content-Range": "bytes */\(content.count)"])
                }
                let headers = [
                    "ETag": tag, "Content-Range": "bytes \(start)-\(content.count - 1)/\(content.count)",
                ]
                let rest = content.subdata(in: start..<content.count)
                if quirk == .overlongRanges {
                    return .chunked(status: 206, headers: headers) { send in
                        _ = send(rest) && send(Data("and then some".utf8))
                    }
                }
                return .init(status: 206, headers: headers, body: rest)
            }
            if cut {
                let head = "HTTP/1.1 200 OK\r\nETag: \(tag)\r\nContent-Length: \(content.count)\r\n\r\n"
                return .init(behavior: .raw(Data(head.utf8) + content.prefix(content.count * 6 / 10)))
            }
            return .init(status: 200, headers: ["ETag": tag], body: content)
        }
    }

    func cutNext() { state.withLock { $0.cut = true } }

    func replace(tag: String, content: Data) { state.withLock { $0 = (tag, content, $0.cut, $0.quirk) } }

    deinit { server.stop() }
}

/// `data` as a gzip member of stored (uncompressed) deflate blocks: a valid encoding whose
/// length differs from the decoded bytes', without a compressor.
func gzipStored(_ data: Data) -> Data {
    let bytes = [UInt8](data)
    var member: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
    var offset = 0
    repeat {
        let count = min(65_535, bytes.count - offset)
        member.append(offset + count == bytes.count ? 1 : 0)  // BFINAL, BTYPE 00: stored
        let length = UInt16(count)
        member += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
        member += bytes[offset..<offset + count]
        offset += count
    } while offset < bytes.count
    for value in [CRC32.checksum(bytes), UInt32(truncatingIfNeeded: bytes.count)] {
        member += [
            UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24),
        ]
    }
    return Data(member)
}

extension SerialLoopbackTests {
    @Suite("Downloads to files that resume, over loopback")
    struct DownloadLoopbackTests {
        /// `count` seeded pseudo-random bytes: a block of a prime length, repeated.
        static func content(_ count: Int, seed: UInt64) -> Data {
            var state = seed
            let block = Data(
                (0..<1_000_003).map { _ in
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    return UInt8(truncatingIfNeeded: state >> 33)
                })
            var data = Data(capacity: count)
            while data.count < count { data.append(block.prefix(count - data.count)) }
            return data
        }

        static func hash(_ data: Data) -> [UInt8] { SHA256.hash(data) }

        static func temporaryFile() -> URL {
            FileManager.default.temporaryDirectory.appendingPathComponent(
                "keel-download-\(UUID().uuidString).bin")
        }

        static let endpoint = Endpoint<Data>(.get, target: .path("file"), decoding: .data)

        /// Downloads expecting an interruption; returns its resume data.
        static func interrupted(_ client: APIClient, to file: URL) async throws -> DownloadResumeData {
            do {
                try await client.download(endpoint, to: file)
                Issue.record("the broken response did not interrupt the download")
            } catch DownloadFailure.interrupted(let resume, _) {
                return resume
            }
            throw CancellationError()
        }

        @Test(
            "A 50 MB download broken off at 60 % resumes with Range and If-Range and produces the exact bytes"
        )
        func resumesAtSixtyPercent() async throws {
            let size = 50_000_000
            let content = try await offPool { Self.content(size, seed: 1) }
            let files = try RangeFileServer(tag: "\"v1\"", content: content)
            let client = APIClient(
                configuration: .init(
                    baseURL: files.server.url("/api"), retryPolicy: .never, timeout: .seconds(60),
                    allowsInsecureHTTP: true),
                transport: URLSessionTransport())
            let file = Self.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file) }
            files.cutNext()
            let resume = try await Self.interrupted(client, to: file)
            #expect(resume.entityTag == "\"v1\"")
            #expect(resume.expectedLength == Int64(size))
            #expect(resume.bytesReceived > 0 && resume.bytesReceived <= Int64(size * 6 / 10))
            #expect(!FileManager.default.fileExists(atPath: file.path), "nothing at the destination yet")
            let partial = file.deletingLastPathComponent().appendingPathComponent(
                ".\(file.lastPathComponent).download")
            let attributes = try FileManager.default.attributesOfItem(atPath: partial.path)
            #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o777 } == 0o600)
            #expect((attributes[.size] as? Int).map(Int64.init) == resume.bytesReceived)

            let steps = Locked<[Int64]>([])
            let length = try await client.download(Self.endpoint, to: file, resume: resume) { step in
                steps.withLock { $0.append(step.completedBytes) }
            }
            #expect(length == Int64(size))
            let requests = files.server.requests
            #expect(requests.last?.header("Range") == "bytes=\(resume.bytesReceived)-")
            #expect(requests.last?.header("If-Range") == "\"v1\"")
            #expect(
                steps.current.first.map { $0 > resume.bytesReceived } == true,
                "progress counts the bytes on disk")
            #expect(steps.current.last == Int64(size))
            let written = try await offPool { try Data(contentsOf: file) }
            #expect(Self.hash(written) == Self.hash(content))
            #expect(!FileManager.default.fileExists(atPath: partial.path))
        }

        @Test("A changed ETag restarts the download: the new file, whole")
        func changedEntityTagRestarts() async throws {
            let size = 5_000_000
            let first = try await offPool { Self.content(size, seed: 2) }
            let second = try await offPool { Self.content(size + 17, seed: 3) }
            let files = try RangeFileServer(tag: "\"v1\"", content: first)
            let client = APIClient(
                configuration: .init(
                    baseURL: files.server.url("/api"), retryPolicy: .never, timeout: .seconds(60),
                    allowsInsecureHTTP: true),
                transport: URLSessionTransport())
            let file = Self.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file) }
            files.cutNext()
            let resume = try await Self.interrupted(client, to: file)
            files.replace(tag: "\"v2\"", content: second)
            let length = try await client.download(Self.endpoint, to: file, resume: resume)
            #expect(length == Int64(second.count))
            #expect(
                files.server.requests.last?.header("If-Range") == "\"v1\"",
                "the resume asked for the old version")
            let written = try await offPool { try Data(contentsOf: file) }
            #expect(Self.hash(written) == Self.hash(second))
        }

        static func client(_ server: LocalHTTPServer) -> APIClient {
            APIClient(
                configuration: .init(
                    baseURL: server.url("/api"), retryPolicy: .never, timeout: .seconds(60),
                    allowsInsecureHTTP: true),
                transport: URLSessionTransport())
        }

        @Test(
            "A download asks for identity; a gzip-encoded answer anyway is written decoded, not checked against its encoded length"
        )
        func encodedAnswer() async throws {
            let content = try await offPool { Self.content(300_000, seed: 4) }
            let encoded = gzipStored(content)
            let server = try LocalHTTPServer()
            defer { server.stop() }
            // An object stored gzip-encoded (as S3 serves one): encoded whatever the request asks.
            server.route("GET", "/api/file") { _ in
                .init(status: 200, headers: ["Content-Encoding": "gzip", "ETag": "\"z\""], body: encoded)
            }
            let client = Self.client(server)
            let file = Self.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file) }
            let steps = Locked<[TransferProgress]>([])
            let length = try await client.download(Self.endpoint, to: file) { step in
                steps.withLock { $0.append(step) }
            }
            #expect(length == Int64(content.count))
            #expect(server.requests.last?.header("Accept-Encoding") == "identity")
            let written = try await offPool { try Data(contentsOf: file) }
            #expect(Self.hash(written) == Self.hash(content))
            #expect(steps.current.allSatisfy { $0.totalBytes == nil }, "no total from an encoded length")

            // The caller's own Accept-Encoding is left alone.
            var own = Self.endpoint
            own.headers["accept-encoding"] = "gzip"
            try await client.download(own, to: file)
            #expect(server.requests.last?.header("Accept-Encoding") == "gzip")
        }

        @Test("An encoded answer broken off leaves no byte offset: the resume asks for the whole file again")
        func encodedAnswerBrokenOff() async throws {
            let content = try await offPool { Self.content(400_000, seed: 5) }
            let encoded = gzipStored(content)
            let server = try LocalHTTPServer()
            defer { server.stop() }
            let cut = Locked(true)
            server.route("GET", "/api/file") { _ in
                if cut.withLock({ value in
                    defer { value = false }
                    return value
                }) {
                    let head =
                        "HTTP/1.1 200 OK\r\nETag: \"z\"\r\nContent-Encoding: gzip\r\nContent-Length: \(encoded.count)\r\n\r\n"
                    return .init(behavior: .raw(Data(head.utf8) + encoded.prefix(encoded.count * 6 / 10)))
                }
                return .init(
                    status: 200, headers: ["Content-Encoding": "gzip", "ETag": "\"z\""], body: encoded)
            }
            let client = Self.client(server)
            let file = Self.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file) }
            let resume = try await Self.interrupted(client, to: file)
            #expect(resume.bytesReceived == 0)
            #expect(!FileManager.default.fileExists(atPath: DownloadFile.partialURL(for: file).path))
            let length = try await client.download(Self.endpoint, to: file, resume: resume)
            #expect(length == Int64(content.count))
            #expect(server.requests.last?.header("Range") == nil)
            let written = try await offPool { try Data(contentsOf: file) }
            #expect(Self.hash(written) == Self.hash(content))
        }

        @Test("A resume of a file already whole gets 416 bytes */N and finishes it")
        func rangeNotSatisfiable() async throws {
            let content = try await offPool { Self.content(200_000, seed: 6) }
            let files = try RangeFileServer(tag: "\"v1\"", content: content)
            let file = Self.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file) }
            let partial = try DownloadFile(destination: file)
            try partial.append(content)
            partial.suspend()
            let resume = DownloadResumeData(
                entityTag: "\"v1\"", lastModified: nil, bytesReceived: Int64(content.count),
                expectedLength: Int64(content.count))
            let length = try await Self.client(files.server).download(Self.endpoint, to: file, resume: resume)
            #expect(length == Int64(content.count))
            #expect(files.server.requests.count == 1)
            #expect(files.server.requests.last?.header("Range") == "bytes=\(content.count)-")
            let written = try await offPool { try Data(contentsOf: file) }
            #expect(Self.hash(written) == Self.hash(content))
        }

        @Test("A 416 to a request that asked for no range is the call's failure, not a finished file")
        func rangeNotSatisfiableUnasked() async throws {
            let server = try LocalHTTPServer()
            defer { server.stop() }
            server.route("GET", "/api/file") { _ in
                .init(status: 416, headers: ["Content-Range": "bytes */0"])
            }
            let file = Self.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file) }
            let error = await #expect(throws: APIError.self) {
                try await Self.client(server).download(Self.endpoint, to: file)
            }
            guard case .status(416, _, _, _) = error else {
                Issue.record("expected APIError.status(416), got \(String(describing: error))")
                return
            }
            #expect(server.requests.count == 1)
            #expect(!FileManager.default.fileExists(atPath: file.path))
            #expect(!FileManager.default.fileExists(atPath: DownloadFile.partialURL(for: file).path))
        }

        @Test(
            "Last-Modified alone resumes with the date in If-Range; beside a weak ETag no range is asked for"
        )
        func dateValidators() async throws {
            let content = try await offPool { Self.content(1_000_000, seed: 9) }
            let modified = "Sat, 05 Dec 2026 10:00:00 GMT"
            for weakTag in [nil, "W/\"w1\""] as [String?] {
                let server = try LocalHTTPServer()
                defer { server.stop() }
                let cut = Locked(true)
                var validators = ["Last-Modified": modified, "Date": "Sun, 06 Dec 2026 04:00:00 GMT"]
                validators["ETag"] = weakTag
                server.route("GET", "/api/file") { [validators] request in
                    if cut.withLock({ value in
                        defer { value = false }
                        return value
                    }) {
                        return .init(status: 200, headers: validators, body: content, behavior: .closeMidBody)
                    }
                    if let range = request.header("Range"), request.header("If-Range") == modified,
                        let start = Int(range.dropFirst(6).dropLast())
                    {
                        return .init(
                            status: 206,
                            headers: validators.merging(
                                ["Content-Range": "bytes \(start)-\(content.count - 1)/\(content.count)"]
                            ) { old, _ in old },
                            body: content.subdata(in: start..<content.count))
                    }
                    return .init(status: 200, headers: validators, body: content)
                }
                let client = Self.client(server)
                let file = Self.temporaryFile()
                defer { try? FileManager.default.removeItem(at: file) }
                let resume = try await Self.interrupted(client, to: file)
                #expect(resume.lastModified == modified, "a date a day before the response's is strong")
                #expect(resume.bytesReceived > 0)
                let length = try await client.download(Self.endpoint, to: file, resume: resume)
                #expect(length == Int64(content.count))
                let last = server.requests.last
                if weakTag == nil {
                    #expect(last?.header("Range") == "bytes=\(resume.bytesReceived)-")
                    #expect(last?.header("If-Range") == modified)
                } else {
                    #expect(last?.header("Range") == nil, "RFC 9110: no date in If-Range beside an ETag")
                    #expect(last?.header("If-Range") == nil)
                }
                let written = try await offPool { try Data(contentsOf: file) }
                #expect(Self.hash(written) == Self.hash(content))
            }
        }

        @Test("A server that ignores Range answers the resume with 200: the file is written from the start")
        func rangesIgnored() async throws {
            let content = try await offPool { Self.content(2_000_000, seed: 7) }
            let files = try RangeFileServer(tag: "\"v1\"", content: content, quirk: .ignoresRanges)
            let client = Self.client(files.server)
            let file = Self.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file) }
            files.cutNext()
            let resume = try await Self.interrupted(client, to: file)
            #expect(resume.bytesReceived > 0)
            let length = try await client.download(Self.endpoint, to: file, resume: resume)
            #expect(length == Int64(content.count))
            #expect(files.server.requests.last?.header("Range") == "bytes=\(resume.bytesReceived)-")
            let written = try await offPool { try Data(contentsOf: file) }
            #expect(Self.hash(written) == Self.hash(content))
        }

        @Test("A 206 that runs past the length it announces fails typed and leaves the old file in place")
        func overlongRange() async throws {
            let content = try await offPool { Self.content(1_000_000, seed: 8) }
            let files = try RangeFileServer(tag: "\"v1\"", content: content, quirk: .overlongRanges)
            let client = Self.client(files.server)
            let file = Self.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file) }
            files.cutNext()
            let resume = try await Self.interrupted(client, to: file)
            try Data("the old file".utf8).write(to: file)
            let error = await #expect(throws: DownloadFailure.self) {
                try await client.download(Self.endpoint, to: file, resume: resume)
            }
            guard case .file = error else {
                Issue.record("expected a file failure, got \(String(describing: error))")
                return
            }
            #expect(try Data(contentsOf: file) == Data("the old file".utf8))
            #expect(!FileManager.default.fileExists(atPath: DownloadFile.partialURL(for: file).path))
        }
    }

    /// The memory test of downloads, in child processes: 256 MB by default, the issue's 1 GB in
    /// the long run (`KEEL_LONG_TESTS=1`, which `.ci/run` sets for this suite).
    @Suite("Large downloads")
    struct LargeDownloads {
        @Test("A 1 GB download to a file (256 MB by default) grows resident memory by less than 64 MB")
        func oneGigabyte() async throws {
            let size = LongRuns.cases(short: 256 << 20, long: 1 << 30)
            try await expectMemoryGrowthBelow(64 * 1_000_000, "download-\(size >> 20)MiB") {
                let report = try await helperReport(["download", String(size)])
                #expect(report["length"] == String(size))
                #expect(report["pattern"] == "ok")
                return report
            }
        }
    }
}
