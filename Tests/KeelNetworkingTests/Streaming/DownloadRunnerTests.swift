import Foundation
import KeelNetworking
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
        var kept: DownloadResumeData?
        do {
            _ = try await DownloadRunner.download(to: destination, send: first.send)
        } catch DownloadRunner.Failure.interrupted(let resume, _) {
            kept = resume
        }
        let resume = try #require(kept)
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

    @Test("A body shorter than its length is resumable; a longer one fails and leaves no file")
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
    }
}
