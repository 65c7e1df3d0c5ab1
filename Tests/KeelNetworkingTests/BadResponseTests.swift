import Foundation
import KeelNetworking
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension SerialLoopbackTests {
    @Suite("Bad responses from a real server")
    struct BadResponseTests {
        @Test("Non-JSON and truncated bodies yield decoding errors with the body")
        func nonJSON() async throws {
            let fixture = try LoopbackFixture()
            fixture.server.route("GET", "/api/garbage") { _ in .json("not json at all") }
            fixture.server.route("GET", "/api/truncated") { _ in .json(#"{"id":1,"na"#) }
            for path in ["garbage", "truncated"] {
                let error = try await #require(throws: APIError.self) {
                    try await fixture.client.send(Endpoint<User>(.get, path))
                }
                guard case .decoding(_, let body) = error else {
                    Issue.record("\(path): expected .decoding, got \(error)")
                    continue
                }
                #expect(!body.isEmpty)
            }
        }

        @Test("A body with the wrong content type is rejected, naming the type")
        func wrongContentType() async throws {
            let fixture = try LoopbackFixture()
            fixture.server.route("GET", "/api/html") { _ in
                .init(
                    status: 200, headers: ["Content-Type": "text/html"], body: Data("<html>login</html>".utf8)
                )
            }
            let error = try await #require(throws: APIError.self) {
                try await fixture.client.send(Endpoint<User>(.get, "html"))
            }
            guard case .invalidResponse(let reason, let body) = error else {
                Issue.record("expected .invalidResponse, got \(error)")
                return
            }
            #expect(reason.contains("text/html"))
            #expect(body == Data("<html>login</html>".utf8))
        }

        @Test("A server closing the connection mid-response yields a transport error, not a hang")
        func closedMidResponse() async throws {
            let fixture = try LoopbackFixture()
            fixture.server.route("GET", "/api/cut") { _ in
                .init(
                    status: 200, headers: ["Content-Type": "application/json"],
                    body: Data(repeating: 32, count: 100_000), behavior: .closeMidBody)
            }
            let error = try await #require(throws: APIError.self) {
                try await fixture.client.send(Endpoint<User>(.get, "cut"))
            }
            guard case .transport(let urlError) = error else {
                Issue.record("expected .transport, got \(error)")
                return
            }
            // Linux reports curl's "partial file" as URLError code -1 (unknown); Apple as -1005.
            #expect(urlError.code != .cancelled)
        }

        @Test("A redirect loop yields a transport error")
        func redirectLoop() async throws {
            let fixture = try LoopbackFixture()
            fixture.server.route("GET", "/api/loop") { _ in
                .init(status: 302, headers: ["Location": "/api/loop"])
            }
            let error = try await #require(throws: APIError.self) {
                try await fixture.client.send(Endpoint<User>(.get, "loop"))
            }
            guard case .transport(let urlError) = error else {
                Issue.record("expected .transport, got \(error)")
                return
            }
            #expect(urlError.code == .httpTooManyRedirects, "\(urlError.code)")
        }

        @Test("A refused connection yields .transport(cannotConnectToHost)")
        func refused() async throws {
            let client = APIClient(
                baseURL: URL(string: "http://127.0.0.1:1")!, retryPolicy: nil, allowsInsecureHTTP: true)
            let error = try await #require(throws: APIError.self) {
                try await client.send(Endpoint<Void>(.get, "x"))
            }
            guard case .transport(let urlError) = error else {
                Issue.record("expected .transport, got \(error)")
                return
            }
            #expect(urlError.code == .cannotConnectToHost)
        }

        @Test("Uploads from files arrive with Content-Length framing, never chunked plus Content-Length")
        func fileUploadFraming() async throws {
            let fixture = try LoopbackFixture()
            fixture.server.route("PUT", "/api/file") { request in
                .json(#"{"id":\#(request.bodyLength),"name":"f"}"#)
            }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "keel-upload-\(UUID().uuidString)")
            try Data(repeating: 7, count: 200_000).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let reply = try await fixture.client.send(
                Endpoint<User>(.put, "file", body: .file(file, contentType: "application/octet-stream")))
            #expect(reply.id == 200_000)
            let request = try #require(fixture.server.requests.last)
            #expect(!(request.wasChunked && request.header("Content-Length") != nil))
            #expect(request.header("Content-Type") == "application/octet-stream")
        }
    }
}
