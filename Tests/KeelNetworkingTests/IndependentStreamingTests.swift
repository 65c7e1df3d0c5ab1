import Foundation
import KeelNetworking
import KeelSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

#if os(Linux) || os(macOS)
    extension SerialLoopbackTests {
        /// Streams, event streams, large bodies and content codings from Python's `http.server`,
        /// a server Keel did not write: close-delimited and chunked bodies split where a parser
        /// written against Keel's own test server might not expect.
        @Suite("Streaming against an independent HTTP server (python3 http.server)")
        struct IndependentStreamingTests {
            /// A fresh folder for a download's files.
            static func folder() throws -> URL {
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "keel-independent-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                return folder
            }

            func client(_ server: IndependentHTTPServer) -> APIClient {
                APIClient(
                    configuration: .init(
                        baseURL: server.baseURL, retryPolicy: nil, timeout: .seconds(60),
                        allowsInsecureHTTP: true),
                    transport: URLSessionTransport())
            }

            @Test(
                "Server-Sent Events: close-delimited, CRLF lines, retry, and a resumption with Last-Event-ID")
            func eventStreamResumes() async throws {
                let server = try await IndependentHTTPServer()
                defer { server.stop() }
                var received: [ServerSentEvent] = []
                for try await event in client(server).events(
                    for: Endpoint<Data>(.get, target: .path("sse"), decoding: .data))
                {
                    received.append(event)
                    if received.count == 3 { break }
                }
                #expect(received.map(\.data) == ["first", "line1\nline2", "resumed"])
                #expect(received.map(\.type) == ["message", "score", "message"])
                #expect(received.map(\.lastEventID) == ["1", "2", "3"])
                #expect(try await server.count("/sse") == 2)
            }

            @Test("Server-Sent Events: chunks split a field name, a UTF-8 character and a CR LF pair")
            func eventStreamAcrossChunks() async throws {
                let server = try await IndependentHTTPServer()
                defer { server.stop() }
                var received: [String] = []
                for try await event in client(server).events(
                    for: Endpoint<Data>(.get, target: .path("sse-chunked"), decoding: .data))
                {
                    received.append(event.data)
                    if received.count == 2 { break }
                }
                #expect(received == ["café", "🎉"])
            }

            @Test("A chunked 3 MiB body downloads whole to a file, with progress up to its length")
            func chunkedDownload() async throws {
                let server = try await IndependentHTTPServer()
                defer { server.stop() }
                let folder = try Self.folder()
                defer { try? FileManager.default.removeItem(at: folder) }
                let destination = folder.appendingPathComponent("big.bin")
                let last = Locked<Int64>(0)
                let count = try await client(server).download(
                    Endpoint<Data>(.get, target: .path("big"), decoding: .data), to: destination,
                    progress: { progress in last.withLock { $0 = max($0, progress.completedBytes) } })
                #expect(count == 3 << 20)
                let data = try Data(contentsOf: destination)
                #expect(
                    data
                        == Data(
                            (0..<48).flatMap { _ in (0..<256).flatMap { _ in (0...255).map { UInt8($0) } } }))
                #expect(last.withLock { $0 } == 3 << 20)
            }

            @Test("A download broken off part way resumes with Range and If-Range, and the file is whole")
            func downloadResumes() async throws {
                let server = try await IndependentHTTPServer()
                defer { server.stop() }
                let folder = try Self.folder()
                defer { try? FileManager.default.removeItem(at: folder) }
                let destination = folder.appendingPathComponent("file.bin")
                let endpoint = Endpoint<Data>(.get, target: .path("resumable"), decoding: .data)
                let client = client(server)
                let resume: DownloadResumeData
                do {
                    _ = try await client.download(endpoint, to: destination)
                    Issue.record("the first answer breaks off; the download should fail")
                    return
                } catch DownloadFailure.interrupted(let data, _) {
                    resume = data
                }
                let count = try await client.download(endpoint, to: destination, resume: resume)
                #expect(count == 1 << 20)
                #expect(
                    try Data(contentsOf: destination) == Data((0..<(1 << 20)).map { UInt8(($0 * 7) % 251) }))
                #expect(try await server.count("/resumable") == 2)
            }

            @Test("A gzip bomb stops at the body cap, counted in decoded bytes")
            func gzipBomb() async throws {
                let server = try await IndependentHTTPServer()
                defer { server.stop() }
                let client = APIClient(
                    configuration: .init(
                        baseURL: server.baseURL, retryPolicy: nil, timeout: .seconds(60),
                        maximumResponseBodyBytes: 1 << 20, allowsInsecureHTTP: true),
                    transport: URLSessionTransport())
                let error = try await #require(throws: APIError.self) {
                    try await client.send(Endpoint<Data>(.get, target: .path("gzip-bomb"), decoding: .data))
                }
                guard case .responseTooLarge(let limit) = error else {
                    Issue.record("expected .responseTooLarge, got \(error)")
                    return
                }
                #expect(limit == 1 << 20)
            }

            @Test("A gzip-coded JSON body decodes")
            func gzipBody() async throws {
                let server = try await IndependentHTTPServer()
                defer { server.stop() }
                let user = try await client(server).send(Endpoint<User>(.get, "gzip"))
                #expect(user == User(id: 7, name: "zipped"))
            }
        }
    }
#endif
